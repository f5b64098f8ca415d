package org.spgemm.partition.table;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.JobRecord;
import org.spgemm.iterators.TableLayout;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * Reads the gRRp model of C = A·B from table M: two sorted scans, one of family B and one of
 * family A, with memory linear in the number of rows plus nnz(A).
 *
 * <ol>
 *   <li>Family B: every stored B row key, in Accumulo's order, becomes B row j with
 *       nnz(b_j) = its entries.
 *   <li>Family A: every A row key, in order, becomes A row i; its column keys are mapped to B row
 *       indices. A column key naming no stored B row gets a "phantom" B row with nnz 0 (its edges
 *       cost nothing, see {@link BipartiteGraph}); phantom rows are merged into the B rows in key
 *       order. A column repeated within a row (possible with different visibilities) counts once.
 *   <li>nnz(c_i), the third weight, comes from the caller (the symbolic multiply), keyed by A row
 *       key; rows it does not name weigh 0.
 * </ol>
 *
 * <p>The metadata row {@value JobRecord#ROW} is skipped. Keys must be valid UTF-8, since the plan
 * holds them as Strings. Values are not read. Not thread-safe; each {@link #read} is a new scan.
 */
public final class TableGraphReader {

  public static final String DEFAULT_A_FAMILY = "A";
  public static final String DEFAULT_B_FAMILY = "B";
  /** Entries per scan RPC. */
  public static final int DEFAULT_BATCH_SIZE = 10_000;

  private static final byte[] META_ROW = TableLayout.META_ROW.getBytes(StandardCharsets.UTF_8);

  private final AccumuloClient client;
  private final String table;
  private String aFamily = DEFAULT_A_FAMILY;
  private String bFamily = DEFAULT_B_FAMILY;
  private Authorizations auths;
  private int batchSize = DEFAULT_BATCH_SIZE;

  /** A reader of table M's families A and B with the user's authorizations. */
  public TableGraphReader(AccumuloClient client, String table) {
    this.client = Objects.requireNonNull(client, "client");
    this.table = Objects.requireNonNull(table, "table");
  }

  /** The families holding A and B (default A and B). */
  public TableGraphReader families(String a, String b) {
    this.aFamily = Objects.requireNonNull(a, "A family");
    this.bFamily = Objects.requireNonNull(b, "B family");
    return this;
  }

  /** Authorizations of the scans (default: all of the user's). */
  public TableGraphReader authorizations(Authorizations auths) {
    this.auths = Objects.requireNonNull(auths, "authorizations");
    return this;
  }

  /** Entries per scan RPC (default {@value #DEFAULT_BATCH_SIZE}). */
  public TableGraphReader batchSize(int entries) {
    if (entries < 1) {
      throw new IllegalArgumentException("batch size must be positive, got " + entries);
    }
    this.batchSize = entries;
    return this;
  }

  /**
   * Scans M and builds the model.
   *
   * @param cRowNnz nnz(c_i) per A row key (from the symbolic multiply); null for all zero
   * @throws IllegalArgumentException if the table does not exist, a key is not UTF-8, or the
   *     model would exceed its size limits
   * @throws TablePartitionException if a scan fails (e.g. no READ permission)
   */
  public TableGraph read(Map<String,Long> cRowNnz) {
    return read(cRowNnz, false);
  }

  /**
   * Scans M and builds the model, counting nnz(c_i) here in the client instead of taking them
   * from the iterator's symbolic multiply: the B scan also keeps B's column structure (interned
   * column keys), and each A row's count is the size of the union of its B rows' columns. Memory
   * grows by nnz(B) plus the distinct columns of B; the time is that of the partial products.
   * {@link TableGraph#symbolicNanos()} reports the counting time.
   */
  public TableGraph readCountingC() {
    return read(null, true);
  }

  private TableGraph read(Map<String,Long> cRowNnz, boolean countC) {
    long t0 = System.nanoTime();
    Authorizations a = auths != null ? auths : KeyText.userAuths(client);

    // --- B: row keys (sorted) and nnz per row
    List<String> bKeys = new ArrayList<>();
    IntList bNnz = new IntList(1024);
    long bEntries = 0;
    IntList bCols = countC ? new IntList(4096) : null;
    Map<String,Integer> cColumns = countC ? new HashMap<>() : null;
    try (Scanner s = scanner(bFamily, a)) {
      byte[] prev = null;
      boolean skip = false;
      for (Map.Entry<Key,Value> e : s) {
        ByteSequence row = e.getKey().getRowData();
        if (!KeyText.sameBytes(row, prev)) {
          prev = row.toArray();
          skip = Arrays.equals(prev, META_ROW);
          if (!skip) {
            bKeys.add(KeyText.decode(row, "B row key"));
            bNnz.add(0);
          }
        }
        if (!skip) {
          bNnz.set(bNnz.size() - 1, bNnz.get(bNnz.size() - 1) + 1);
          bEntries++;
          if (countC) {
            String col = KeyText.decode(e.getKey().getColumnQualifierData(), "a column key of B");
            Integer c = cColumns.get(col);
            if (c == null) {
              c = cColumns.size();
              cColumns.put(col, c);
            }
            bCols.add(c);
          }
        }
      }
    } catch (RuntimeException e) {
      throw scanFailure(e, bFamily);
    }
    Map<String,Integer> bIndex = new HashMap<>(bKeys.size() * 4 / 3 + 16);
    for (int j = 0; j < bKeys.size(); j++) {
      bIndex.put(bKeys.get(j), j);
    }

    // --- A: row keys (sorted) and columns as B row indices; phantoms get ids -1, -2, ...
    List<String> aKeys = new ArrayList<>();
    IntList rowPtr = new IntList(1024);
    rowPtr.add(0);
    IntList cols = new IntList(4096);
    Map<String,Integer> phantomIndex = new HashMap<>();
    List<String> phantomKeys = new ArrayList<>();
    long aEntries = 0;
    int[] rowBuf = new int[64];
    int rowLen = 0;
    try (Scanner s = scanner(aFamily, a)) {
      byte[] prev = null;
      boolean skip = false;
      boolean open = false;
      for (Map.Entry<Key,Value> e : s) {
        Key k = e.getKey();
        ByteSequence row = k.getRowData();
        if (!KeyText.sameBytes(row, prev)) {
          if (open) {
            appendRow(rowBuf, rowLen, cols, rowPtr);
            rowLen = 0;
          }
          prev = row.toArray();
          skip = Arrays.equals(prev, META_ROW);
          open = !skip;
          if (!skip) {
            aKeys.add(KeyText.decode(row, "A row key"));
          }
        }
        if (skip) {
          continue;
        }
        aEntries++;
        String col = KeyText.decode(k.getColumnQualifierData(), "a column key of A");
        Integer j = bIndex.get(col);
        if (j == null) {
          j = phantomIndex.get(col);
          if (j == null) {
            phantomKeys.add(col);
            j = -phantomKeys.size();
            phantomIndex.put(col, j);
          }
        }
        if (rowLen == rowBuf.length) {
          rowBuf = Arrays.copyOf(rowBuf, rowBuf.length * 2);
        }
        rowBuf[rowLen++] = j;
      }
      if (open) {
        appendRow(rowBuf, rowLen, cols, rowPtr);
      }
    } catch (RuntimeException e) {
      throw scanFailure(e, aFamily);
    }
    phantomIndex = null;

    // --- merge phantom B rows into the B rows in key order, renumbering A's columns
    String[] bRowKeys;
    int[] bRowNnz;
    int[] colIdx = cols.toArray();
    int[] finalToStored = null; // B id in the model -> index among stored B rows, -1: phantom
    if (phantomKeys.isEmpty()) {
      bRowKeys = bKeys.toArray(new String[0]);
      bRowNnz = bNnz.toArray();
    } else {
      int nStored = bKeys.size();
      int nPhantom = phantomKeys.size();
      Integer[] order = new Integer[nPhantom];
      for (int p = 0; p < nPhantom; p++) {
        order[p] = p;
      }
      byte[][] pBytes = new byte[nPhantom][];
      for (int p = 0; p < nPhantom; p++) {
        pBytes[p] = phantomKeys.get(p).getBytes(StandardCharsets.UTF_8);
      }
      Arrays.sort(order, (x, y) -> Arrays.compareUnsigned(pBytes[x], pBytes[y]));
      bRowKeys = new String[nStored + nPhantom];
      bRowNnz = new int[nStored + nPhantom];
      int[] storedTo = new int[nStored];
      int[] phantomTo = new int[nPhantom];
      int s = 0;
      int p = 0;
      byte[] sBytes = nStored > 0 ? bKeys.get(0).getBytes(StandardCharsets.UTF_8) : null;
      for (int out = 0; out < bRowKeys.length; out++) {
        boolean takeStored = p == nPhantom
            || (s < nStored && Arrays.compareUnsigned(sBytes, pBytes[order[p]]) < 0);
        if (takeStored) {
          bRowKeys[out] = bKeys.get(s);
          bRowNnz[out] = bNnz.get(s);
          storedTo[s++] = out;
          sBytes = s < nStored ? bKeys.get(s).getBytes(StandardCharsets.UTF_8) : null;
        } else {
          bRowKeys[out] = phantomKeys.get(order[p]);
          phantomTo[order[p++]] = out;
        }
      }
      for (int q = 0; q < colIdx.length; q++) {
        int c = colIdx[q];
        colIdx[q] = c >= 0 ? storedTo[c] : phantomTo[-c - 1];
      }
      if (countC) {
        finalToStored = new int[bRowKeys.length];
        Arrays.fill(finalToStored, -1);
        for (int q = 0; q < nStored; q++) {
          finalToStored[storedTo[q]] = q;
        }
      }
    }
    bKeys = null;
    bIndex = null;

    // --- nnz(c_i) from the symbolic multiply, or counted here
    String[] aRowKeys = aKeys.toArray(new String[0]);
    aKeys = null;
    long[] cNnz = new long[aRowKeys.length];
    long symbolicNanos = 0;
    if (countC) {
      long ts = System.nanoTime();
      int[] bStart = new int[bNnz.size() + 1];
      for (int q = 0; q < bNnz.size(); q++) {
        bStart[q + 1] = bStart[q] + bNnz.get(q);
      }
      int[] bc = bCols.toArray();
      bCols = null;
      int[] mark = new int[cColumns.size()];
      cColumns = null;
      int[] rp = rowPtr.toArray();
      for (int i = 0; i < aRowKeys.length; i++) {
        int stamp = i + 1;
        long n = 0;
        for (int q = rp[i]; q < rp[i + 1]; q++) {
          int j = finalToStored == null ? colIdx[q] : finalToStored[colIdx[q]];
          if (j < 0) {
            continue;
          }
          for (int r = bStart[j]; r < bStart[j + 1]; r++) {
            if (mark[bc[r]] != stamp) {
              mark[bc[r]] = stamp;
              n++;
            }
          }
        }
        cNnz[i] = n;
      }
      symbolicNanos = System.nanoTime() - ts;
    }
    int matched = 0;
    if (cRowNnz != null) {
      for (int i = 0; i < aRowKeys.length; i++) {
        Long c = cRowNnz.get(aRowKeys[i]);
        if (c != null) {
          if (c < 0) {
            throw new IllegalArgumentException("nnz of C row " + aRowKeys[i] + " is negative: "
                + c);
          }
          cNnz[i] = c;
          matched++;
        }
      }
    }
    int unmatched = cRowNnz == null ? 0 : cRowNnz.size() - matched;
    BipartiteGraph g = BipartiteGraph.fromCsr(aRowKeys.length, rowPtr.toArray(), colIdx,
        bRowKeys.length, bRowNnz, cNnz);
    return new TableGraph(g, aRowKeys, bRowKeys, phantomKeys.size(), aEntries, bEntries,
        unmatched, System.nanoTime() - t0, symbolicNanos);
  }

  /** Sorts a row's columns, drops repeats, appends them to CSR. */
  private static void appendRow(int[] buf, int len, IntList cols, IntList rowPtr) {
    Arrays.sort(buf, 0, len);
    for (int q = 0; q < len; q++) {
      if (q == 0 || buf[q] != buf[q - 1]) {
        if (cols.size() >= BipartiteGraph.MAX_NNZ) {
          throw new IllegalArgumentException("nnz(A) exceeds the model's limit of "
              + BipartiteGraph.MAX_NNZ);
        }
        cols.add(buf[q]);
      }
    }
    rowPtr.add(cols.size());
  }

  private Scanner scanner(String family, Authorizations a) {
    try {
      Scanner s = client.createScanner(table, a);
      s.fetchColumnFamily(new Text(family));
      s.setBatchSize(batchSize);
      return s;
    } catch (TableNotFoundException e) {
      throw new IllegalArgumentException("table " + table + " does not exist", e);
    }
  }

  private RuntimeException scanFailure(RuntimeException e, String family) {
    if (e instanceof IllegalArgumentException || e instanceof TablePartitionException) {
      return e;
    }
    return new TablePartitionException("cannot scan family " + family + " of table " + table
        + " (READ permission needed): " + e.getMessage(), e);
  }

  /** A growable int array. */
  static final class IntList {
    private int[] a;
    private int n;

    IntList(int capacity) {
      a = new int[Math.max(4, capacity)];
    }

    void add(int v) {
      if (n == a.length) {
        a = Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 16L, a.length * 2L));
      }
      a[n++] = v;
    }

    int get(int i) {
      return a[i];
    }

    void set(int i, int v) {
      a[i] = v;
    }

    int size() {
      return n;
    }

    int[] toArray() {
      return Arrays.copyOf(a, n);
    }
  }
}
