package org.spgemm.iterators;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.codec.ValueCodec;

/**
 * Fetches B(Φ) with one nested batch scan (ranges merged) on the dedicated nested scan executor,
 * and lays it out as CSR (Algorithm 2, first step).
 */
final class BPanelFetcher {

  /** Execution hint that the table's scan dispatcher maps to the nested executor. */
  static final Map<String,String> NESTED_HINT = Map.of("scan_type", "nested");

  /** Thrown when B(Φ) passes the byte budget; the worker then splits the batch. */
  static final class PanelTooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PanelTooLargeException(long bytes) {
      super("B panel passed " + bytes + " bytes", null, false, false);
    }
  }

  private final AccumuloClient client;
  private final MultiplyIteratorOptions.Parsed opts;
  private final String table;
  private final String bTable;
  private final ValueCodec codec;
  private final boolean integer;
  // scratch reused by this thread: entries in arrival order before the CSR sort
  private int[] eRow = new int[1024];
  private int[] eCol = new int[1024];
  private double[] eFp = new double[0];
  private long[] eInt = new long[0];

  BPanelFetcher(AccumuloClient client, MultiplyIteratorOptions.Parsed opts, String table,
      String bTable) {
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.bTable = bTable;
    this.codec = opts.codecB();
    this.integer = opts.domain() == org.spgemm.codec.Domain.INT64;
  }

  /**
   * @param home a row of the tablet this batch comes from: B entries in tablets hosted elsewhere
   *        than that tablet are counted as remote
   */
  BPanel fetch(List<byte[]> phi, byte[] home) throws TableNotFoundException {
    Map<ArrayByteSequence,Integer> rowIds = new HashMap<>(phi.size() * 2);
    Text family = new Text(opts.bFamily());
    for (int i = 0; i < phi.size(); i++) {
      rowIds.put(new ArrayByteSequence(phi.get(i)), i);
    }
    Map<ArrayByteSequence,Integer> colIds = new HashMap<>();
    List<byte[]> colKeys = new ArrayList<>();
    int n = 0;
    long bytes = 0;
    long remote = 0;
    List<Range> ranges = BRanges.of(phi, family);
    TabletHomes homes = TabletHomes.locate(client, table, home, bTable, ranges);
    try (BatchScanner scanner =
        client.createBatchScanner(bTable, Authorizations.EMPTY, opts.scanThreads())) {
      scanner.setExecutionHints(NESTED_HINT);
      scanner.fetchColumnFamily(family);
      scanner.setRanges(ranges);
      ByteSequence lastRow = null;
      int lastRowId = -1;
      boolean lastRowRemote = false;
      for (Map.Entry<Key,Value> e : scanner) {
        Key k = e.getKey();
        ByteSequence row = k.getRowData();
        if (!row.equals(lastRow)) {
          lastRow = row;
          Integer id = rowIds.get(new ArrayByteSequence(row.toArray()));
          lastRowId = id == null ? -1 : id;
          lastRowRemote = homes.isRemote(row);
        }
        if (lastRowId < 0) {
          continue; // a row outside Φ read through by a merged range
        }
        ArrayByteSequence col = new ArrayByteSequence(k.getColumnQualifierData().toArray());
        Integer colId = colIds.get(col);
        if (colId == null) {
          colId = colKeys.size();
          colIds.put(col, colId);
          colKeys.add(col.getBackingArray());
        }
        grow(n + 1);
        eRow[n] = lastRowId;
        eCol[n] = colId;
        byte[] vb = e.getValue().get();
        try {
          if (integer) {
            eInt[n] = codec.decodeLong(vb, 0, vb.length);
          } else {
            eFp[n] = codec.decodeDouble(vb, 0, vb.length);
          }
        } catch (IllegalArgumentException ex) {
          throw new BadInputException("bad value of B(" + ARowReader.text(row.toArray()) + ", "
              + ARowReader.text(col.getBackingArray()) + ") in family " + opts.bFamily() + ": "
              + ex.getMessage() + " (codec " + codec.name() + ")", null);
        }
        n++;
        remote += lastRowRemote ? 1 : 0;
        bytes += k.getSize() + vb.length;
        if (bytes > opts.maxBatchBytes()) {
          throw new PanelTooLargeException(bytes);
        }
      }
    }
    BPanel panel = toCsr(phi.size(), n, colKeys);
    panel.remoteEntries = remote;
    return panel;
  }

  /** Counting sort of the fetched entries by row; column ids renumbered in key order. */
  private BPanel toCsr(int rows, int n, List<byte[]> colKeys) {
    int ncols = colKeys.size();
    Integer[] order = new Integer[ncols];
    for (int i = 0; i < ncols; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Arrays.compareUnsigned(colKeys.get(x), colKeys.get(y)));
    int[] rank = new int[ncols];
    byte[][] sortedKeys = new byte[ncols][];
    for (int r = 0; r < ncols; r++) {
      rank[order[r]] = r;
      sortedKeys[r] = colKeys.get(order[r]);
    }
    BPanel panel = new BPanel(integer);
    panel.columnKeys = sortedKeys;
    panel.entries = n;
    var b = panel.b;
    b.ensureRows(rows);
    b.ensureEntries(n);
    int[] ptr = b.rowPtr;
    Arrays.fill(ptr, 0, rows + 1, 0);
    for (int e = 0; e < n; e++) {
      ptr[eRow[e] + 1]++;
    }
    for (int r = 0; r < rows; r++) {
      ptr[r + 1] += ptr[r];
    }
    int[] next = Arrays.copyOf(ptr, rows);
    for (int e = 0; e < n; e++) {
      int dst = next[eRow[e]]++;
      b.colIdx[dst] = rank[eCol[e]];
      if (integer) {
        b.intVals[dst] = eInt[e];
      } else {
        b.fpVals[dst] = eFp[e];
      }
    }
    b.rows = rows;
    b.nnz = n;
    return panel;
  }

  private void grow(int n) {
    if (n > eRow.length) {
      int cap = Math.max(n, eRow.length * 2);
      eRow = Arrays.copyOf(eRow, cap);
      eCol = Arrays.copyOf(eCol, cap);
    }
    if (integer && eInt.length < eRow.length) {
      eInt = Arrays.copyOf(eInt, eRow.length);
    } else if (!integer && eFp.length < eRow.length) {
      eFp = Arrays.copyOf(eFp, eRow.length);
    }
  }
}
