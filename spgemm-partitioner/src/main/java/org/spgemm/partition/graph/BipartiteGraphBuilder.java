package org.spgemm.partition.graph;

import java.util.Arrays;

/**
 * Fills a {@link BipartiteGraph} one row at a time, as a scan of the matrix table delivers it.
 *
 * <p>The row counts are fixed up front (a table-backed caller knows them after mapping row keys
 * to indices). A rows may arrive in any order, each at most once; rows never added are empty.
 * nnz(b_j) and nnz(c_i) default to 0 and may be set in any order, also repeatedly (last value
 * wins). Column indices are copied into one growing array, so memory stays linear in
 * nA + nB + nnz(A); {@link #build()} compacts it into CSR. A builder is single-use and not
 * thread-safe.
 */
public final class BipartiteGraphBuilder {

  private final int nA;
  private final int nB;
  /** Start of row i in {@link #cols}, or -1 if row i has not been added. */
  private final int[] rowStart;
  private final int[] rowLen;
  private final int[] bRowNnz;
  private final long[] cRowNnz;
  private int[] cols = new int[64];
  private int nnz;
  /** Whether rows have arrived in ascending order so far, making {@link #cols} already CSR. */
  private boolean inOrder = true;
  private int lastAdded = -1;
  private boolean built;

  /**
   * @param nA number of rows of A (and C)
   * @param nB number of rows of B; A's column indices must lie in 0..nB-1
   */
  public BipartiteGraphBuilder(int nA, int nB) {
    BipartiteGraph.checkSizes(nA, nB);
    this.nA = nA;
    this.nB = nB;
    this.rowStart = new int[nA];
    Arrays.fill(rowStart, -1);
    this.rowLen = new int[nA];
    this.bRowNnz = new int[nB];
    this.cRowNnz = new long[nA];
  }

  /**
   * Adds row i of A: its nonzero columns are {@code cols[0..n)}, in any order, without repeats.
   * The array is copied, so the caller may reuse it.
   *
   * @throws IllegalArgumentException if i or a column is out of range, a column repeats, or the
   *     row was already added
   */
  public BipartiteGraphBuilder addARow(int i, int[] cols, int n) {
    checkOpen();
    if (i < 0 || i >= nA) {
      throw new IllegalArgumentException("A row " + i + " outside 0.." + (nA - 1));
    }
    if (cols == null || n < 0 || n > cols.length) {
      throw new IllegalArgumentException("A row " + i + ": n = " + n
          + " does not fit cols of length " + (cols == null ? "null" : String.valueOf(cols.length)));
    }
    if (rowStart[i] >= 0) {
      throw new IllegalArgumentException("A row " + i + " was already added");
    }
    BipartiteGraph.checkNnz((long) nnz + n);
    ensureCapacity(nnz + n);
    System.arraycopy(cols, 0, this.cols, nnz, n);
    BipartiteGraph.sortAndCheckRow(i, this.cols, nnz, nnz + n, nB);
    rowStart[i] = nnz;
    rowLen[i] = n;
    nnz += n;
    inOrder &= i > lastAdded;
    lastAdded = i;
    return this;
  }

  /** Sets nnz(b_j), the weight w2 of v_j and the cost of every edge to v_j. */
  public BipartiteGraphBuilder setBRowNnz(int j, int nnz) {
    checkOpen();
    if (j < 0 || j >= nB) {
      throw new IllegalArgumentException("B row " + j + " outside 0.." + (nB - 1));
    }
    if (nnz < 0) {
      throw new IllegalArgumentException("nnz of B row " + j + " is negative: " + nnz);
    }
    bRowNnz[j] = nnz;
    return this;
  }

  /** Sets nnz(c_i), the weight w3 of u_i (from the symbolic multiply). */
  public BipartiteGraphBuilder setCRowNnz(int i, long nnz) {
    checkOpen();
    if (i < 0 || i >= nA) {
      throw new IllegalArgumentException("C row " + i + " outside 0.." + (nA - 1));
    }
    if (nnz < 0) {
      throw new IllegalArgumentException("nnz of C row " + i + " is negative: " + nnz);
    }
    cRowNnz[i] = nnz;
    return this;
  }

  /** Nonzeros of A added so far. */
  public long nnzA() {
    return nnz;
  }

  /** The finished model. The builder cannot be used afterwards. */
  public BipartiteGraph build() {
    checkOpen();
    built = true;
    int[] rowPtr = new int[nA + 1];
    for (int i = 0; i < nA; i++) {
      rowPtr[i + 1] = rowPtr[i] + rowLen[i];
    }
    int[] colIdx;
    if (inOrder) {
      colIdx = cols.length == nnz ? cols : Arrays.copyOf(cols, nnz);
    } else {
      colIdx = new int[nnz];
      for (int i = 0; i < nA; i++) {
        if (rowLen[i] > 0) {
          System.arraycopy(cols, rowStart[i], colIdx, rowPtr[i], rowLen[i]);
        }
      }
    }
    cols = null;
    return new BipartiteGraph(nA, nB, rowPtr, colIdx, bRowNnz, cRowNnz);
  }

  private void ensureCapacity(int needed) {
    if (needed > cols.length) {
      long grown = Math.max(needed, cols.length + (cols.length >> 1));
      cols = Arrays.copyOf(cols, (int) Math.min(grown, Integer.MAX_VALUE - 16));
    }
  }

  private void checkOpen() {
    if (built) {
      throw new IllegalStateException("build() was already called on this builder");
    }
  }
}
