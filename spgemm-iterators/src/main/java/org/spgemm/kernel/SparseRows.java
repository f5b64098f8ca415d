package org.spgemm.kernel;

import java.util.Arrays;

/**
 * A block of sparse rows in CSR form, with values in one domain (doubles or longs, the other array
 * unused). Used for a batch of A rows (column ids are local B-row ids) and for the B panel B(Φ)
 * (column ids are local C-column ids). Arrays grow and are reused across batches.
 */
public final class SparseRows {

  public int rows;
  public int nnz;
  public int[] rowPtr = new int[17];
  public int[] colIdx = new int[64];
  public double[] fpVals = new double[64];
  public long[] intVals = new long[64];
  private final boolean integer;

  public SparseRows(boolean integer) {
    this.integer = integer;
  }

  public boolean isInteger() {
    return integer;
  }

  public void clear() {
    rows = 0;
    nnz = 0;
    rowPtr[0] = 0;
  }

  /** Ends the current row: entries appended since the last call belong to it. */
  public void endRow() {
    if (rows + 2 > rowPtr.length) {
      rowPtr = Arrays.copyOf(rowPtr, Math.max(rowPtr.length * 2, rows + 2));
    }
    rows++;
    rowPtr[rows] = nnz;
  }

  public void add(int col, double v) {
    ensureEntries(nnz + 1);
    colIdx[nnz] = col;
    fpVals[nnz++] = v;
  }

  public void add(int col, long v) {
    ensureEntries(nnz + 1);
    colIdx[nnz] = col;
    intVals[nnz++] = v;
  }

  public int rowLength(int row) {
    return rowPtr[row + 1] - rowPtr[row];
  }

  public void ensureEntries(int n) {
    if (n > colIdx.length) {
      int cap = Math.max(colIdx.length * 2, n);
      colIdx = Arrays.copyOf(colIdx, cap);
      if (integer) {
        intVals = Arrays.copyOf(intVals, cap);
      } else {
        fpVals = Arrays.copyOf(fpVals, cap);
      }
    }
  }

  public void ensureRows(int n) {
    if (n + 1 > rowPtr.length) {
      rowPtr = Arrays.copyOf(rowPtr, Math.max(rowPtr.length * 2, n + 1));
    }
  }
}
