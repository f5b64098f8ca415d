package org.spgemm.matrix;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * An immutable sparse matrix in compressed sparse row (CSR) form, held in plain primitive arrays.
 *
 * <p>This is the in-memory side of the project: Matrix Market files, generated test matrices and
 * the reference product all come in this form, so loaders and checks can walk rows without boxing.
 * Row i's entries are positions {@code rowStart(i) .. rowEnd(i)-1}; within a row the column
 * indices ascend strictly. A stored entry whose value is 0 is still an entry: as in GraphBLAS, a
 * missing entry is not a stored zero.
 *
 * <p>The array accessors ({@link #rowPtr()}, {@link #colIdx()}, {@link #values()}) return copies;
 * loops should use {@link #rowStart}, {@link #rowEnd}, {@link #colAt} and {@link #valueAt}.
 */
public final class SparseMatrix {

  /** The largest entry count an int-indexed array can safely hold. */
  static final int MAX_ENTRIES = Integer.MAX_VALUE - 8;

  private final int rows;
  private final int cols;
  // Package-private so the classes of this package can loop over them without copies.
  final int[] rowPtr;
  final int[] colIdx;
  final double[] values;

  /** Takes ownership of the arrays; callers in this package guarantee the CSR invariants. */
  SparseMatrix(int rows, int cols, int[] rowPtr, int[] colIdx, double[] values) {
    this.rows = rows;
    this.cols = cols;
    this.rowPtr = rowPtr;
    this.colIdx = colIdx;
    this.values = values;
  }

  /** A rows x cols matrix with no entries. */
  public static SparseMatrix empty(int rows, int cols) {
    checkShape(rows, cols);
    return new SparseMatrix(rows, cols, new int[rows + 1], new int[0], new double[0]);
  }

  /**
   * Builds a matrix from the first {@code n} coordinate triples (r[e], c[e], v[e]), 0-based, in any
   * order. Entries at the same position are summed (so repeated edges count multiplicities). The
   * input arrays are not modified. Runs in O(n + rows + cols) with at most two counting-sort
   * passes.
   *
   * @throws IllegalArgumentException for a negative shape, a too-short array, or an entry whose
   *         row or column is out of range (the message names the entry)
   */
  public static SparseMatrix fromCoordinates(int rows, int cols, int[] r, int[] c, double[] v,
      int n) {
    checkShape(rows, cols);
    if (n < 0 || n > r.length || n > c.length || n > v.length) {
      throw new IllegalArgumentException("entry count " + n + " exceeds the coordinate arrays"
          + " (lengths " + r.length + ", " + c.length + ", " + v.length + ")");
    }
    for (int e = 0; e < n; e++) {
      if (r[e] < 0 || r[e] >= rows || c[e] < 0 || c[e] >= cols) {
        throw new IllegalArgumentException("entry " + e + " (row " + r[e] + ", column " + c[e]
            + ") is out of range for a " + rows + "x" + cols + " matrix");
      }
    }
    // Order the entries by (row, column): a stable counting sort by column, then one by row.
    // Input already in row-major order (as written by MatrixMarket.write) skips both passes;
    // input ordered by column (column-major files) skips the first.
    boolean rowMajor = true;
    boolean columnsAscend = true;
    for (int e = 1; e < n && (rowMajor || columnsAscend); e++) {
      rowMajor &= r[e - 1] < r[e] || (r[e - 1] == r[e] && c[e - 1] <= c[e]);
      columnsAscend &= c[e - 1] <= c[e];
    }
    int[] rowCount = new int[rows + 1];
    for (int e = 0; e < n; e++) {
      rowCount[r[e] + 1]++;
    }
    for (int i = 0; i < rows; i++) {
      rowCount[i + 1] += rowCount[i];
    }
    int[] order = null;
    if (!rowMajor) {
      int[] order1 = null;
      if (!columnsAscend) {
        int[] colCount = new int[cols + 1];
        for (int e = 0; e < n; e++) {
          colCount[c[e] + 1]++;
        }
        for (int j = 0; j < cols; j++) {
          colCount[j + 1] += colCount[j];
        }
        order1 = new int[n];
        for (int e = 0; e < n; e++) {
          order1[colCount[c[e]]++] = e;
        }
      }
      int[] next = Arrays.copyOf(rowCount, rows);
      order = new int[n];
      for (int p = 0; p < n; p++) {
        int e = order1 == null ? p : order1[p];
        order[next[r[e]]++] = e;
      }
    }
    // Compact, summing entries that share a position.
    int[] rowPtr = new int[rows + 1];
    int[] colIdx = new int[n];
    double[] vals = new double[n];
    int out = 0;
    for (int i = 0; i < rows; i++) {
      int rowBegin = out;
      for (int p = rowCount[i]; p < rowCount[i + 1]; p++) {
        int e = order == null ? p : order[p];
        if (out > rowBegin && colIdx[out - 1] == c[e]) {
          vals[out - 1] += v[e];
        } else {
          colIdx[out] = c[e];
          vals[out] = v[e];
          out++;
        }
      }
      rowPtr[i + 1] = out;
    }
    if (out < n) {
      colIdx = Arrays.copyOf(colIdx, out);
      vals = Arrays.copyOf(vals, out);
    }
    return new SparseMatrix(rows, cols, rowPtr, colIdx, vals);
  }

  /**
   * Builds a matrix from CSR arrays, which are copied and checked: rowPtr has rows+1
   * non-decreasing entries from 0 to colIdx.length, and each row's columns ascend strictly within
   * 0..cols-1.
   *
   * @throws IllegalArgumentException naming the first violated invariant
   */
  public static SparseMatrix ofCsr(int rows, int cols, int[] rowPtr, int[] colIdx,
      double[] values) {
    checkShape(rows, cols);
    if (rowPtr.length != rows + 1) {
      throw new IllegalArgumentException(
          "rowPtr has length " + rowPtr.length + ", expected rows+1 = " + (rows + 1));
    }
    if (colIdx.length != values.length) {
      throw new IllegalArgumentException("colIdx has length " + colIdx.length
          + " but values has length " + values.length);
    }
    if (rowPtr[0] != 0 || rowPtr[rows] != colIdx.length) {
      throw new IllegalArgumentException("rowPtr must run from 0 to " + colIdx.length + ", got "
          + rowPtr[0] + " to " + rowPtr[rows]);
    }
    for (int i = 0; i < rows; i++) {
      if (rowPtr[i + 1] < rowPtr[i]) {
        throw new IllegalArgumentException("rowPtr decreases at row " + i);
      }
      for (int p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
        int j = colIdx[p];
        if (j < 0 || j >= cols) {
          throw new IllegalArgumentException("row " + i + " has column " + j
              + " out of range 0.." + (cols - 1));
        }
        if (p > rowPtr[i] && colIdx[p - 1] >= j) {
          throw new IllegalArgumentException("row " + i + " columns are not strictly ascending ("
              + colIdx[p - 1] + " then " + j + ")");
        }
      }
    }
    return new SparseMatrix(rows, cols, rowPtr.clone(), colIdx.clone(), values.clone());
  }

  static void checkShape(int rows, int cols) {
    if (rows < 0 || cols < 0) {
      throw new IllegalArgumentException("matrix shape must be non-negative, got " + rows + "x"
          + cols);
    }
  }

  /**
   * Checks that A·B is defined.
   *
   * @throws IllegalArgumentException {@code shape mismatch: A is RxC but B is RxC (...)}
   */
  static void checkMultiplyShapes(SparseMatrix a, SparseMatrix b) {
    if (a.cols != b.rows) {
      throw new IllegalArgumentException("shape mismatch: A is " + a.rows + "x" + a.cols
          + " but B is " + b.rows + "x" + b.cols + " (A columns must equal B rows)");
    }
  }

  public int rows() {
    return rows;
  }

  public int cols() {
    return cols;
  }

  /** Number of stored entries. */
  public int nnz() {
    return colIdx.length;
  }

  /** Number of stored entries in row i. */
  public int rowNnz(int i) {
    return rowPtr[i + 1] - rowPtr[i];
  }

  /** Position of row i's first entry. */
  public int rowStart(int i) {
    return rowPtr[i];
  }

  /** Position just past row i's last entry. */
  public int rowEnd(int i) {
    return rowPtr[i + 1];
  }

  /** Column index of the entry at position p (0 &lt;= p &lt; nnz). */
  public int colAt(int p) {
    return colIdx[p];
  }

  /** Value of the entry at position p (0 &lt;= p &lt; nnz). */
  public double valueAt(int p) {
    return values[p];
  }

  /** A copy of the row pointer array (length rows+1). */
  public int[] rowPtr() {
    return rowPtr.clone();
  }

  /** A copy of the column index array (length nnz). */
  public int[] colIdx() {
    return colIdx.clone();
  }

  /** A copy of the value array (length nnz). */
  public double[] values() {
    return values.clone();
  }

  /** The largest number of entries in any row (0 for a matrix without rows). */
  public int maxRowNnz() {
    int max = 0;
    for (int i = 0; i < rows; i++) {
      max = Math.max(max, rowPtr[i + 1] - rowPtr[i]);
    }
    return max;
  }

  /** The stored value at (i, j), or empty if there is no entry there. */
  public OptionalDouble get(int i, int j) {
    int p = find(i, j);
    return p < 0 ? OptionalDouble.empty() : OptionalDouble.of(values[p]);
  }

  /** Whether (i, j) holds a stored entry (whatever its value, zero included). */
  public boolean hasEntry(int i, int j) {
    return find(i, j) >= 0;
  }

  private int find(int i, int j) {
    if (i < 0 || i >= rows || j < 0 || j >= cols) {
      throw new IndexOutOfBoundsException(
          "(" + i + ", " + j + ") is outside a " + rows + "x" + cols + " matrix");
    }
    int p = Arrays.binarySearch(colIdx, rowPtr[i], rowPtr[i + 1], j);
    return p >= 0 ? p : -1;
  }

  /** The transpose, built by one counting sort over columns (its rows come out sorted). */
  public SparseMatrix transpose() {
    int nnz = colIdx.length;
    int[] tPtr = new int[cols + 1];
    for (int p = 0; p < nnz; p++) {
      tPtr[colIdx[p] + 1]++;
    }
    for (int j = 0; j < cols; j++) {
      tPtr[j + 1] += tPtr[j];
    }
    int[] next = Arrays.copyOf(tPtr, cols);
    int[] tCol = new int[nnz];
    double[] tVal = new double[nnz];
    for (int i = 0; i < rows; i++) {
      for (int p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
        int q = next[colIdx[p]]++;
        tCol[q] = i;
        tVal[q] = values[p];
      }
    }
    return new SparseMatrix(cols, rows, tPtr, tCol, tVal);
  }

  /**
   * The number of scalar multiplications in this·B (the flop count the paper reports): the sum,
   * over every stored a(i,j), of the number of entries in row j of B.
   *
   * @throws IllegalArgumentException if this matrix's column count differs from B's row count
   */
  public long partialProducts(SparseMatrix b) {
    checkMultiplyShapes(this, b);
    long flops = 0;
    int nnz = colIdx.length;
    for (int p = 0; p < nnz; p++) {
      int j = colIdx[p];
      flops += b.rowPtr[j + 1] - b.rowPtr[j];
    }
    return flops;
  }

  /**
   * Exact equality: same shape, same structure and identical values as {@link Double#equals}
   * compares them (every NaN equals every NaN; 0.0 differs from -0.0).
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof SparseMatrix)) {
      return false;
    }
    SparseMatrix m = (SparseMatrix) o;
    return rows == m.rows && cols == m.cols && Arrays.equals(rowPtr, m.rowPtr)
        && Arrays.equals(colIdx, m.colIdx) && Arrays.equals(values, m.values);
  }

  @Override
  public int hashCode() {
    int h = 31 * rows + cols;
    h = 31 * h + Arrays.hashCode(rowPtr);
    h = 31 * h + Arrays.hashCode(colIdx);
    return 31 * h + Arrays.hashCode(values);
  }

  /** Shape and entry count, plus the entries themselves when there are at most 20. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append(rows).append('x').append(cols).append(" matrix, ").append(nnz()).append(" entries");
    if (nnz() <= 20) {
      sb.append(" {");
      String sep = "";
      for (int i = 0; i < rows; i++) {
        for (int p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
          sb.append(sep).append('(').append(i).append(',').append(colIdx[p]).append(")=")
              .append(values[p]);
          sep = ", ";
        }
      }
      sb.append('}');
    }
    return sb.toString();
  }
}
