package org.spgemm.matrix;

import java.util.Arrays;

/**
 * Builds the arrays of a {@link SparseMatrix}: from coordinate triples in any order (counting
 * sorts, repeated positions summed), from rows already in order ({@link #ofStoredRows}), or from
 * caller-given CSR arrays after checking them ({@link #ofCsr}). Chooses the storage form: when a
 * dimension is much larger than the entry count, only the rows holding entries are stored, and
 * no array is sized by the shape.
 */
final class CsrBuilder {

  private CsrBuilder() {}

  /**
   * Whether a dimension of {@code size} should be compressed for {@code n} entries: an array
   * indexed by it would be more than about twice as large as the entries themselves.
   */
  static boolean sparseDimension(long size, long n) {
    return size > 2 * n + 1024;
  }

  static void checkShape(int rows, int cols) {
    if (rows < 0 || cols < 0) {
      throw new IllegalArgumentException("matrix shape must be non-negative, got " + rows + "x"
          + cols);
    }
  }

  /** A rows x cols FP64 matrix with no entries. */
  static SparseMatrix empty(int rows, int cols) {
    checkShape(rows, cols);
    if (sparseDimension(rows, 0)) {
      return new SparseMatrix(rows, cols, new int[0], new int[1], new int[0], new double[0], null);
    }
    return new SparseMatrix(rows, cols, new int[rows + 1], new int[0], new double[0]);
  }

  /**
   * The matrix of the first n triples (r[e], c[e], v[e] or lv[e]), exactly one of v and lv
   * non-null; see {@link SparseMatrix#fromCoordinates(int, int, int[], int[], double[], int)}.
   */
  static SparseMatrix fromCoordinates(int rows, int cols, int[] r, int[] c, double[] v,
      long[] lv, int n) {
    checkShape(rows, cols);
    int vlen = v != null ? v.length : lv.length;
    if (n < 0 || n > r.length || n > c.length || n > vlen) {
      throw new IllegalArgumentException("entry count " + n + " exceeds the coordinate arrays"
          + " (lengths " + r.length + ", " + c.length + ", " + vlen + ")");
    }
    for (int e = 0; e < n; e++) {
      if (r[e] < 0 || r[e] >= rows || c[e] < 0 || c[e] >= cols) {
        throw new IllegalArgumentException("entry " + e + " (row " + r[e] + ", column " + c[e]
            + ") is out of range for a " + rows + "x" + cols + " matrix");
      }
    }
    // A huge dimension is replaced by the ranks of its distinct ids (O(n log n)), so that no
    // array below is sized by the shape.
    int[] rowIds = sparseDimension(rows, n) ? distinctSorted(r, n) : null;
    int[] colIds = sparseDimension(cols, n) ? distinctSorted(c, n) : null;
    int[] rr = rowIds == null ? r : ranks(r, n, rowIds);
    int[] cc = colIds == null ? c : ranks(c, n, colIds);
    int nrows = rowIds == null ? rows : rowIds.length;
    int ncols = colIds == null ? cols : colIds.length;
    int[] rowCount = new int[nrows + 1];
    for (int e = 0; e < n; e++) {
      rowCount[rr[e] + 1]++;
    }
    for (int i = 0; i < nrows; i++) {
      rowCount[i + 1] += rowCount[i];
    }
    int[] order = rowMajorOrder(rr, cc, n, rowCount, ncols);
    // Compact, summing entries that share a position.
    int[] rowPtr = new int[nrows + 1];
    int[] colIdx = new int[n];
    double[] vals = v == null ? null : new double[n];
    long[] lvals = lv == null ? null : new long[n];
    int out = 0;
    for (int i = 0; i < nrows; i++) {
      int rowBegin = out;
      for (int p = rowCount[i]; p < rowCount[i + 1]; p++) {
        int e = order == null ? p : order[p];
        if (out > rowBegin && colIdx[out - 1] == cc[e]) {
          if (vals != null) {
            vals[out - 1] += v[e];
          } else {
            lvals[out - 1] += lv[e]; // INT64: wraps around, as GraphBLAS does
          }
        } else {
          colIdx[out] = cc[e];
          if (vals != null) {
            vals[out] = v[e];
          } else {
            lvals[out] = lv[e];
          }
          out++;
        }
      }
      rowPtr[i + 1] = out;
    }
    if (colIds != null) {
      for (int p = 0; p < out; p++) {
        colIdx[p] = colIds[colIdx[p]];
      }
    }
    if (out < n) {
      colIdx = Arrays.copyOf(colIdx, out);
      vals = vals == null ? null : Arrays.copyOf(vals, out);
      lvals = lvals == null ? null : Arrays.copyOf(lvals, out);
    }
    return new SparseMatrix(rows, cols, rowIds, rowPtr, colIdx, vals, lvals);
  }

  /**
   * The entries 0..n-1 ordered by (row, column), or null when they already are: a stable
   * counting sort by column, then one by row (rowCount holds the row starts). Input already in
   * row-major order (as written by MatrixMarket.write) skips both passes; input ordered by column
   * (column-major files) skips the first.
   */
  private static int[] rowMajorOrder(int[] rr, int[] cc, int n, int[] rowCount, int ncols) {
    boolean rowMajor = true;
    boolean columnsAscend = true;
    for (int e = 1; e < n && (rowMajor || columnsAscend); e++) {
      rowMajor &= rr[e - 1] < rr[e] || (rr[e - 1] == rr[e] && cc[e - 1] <= cc[e]);
      columnsAscend &= cc[e - 1] <= cc[e];
    }
    if (rowMajor) {
      return null;
    }
    int[] order1 = null;
    if (!columnsAscend) {
      int[] colCount = new int[ncols + 1];
      for (int e = 0; e < n; e++) {
        colCount[cc[e] + 1]++;
      }
      for (int j = 0; j < ncols; j++) {
        colCount[j + 1] += colCount[j];
      }
      order1 = new int[n];
      for (int e = 0; e < n; e++) {
        order1[colCount[cc[e]]++] = e;
      }
    }
    int[] next = Arrays.copyOf(rowCount, rowCount.length - 1);
    int[] order = new int[n];
    for (int p = 0; p < n; p++) {
      int e = order1 == null ? p : order1[p];
      order[next[rr[e]]++] = e;
    }
    return order;
  }

  /** The transpose of m (same domain). */
  static SparseMatrix transpose(SparseMatrix m) {
    int nnz = m.nnz();
    int[] r = new int[nnz];
    int[] c = new int[nnz];
    for (int s = 0, ns = m.storedRows(); s < ns; s++) {
      int i = m.storedRow(s);
      for (int p = m.rowPtr[s]; p < m.rowPtr[s + 1]; p++) {
        r[p] = m.colIdx[p];
        c[p] = i;
      }
    }
    // Entries listed row by row: their new columns ascend, so one counting sort (or, for a
    // hypersparse shape, one sort of ranks) orders them.
    return fromCoordinates(m.cols(), m.rows(), r, c, m.values, m.exact, nnz);
  }

  /** The distinct values among a[0..n), ascending. */
  static int[] distinctSorted(int[] a, int n) {
    int[] s = Arrays.copyOf(a, n);
    Arrays.sort(s);
    int k = 0;
    for (int e = 0; e < n; e++) {
      if (k == 0 || s[k - 1] != s[e]) {
        s[k++] = s[e];
      }
    }
    return Arrays.copyOf(s, k);
  }

  /** The position of each of a[0..n) in ids (ascending, holding all of them). */
  static int[] ranks(int[] a, int n, int[] ids) {
    int[] rank = new int[n];
    for (int e = 0; e < n; e++) {
      rank[e] = Arrays.binarySearch(ids, a[e]);
    }
    return rank;
  }

  /**
   * Builds a matrix from rows given in ascending order: stored row s is row {@code ids[s]} with
   * entries {@code ptr[s] .. ptr[s+1]-1} of colIdx (columns ascending) and values (exactly one of
   * values and exact non-null). Keeps the compressed rows when the shape is much larger than the
   * entry count, else expands them to a row-indexed pointer array. Takes ownership of the arrays
   * and trims them to {@code ptr[stored]} entries.
   */
  static SparseMatrix ofStoredRows(int rows, int cols, int[] ids, int[] ptr, int stored,
      int[] colIdx, double[] values, long[] exact) {
    int nnz = ptr[stored];
    colIdx = colIdx.length == nnz ? colIdx : Arrays.copyOf(colIdx, nnz);
    values = values == null || values.length == nnz ? values : Arrays.copyOf(values, nnz);
    exact = exact == null || exact.length == nnz ? exact : Arrays.copyOf(exact, nnz);
    if (sparseDimension(rows, nnz)) {
      return new SparseMatrix(rows, cols, Arrays.copyOf(ids, stored),
          Arrays.copyOf(ptr, stored + 1), colIdx, values, exact);
    }
    return new SparseMatrix(rows, cols, null, expandRowPtr(rows, ids, ptr, stored), colIdx,
        values, exact);
  }

  /**
   * The row-indexed pointer array (length rows+1) of rows stored by id: stored row s is row
   * {@code ids[s]} (strictly ascending) with entries {@code ptr[s] .. ptr[s+1]-1}.
   */
  static int[] expandRowPtr(int rows, int[] ids, int[] ptr, int stored) {
    int[] full = new int[rows + 1];
    int s = 0;
    for (int i = 0; i < rows; i++) {
      if (s < stored && ids[s] == i) {
        s++;
      }
      full[i + 1] = ptr[s];
    }
    return full;
  }

  /**
   * Checks and copies CSR arrays; see
   * {@link SparseMatrix#ofCsr(int, int, int[], int[], double[])}.
   */
  static SparseMatrix ofCsr(int rows, int cols, int[] rowPtr, int[] colIdx, double[] values) {
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
}
