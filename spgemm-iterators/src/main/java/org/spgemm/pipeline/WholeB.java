package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * All of B's rows, read at once (wholeB), as CSR in a few primitive arrays, with their column
 * keys numbered once, in key order, for every panel made from them: a panel copies its rows'
 * slices instead of interning and sorting its own column keys (which, for a batch holding a hub's
 * B row, sorted the hub's columns again in every such batch). The read keeps one array per
 * distinct row key and column key and nothing per entry, so that a tablet server's collector
 * does not copy hundreds of thousands of small row objects while B is read. Immutable, shared by
 * the workers of every tablet of a job on one server.
 */
public final class WholeB {

  /** Numbers B's row keys: row {@code i}'s entries are {@code rowPtr[i]} to {@code rowPtr[i+1]}. */
  private final Interning rowIds;
  final int[] rowPtr;
  /** Per entry, its column's id: an index into {@link #columnKeys}. */
  final int[] colIdx;
  final long[] ints;
  final double[] fps;
  /** Every column key of B, sorted: ascending ids are key order. */
  final byte[][] columnKeys;
  /** What the read cost ({@link BPanelFetcher#count}'s order), until a panel takes it. */
  private final AtomicReference<long[]> readCounts;

  private WholeB(Interning rowIds, int[] rowPtr, int[] colIdx, long[] ints, double[] fps,
      byte[][] columnKeys, long[] readCounts) {
    this.rowIds = rowIds;
    this.rowPtr = rowPtr;
    this.colIdx = colIdx;
    this.ints = ints;
    this.fps = fps;
    this.columnKeys = columnKeys;
    this.readCounts = new AtomicReference<>(readCounts);
  }

  /**
   * Adds what the read cost to {@code counts}, the first time only: the read is counted once, by
   * the first panel made from it (the batch that read B may have passed the budget and been cut,
   * and the pieces take B from here).
   */
  void takeReadCounts(long[] counts) {
    long[] mine = readCounts.getAndSet(null);
    if (mine != null) {
      BPanelFetcher.add(counts, mine);
    }
  }

  /** The index of B's row {@code key}, or -1 when B has none. */
  int index(byte[] key) {
    return rowIds.find(key);
  }

  /** Entries of row {@code index}. */
  int length(int index) {
    return rowPtr[index + 1] - rowPtr[index];
  }

  /**
   * Bytes a panel of {@code rows} rows holding {@code entries} entries copies out of this: per
   * entry its column id and value, per row its start. Column keys and the dense workspaces are
   * shared, so the panel's budget counts these and not the bytes the rows held as Accumulo
   * entries, which with 128-byte values are 12 times as many.
   */
  static long panelBytes(long rows, long entries) {
    return rows * Integer.BYTES + entries * (Integer.BYTES + Long.BYTES);
  }

  /** {@link #panelBytes} of a panel of every row of B. */
  long totalPanelBytes() {
    return panelBytes(rowPtr.length - 1, colIdx.length);
  }

  /**
   * Builds a {@link WholeB} from B's entries as a read returns them: a row's entries in key order,
   * a row possibly in several runs (a batch scanner interleaves tablets' results).
   */
  static final class Builder {
    private final boolean integer;
    private final List<byte[]> rowKeys = new ArrayList<>();
    private final Interning rows = new Interning(rowKeys);
    private final List<byte[]> colKeys = new ArrayList<>();
    private final Interning cols = new Interning(colKeys);
    private int[] rowOf = new int[1024];
    private int[] colOf = new int[1024];
    private long[] ints;
    private double[] fps;
    private int n;
    private int row = -1;
    /**
     * While every column key is 1 to 9 ASCII digits of one width (a matrix's fixed-width index
     * keys): that width, and {@code colOf} holds each entry's key as a number instead of an id,
     * ranked once in {@link #build} without a hash table; -1 before the first key; 0 once a key
     * broke the rule ({@code colOf} then holds ids). Looking 480,000 column keys up in a table
     * of 120,000 (a hub's B) missed the cache on most lookups: a fifth of a server's time on the
     * hub input went there.
     */
    private int width = -1;
    private int maxNumber = -1;

    Builder(boolean integer) {
      this.integer = integer;
      ints = integer ? new long[1024] : null;
      fps = integer ? null : new double[1024];
    }

    /** The entries added next are row {@code key}'s (the array is kept if the row is new). */
    void row(byte[] key) {
      row = rows.id(key);
    }

    /** An entry of the current row: column {@code col} (kept if new) and its value. */
    void add(byte[] col, long iv, double fv) {
      if (n == rowOf.length) {
        rowOf = Arrays.copyOf(rowOf, n * 2);
        colOf = Arrays.copyOf(colOf, n * 2);
        if (integer) {
          ints = Arrays.copyOf(ints, n * 2);
        } else {
          fps = Arrays.copyOf(fps, n * 2);
        }
      }
      rowOf[n] = row;
      colOf[n] = column(col);
      if (integer) {
        ints[n] = iv;
      } else {
        fps[n] = fv;
      }
      n++;
    }

    /** The number of key {@code col} while every key has been one; its id from then on. */
    private int column(byte[] col) {
      if (width != 0) {
        int v = width < 0 || col.length == width ? number(col) : -1;
        if (v >= 0) {
          width = col.length;
          maxNumber = Math.max(maxNumber, v);
          return v;
        }
        for (int e = 0; e < n; e++) {
          colOf[e] = cols.id(digits(colOf[e], width));
        }
        width = 0;
      }
      return cols.id(col);
    }

    /** The number {@code key}'s digits spell, or -1 when it is not 1 to 9 ASCII digits. */
    static int number(byte[] key) {
      return key.length > 9 ? -1 : (int) BRanges.number(key);
    }

    /** {@code v} as {@code width} ASCII digits, zero-padded. */
    static byte[] digits(int v, int width) {
      byte[] out = new byte[width];
      for (int i = width - 1; i >= 0; i--, v /= 10) {
        out[i] = (byte) ('0' + v % 10);
      }
      return out;
    }

    /**
     * With numbered keys: each entry's number in {@code colOf} replaced by its rank among the
     * distinct numbers (their key order, one width), and their keys returned in that order. The
     * ranks come from an array indexed by number when the numbers are not much sparser than the
     * entries, else from the sorted distinct numbers.
     */
    private byte[][] rankNumbers() {
      int[] distinct;
      if (maxNumber <= 4L * n + 1024) {
        int[] rank = new int[maxNumber + 1];
        for (int e = 0; e < n; e++) {
          rank[colOf[e]] = 1;
        }
        int k = 0;
        for (int mark : rank) {
          k += mark;
        }
        distinct = new int[k];
        k = 0;
        for (int v = 0; v <= maxNumber; v++) {
          if (rank[v] != 0) {
            distinct[k] = v;
            rank[v] = k++;
          }
        }
        for (int e = 0; e < n; e++) {
          colOf[e] = rank[colOf[e]];
        }
      } else {
        int[] sorted = Arrays.copyOf(colOf, n);
        Arrays.sort(sorted);
        int k = 0;
        for (int i = 0; i < n; i++) {
          if (i == 0 || sorted[i] != sorted[i - 1]) {
            sorted[k++] = sorted[i];
          }
        }
        distinct = Arrays.copyOf(sorted, k);
        for (int e = 0; e < n; e++) {
          colOf[e] = Arrays.binarySearch(distinct, colOf[e]);
        }
      }
      byte[][] keys = new byte[distinct.length][];
      for (int r = 0; r < keys.length; r++) {
        keys[r] = digits(distinct[r], width);
      }
      return keys;
    }

    /**
     * The rows as CSR (each row's entries in the order they came, runs joined), column ids
     * renumbered so that ascending ids are key order.
     *
     * @param readCounts what reading them cost, added once to the first panel made from them
     */
    WholeB build(long[] readCounts) {
      int numRows = rowKeys.size();
      int[] rowPtr = new int[numRows + 1];
      for (int e = 0; e < n; e++) {
        rowPtr[rowOf[e] + 1]++;
      }
      for (int r = 0; r < numRows; r++) {
        rowPtr[r + 1] += rowPtr[r];
      }
      int[] rank = null;
      byte[][] sorted;
      if (width > 0) {
        sorted = rankNumbers();
      } else {
        rank = new int[colKeys.size()];
        sorted = Interning.sorted(colKeys, rank);
      }
      int[] next = Arrays.copyOf(rowPtr, numRows);
      int[] colIdx = new int[n];
      long[] iv = integer ? new long[n] : null;
      double[] fv = integer ? null : new double[n];
      for (int e = 0; e < n; e++) {
        int p = next[rowOf[e]]++;
        colIdx[p] = rank == null ? colOf[e] : rank[colOf[e]];
        if (integer) {
          iv[p] = ints[e];
        } else {
          fv[p] = fps[e];
        }
      }
      return new WholeB(rows, rowPtr, colIdx, iv, fv, sorted, readCounts);
    }
  }
}
