package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.MultiplySpec;

/**
 * Builds B(Φ) as CSR (Algorithm 2, first step): rows found in the {@link BRowCache} are taken
 * from it, the others read in one go from the {@link BSource} (ranges merged), decoded, and
 * cached, together with the rows a merged range reads through.
 */
public final class BPanelFetcher {

  /** Thrown when B(Φ) passes the byte budget; the worker then splits the batch. */
  static final class PanelTooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PanelTooLargeException(long bytes) {
      super("B panel passed " + bytes + " bytes", null, false, false);
    }
  }

  private final BSource source;
  private final MultiplySpec opts;
  private final ValueCodec codec;
  private final boolean integer;
  private final long budget;
  private final BRowCache cache;

  /**
   * @param source where B's rows are read
   * @param budget bytes B(Φ) may hold
   * @param cache rows kept across batches, or null
   */
  public BPanelFetcher(BSource source, MultiplySpec opts, long budget, BRowCache cache) {
    this.source = source;
    this.opts = opts;
    this.codec = opts.codecB();
    this.integer = opts.domain() == org.spgemm.codec.Domain.INT64;
    this.budget = budget;
    this.cache = cache;
  }

  /**
   * @param home a row of the tablet this batch comes from: B entries in tablets hosted elsewhere
   *        than that tablet are counted as remote
   */
  BPanel fetch(List<byte[]> phi, byte[] home) throws Exception {
    if (cache != null) {
      cache.touch();
    }
    BRow[] rows = new BRow[phi.size()];
    long bytes = 0;
    List<byte[]> missing = new ArrayList<>();
    for (int i = 0; i < rows.length; i++) {
      rows[i] = cache == null ? null : cache.get(new ArrayByteSequence(phi.get(i)));
      if (rows[i] == null) {
        missing.add(phi.get(i));
      } else {
        bytes += rows[i].bytes;
      }
    }
    long[] counts = new long[5]; // entries fetched, remote, local; bytes fetched, remote
    if (!missing.isEmpty()) {
      Map<ArrayByteSequence,BRow> fetched = fetchRows(missing, home, bytes, counts);
      for (int i = 0; i < rows.length; i++) {
        if (rows[i] == null) {
          ArrayByteSequence k = new ArrayByteSequence(phi.get(i));
          rows[i] = fetched.getOrDefault(k, BRow.EMPTY);
          if (cache != null) {
            cache.put(k, rows[i]); // absent rows too: no second scan for nothing
          }
        }
      }
    }
    BPanel panel = toCsr(rows);
    panel.entries = counts[0];
    panel.remoteEntries = counts[1];
    panel.localEntries = counts[2];
    panel.bytes = counts[3];
    panel.remoteBytes = counts[4];
    return panel;
  }

  /** One read of the missing rows; every whole row it returns is decoded (and cached). */
  private Map<ArrayByteSequence,BRow> fetchRows(List<byte[]> missing, byte[] home,
      long cachedBytes, long[] counts) throws Exception {
    List<Range> ranges = BRanges.of(missing, new Text(opts.bFamily()));
    Map<ArrayByteSequence,BRow> out = new HashMap<>(missing.size() * 2);
    RowBuilder row = new RowBuilder();
    long bytes = cachedBytes;
    try (BSource.Read read = source.read(ranges, home)) {
      boolean remote = false;
      boolean local = false;
      for (Map.Entry<Key,Value> e : read) {
        Key k = e.getKey();
        ByteSequence r = k.getRowData();
        if (row.key == null || !row.key.equals(r)) {
          row.finish(out);
          row.start(new ArrayByteSequence(r.toArray()));
          remote = read.isRemote(r);
          local = read.isLocal(r);
        }
        byte[] vb = e.getValue().get();
        byte[] col = k.getColumnQualifierData().toArray();
        if (opts.takesColumn(col)) {
          row.add(col, vb, k.getSize() + vb.length);
        }
        long size = k.getSize() + vb.length;
        counts[0]++;
        counts[1] += remote ? 1 : 0;
        counts[2] += local ? 1 : 0;
        counts[3] += size;
        counts[4] += remote ? size : 0;
        bytes += size;
        if (bytes > budget) {
          throw new PanelTooLargeException(bytes);
        }
      }
    }
    row.finish(out);
    return out;
  }

  /** Collects one row's entries in arrival order (a batch scan returns each row's run sorted). */
  private final class RowBuilder {
    ArrayByteSequence key;
    private final List<byte[]> cols = new ArrayList<>();
    private long[] ints = new long[16];
    private double[] fps = new double[16];
    private long bytes;

    void start(ArrayByteSequence k) {
      key = k;
      cols.clear();
      bytes = 0;
    }

    void add(byte[] col, byte[] value, long size) {
      int n = cols.size();
      if (n == ints.length) {
        ints = Arrays.copyOf(ints, n * 2);
        fps = Arrays.copyOf(fps, n * 2);
      }
      try {
        if (integer) {
          ints[n] = codec.decodeLong(value, 0, value.length);
        } else {
          fps[n] = codec.decodeDouble(value, 0, value.length);
        }
      } catch (IllegalArgumentException ex) {
        throw new BadInputException("bad value of B(" + ARowReader.text(key.toArray()) + ", "
            + ARowReader.text(col) + ") in family " + opts.bFamily()
            + (opts.bTable() == null ? "" : " of table " + opts.bTable()) + ": "
            + ex.getMessage() + " (codec " + codec.name() + ")", null);
      }
      cols.add(col);
      bytes += size;
    }

    /**
     * Ends the run of the current row. A batch scanner may return one row in several runs (a
     * tablet's results come in RPC batches, interleaved with other tablets'): runs are joined.
     */
    void finish(Map<ArrayByteSequence,BRow> out) {
      if (key == null) {
        return;
      }
      int n = cols.size();
      BRow earlier = out.get(key);
      if (earlier != null) {
        for (int q = earlier.n - 1; q >= 0; q--) {
          cols.add(0, earlier.cols[q]);
        }
        long[] ei = integer ? new long[earlier.n + n] : null;
        double[] ef = integer ? null : new double[earlier.n + n];
        if (integer) {
          System.arraycopy(earlier.ints, 0, ei, 0, earlier.n);
          System.arraycopy(ints, 0, ei, earlier.n, n);
        } else {
          System.arraycopy(earlier.fps, 0, ef, 0, earlier.n);
          System.arraycopy(fps, 0, ef, earlier.n, n);
        }
        out.put(key, new BRow(cols.toArray(new byte[0][]), ei, ef, earlier.n + n,
            earlier.bytes + bytes));
      } else {
        out.put(key, new BRow(cols.toArray(new byte[0][]), integer ? Arrays.copyOf(ints, n)
            : null, integer ? null : Arrays.copyOf(fps, n), n, bytes));
      }
      key = null;
    }
  }

  /** Lays the rows out as CSR; column ids are renumbered so that ascending ids are key order. */
  private BPanel toCsr(BRow[] rows) {
    int n = 0;
    for (BRow r : rows) {
      n += r.n;
    }
    BPanel panel = new BPanel(integer);
    var b = panel.b;
    b.ensureRows(rows.length);
    b.ensureEntries(n);
    Map<ArrayByteSequence,Integer> colIds = new HashMap<>();
    List<byte[]> colKeys = new ArrayList<>();
    int p = 0;
    b.rowPtr[0] = 0;
    for (int i = 0; i < rows.length; i++) {
      BRow r = rows[i];
      for (int q = 0; q < r.n; q++) {
        Integer id = colIds.putIfAbsent(new ArrayByteSequence(r.cols[q]), colKeys.size());
        if (id == null) {
          id = colKeys.size();
          colKeys.add(r.cols[q]);
        }
        b.colIdx[p] = id;
        if (integer) {
          b.intVals[p] = r.ints[q];
        } else {
          b.fpVals[p] = r.fps[q];
        }
        p++;
      }
      b.rowPtr[i + 1] = p;
    }
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
    for (int q = 0; q < n; q++) {
      b.colIdx[q] = rank[b.colIdx[q]];
    }
    b.rows = rows.length;
    b.nnz = n;
    panel.columnKeys = sortedKeys;
    return panel;
  }
}
