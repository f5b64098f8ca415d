package org.spgemm.matrix;

import java.util.Arrays;
import java.util.OptionalDouble;
import org.spgemm.codec.Domain;

/**
 * An immutable sparse matrix in compressed sparse row (CSR) form, held in plain primitive arrays.
 *
 * <p>This is the in-memory side of the project: Matrix Market files, generated test matrices and
 * the reference product all come in this form, so loaders and checks can walk rows without boxing.
 * Row i's entries are positions {@code rowStart(i) .. rowEnd(i)-1}; within a row the column
 * indices ascend strictly. A stored entry whose value is 0 is still an entry: as in GraphBLAS, a
 * missing entry is not a stored zero.
 *
 * <p><b>Memory follows the entries, not the shape.</b> When the row count is much larger than the
 * entry count (D4M key spaces: 200,000,000 rows holding a few entries) only the rows that hold
 * entries are stored, with their ids (doubly compressed rows, as GraphBLAS's hypersparse format);
 * {@link #rowStart} then finds a row by binary search. Loops should walk the stored rows
 * ({@link #storedRows()}, {@link #storedRow}, {@link #storedRowStart}, {@link #storedRowEnd}),
 * which costs O(nnz) in both forms. The limits are int indices: rows and columns below
 * 2^31 - 1, and at most {@value #MAX_ENTRIES} entries.
 *
 * <p><b>Values</b> are FP64 ({@code double}) or exact INT64 ({@code long}, {@link #domain()}):
 * Matrix Market {@code integer} files and the long codec give INT64 matrices, whose values
 * {@link #longAt} returns exactly; {@link #valueAt} converts them to the nearest double. Sums of
 * INT64 entries (duplicates) wrap around on overflow, as GraphBLAS INT64 arithmetic does.
 *
 * <p>The array accessors ({@link #rowPtr()}, {@link #colIdx()}, {@link #values()}) return copies;
 * loops should use {@link #rowStart}, {@link #rowEnd}, {@link #colAt} and {@link #valueAt}.
 *
 * <p>The factories hand over to {@link CsrBuilder}, which sorts coordinates, checks given arrays
 * and chooses the storage form.
 */
public final class SparseMatrix {

  /** The largest entry count an int-indexed array can safely hold. */
  public static final int MAX_ENTRIES = Integer.MAX_VALUE - 8;

  private final int rows;
  private final int cols;
  // Package-private so the classes of this package can loop over them without copies.
  /** Ids of the stored rows, ascending, or null when rowPtr is indexed by the row itself. */
  final int[] rowIds;
  /** Start of each stored row in colIdx: length rows+1 (rowIds null) or rowIds.length+1. */
  final int[] rowPtr;
  final int[] colIdx;
  /** FP64 values, or null for an INT64 matrix. */
  final double[] values;
  /** INT64 values, or null for an FP64 matrix. */
  final long[] exact;

  /** Takes ownership of the arrays; callers in this package guarantee the CSR invariants. */
  SparseMatrix(int rows, int cols, int[] rowPtr, int[] colIdx, double[] values) {
    this(rows, cols, null, rowPtr, colIdx, values, null);
  }

  /** Takes ownership of the arrays; exactly one of values and exact is non-null. */
  SparseMatrix(int rows, int cols, int[] rowIds, int[] rowPtr, int[] colIdx, double[] values,
      long[] exact) {
    this.rows = rows;
    this.cols = cols;
    this.rowIds = rowIds;
    this.rowPtr = rowPtr;
    this.colIdx = colIdx;
    this.values = values;
    this.exact = exact;
  }

  /** A rows x cols matrix with no entries (FP64). */
  public static SparseMatrix empty(int rows, int cols) {
    return CsrBuilder.empty(rows, cols);
  }

  /**
   * Builds a matrix from the first {@code n} coordinate triples (r[e], c[e], v[e]), 0-based, in any
   * order. Entries at the same position are summed (so repeated edges count multiplicities). The
   * input arrays are not modified. Runs in O(n + rows + cols) with at most two counting-sort
   * passes, or in O(n log n) when the shape is much larger than n (hypersparse).
   *
   * @throws IllegalArgumentException for a negative shape, a too-short array, or an entry whose
   *         row or column is out of range (the message names the entry)
   */
  public static SparseMatrix fromCoordinates(int rows, int cols, int[] r, int[] c, double[] v,
      int n) {
    return CsrBuilder.fromCoordinates(rows, cols, r, c, v, null, n);
  }

  /**
   * As {@link #fromCoordinates(int, int, int[], int[], double[], int)} for exact INT64 values:
   * the result's {@link #domain()} is INT64 and duplicates are summed with wrap-around.
   */
  public static SparseMatrix fromCoordinates(int rows, int cols, int[] r, int[] c, long[] v,
      int n) {
    return CsrBuilder.fromCoordinates(rows, cols, r, c, null, v, n);
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
    return CsrBuilder.ofCsr(rows, cols, rowPtr, colIdx, values);
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

  /** FP64, or INT64 when the values are exact 64-bit integers ({@link #longAt}). */
  public Domain domain() {
    return exact != null ? Domain.INT64 : Domain.FP64;
  }

  /**
   * Number of stored rows: every row (so some may be empty) or, for a matrix with far more rows
   * than entries, only the rows holding entries. Stored row s is row {@link #storedRow}(s).
   */
  public int storedRows() {
    return rowIds == null ? rows : rowIds.length;
  }

  /** The row id of stored row s (0 &lt;= s &lt; storedRows()); ascending in s. */
  public int storedRow(int s) {
    return rowIds == null ? s : rowIds[s];
  }

  /** Position of stored row s's first entry. */
  public int storedRowStart(int s) {
    return rowPtr[s];
  }

  /** Position just past stored row s's last entry. */
  public int storedRowEnd(int s) {
    return rowPtr[s + 1];
  }

  /** Number of rows holding at least one entry (O(stored rows)). */
  public long nonEmptyRows() {
    long n = 0;
    for (int s = 0, ns = storedRows(); s < ns; s++) {
      n += rowPtr[s + 1] > rowPtr[s] ? 1 : 0;
    }
    return n;
  }

  /** Number of stored entries in row i. */
  public int rowNnz(int i) {
    return rowEnd(i) - rowStart(i);
  }

  /** Position of row i's first entry. */
  public int rowStart(int i) {
    if (rowIds == null) {
      return rowPtr[i];
    }
    int s = Arrays.binarySearch(rowIds, i);
    return rowPtr[s >= 0 ? s : -s - 1];
  }

  /** Position just past row i's last entry. */
  public int rowEnd(int i) {
    if (rowIds == null) {
      return rowPtr[i + 1];
    }
    int s = Arrays.binarySearch(rowIds, i);
    return s >= 0 ? rowPtr[s + 1] : rowPtr[-s - 1];
  }

  /** Column index of the entry at position p (0 &lt;= p &lt; nnz). */
  public int colAt(int p) {
    return colIdx[p];
  }

  /** Value of the entry at position p (0 &lt;= p &lt; nnz), INT64 values rounded to a double. */
  public double valueAt(int p) {
    return values != null ? values[p] : (double) exact[p];
  }

  /**
   * Value of the entry at position p as a 64-bit integer: exact for an INT64 matrix; an FP64
   * value must be an integer in the long range.
   *
   * @throws IllegalArgumentException if an FP64 value is not such an integer
   */
  public long longAt(int p) {
    if (exact != null) {
      return exact[p];
    }
    return toLong(values[p]);
  }

  /** d as a long if it is an integer in the 64-bit range, else IllegalArgumentException. */
  static long toLong(double d) {
    if (d != Math.rint(d) || d >= 0x1p63 || d < -0x1p63) {
      throw new IllegalArgumentException(MatrixMarket.formatValue(d)
          + " is not a 64-bit integer");
    }
    return (long) d;
  }

  /**
   * A copy of the row pointer array (length rows+1). For a matrix stored by its non-empty rows
   * this builds an array of rows+1 ints: prefer {@link #storedRowStart}.
   */
  public int[] rowPtr() {
    return rowIds == null ? rowPtr.clone()
        : CsrBuilder.expandRowPtr(rows, rowIds, rowPtr, rowIds.length);
  }

  /** A copy of the column index array (length nnz). */
  public int[] colIdx() {
    return colIdx.clone();
  }

  /** A copy of the values as doubles (length nnz; INT64 values rounded). */
  public double[] values() {
    if (values != null) {
      return values.clone();
    }
    double[] d = new double[exact.length];
    for (int p = 0; p < d.length; p++) {
      d[p] = exact[p];
    }
    return d;
  }

  /**
   * The values as 64-bit integers (length nnz): a copy of an INT64 matrix's values, or FP64
   * values converted exactly.
   *
   * @throws IllegalArgumentException naming the first FP64 value that is not a 64-bit integer
   */
  public long[] longValues() {
    if (exact != null) {
      return exact.clone();
    }
    long[] l = new long[values.length];
    for (int p = 0; p < l.length; p++) {
      l[p] = toLong(values[p]);
    }
    return l;
  }

  /** The largest number of entries in any row (0 for a matrix without rows). */
  public int maxRowNnz() {
    int max = 0;
    for (int s = 0, ns = storedRows(); s < ns; s++) {
      max = Math.max(max, rowPtr[s + 1] - rowPtr[s]);
    }
    return max;
  }

  /** The stored value at (i, j), or empty if there is no entry there. */
  public OptionalDouble get(int i, int j) {
    int p = find(i, j);
    return p < 0 ? OptionalDouble.empty() : OptionalDouble.of(valueAt(p));
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
    int p = Arrays.binarySearch(colIdx, rowStart(i), rowEnd(i), j);
    return p >= 0 ? p : -1;
  }

  /** The transpose (same domain); its rows come out sorted. */
  public SparseMatrix transpose() {
    return CsrBuilder.transpose(this);
  }

  /**
   * The number of scalar multiplications in this·B (the flop count the paper reports): the sum,
   * over every stored a(i,j), of the number of entries in row j of B.
   *
   * @throws IllegalArgumentException if this matrix's column count differs from B's row count
   */
  public long partialProducts(SparseMatrix b) {
    return ReferenceMultiply.partialProducts(this, b);
  }

  /**
   * Exact equality: same shape, same structure, same domain and identical values (doubles as
   * {@link Double#equals} compares them: every NaN equals every NaN; 0.0 differs from -0.0). Both
   * storage forms of the rows compare equal when they hold the same entries.
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
    if (rows != m.rows || cols != m.cols || !Arrays.equals(colIdx, m.colIdx)
        || !Arrays.equals(values, m.values) || !Arrays.equals(exact, m.exact)) {
      return false;
    }
    if (rowIds == null && m.rowIds == null) {
      return Arrays.equals(rowPtr, m.rowPtr);
    }
    // Compare the non-empty rows of both forms.
    int s = 0;
    int t = 0;
    while (true) {
      while (s < storedRows() && rowPtr[s + 1] == rowPtr[s]) {
        s++;
      }
      while (t < m.storedRows() && m.rowPtr[t + 1] == m.rowPtr[t]) {
        t++;
      }
      if (s == storedRows() || t == m.storedRows()) {
        return s == storedRows() && t == m.storedRows();
      }
      if (storedRow(s) != m.storedRow(t) || rowPtr[s + 1] != m.rowPtr[t + 1]) {
        return false;
      }
      s++;
      t++;
    }
  }

  @Override
  public int hashCode() {
    int h = 31 * rows + cols;
    for (int s = 0, ns = storedRows(); s < ns; s++) {
      if (rowPtr[s + 1] > rowPtr[s]) {
        h = 31 * h + storedRow(s);
        h = 31 * h + rowPtr[s + 1];
      }
    }
    h = 31 * h + Arrays.hashCode(colIdx);
    return 31 * h + (values != null ? Arrays.hashCode(values) : Arrays.hashCode(exact));
  }

  /** Shape and entry count, plus the entries themselves when there are at most 20. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append(rows).append('x').append(cols).append(" matrix, ").append(nnz()).append(" entries");
    if (exact != null) {
      sb.append(" (INT64)");
    }
    if (nnz() <= 20) {
      sb.append(" {");
      String sep = "";
      for (int s = 0, ns = storedRows(); s < ns; s++) {
        for (int p = rowPtr[s]; p < rowPtr[s + 1]; p++) {
          sb.append(sep).append('(').append(storedRow(s)).append(',').append(colIdx[p])
              .append(")=").append(exact != null ? Long.toString(exact[p])
                  : Double.toString(values[p]));
          sep = ", ";
        }
      }
      sb.append('}');
    }
    return sb.toString();
  }
}
