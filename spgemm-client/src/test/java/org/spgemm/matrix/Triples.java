package org.spgemm.matrix;

import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;

/**
 * Small matrices written out as 0-based (row, column, value) triples, and the coordinates of a
 * matrix's entries, for the tests of this package.
 */
final class Triples {

  private Triples() {}

  /** An FP64 matrix from (row, column, value) triples. */
  static SparseMatrix fp64(int rows, int cols, double... t) {
    int n = t.length / 3;
    return SparseMatrix.fromCoordinates(rows, cols, index(n, 0, i -> t[i]), index(n, 1, i -> t[i]),
        IntStream.range(0, n).mapToDouble(e -> t[3 * e + 2]).toArray(), n);
  }

  /** An INT64 matrix from (row, column, value) triples. */
  static SparseMatrix int64(int rows, int cols, long... t) {
    int n = t.length / 3;
    return SparseMatrix.fromCoordinates(rows, cols, index(n, 0, i -> t[i]), index(n, 1, i -> t[i]),
        IntStream.range(0, n).mapToLong(e -> t[3 * e + 2]).toArray(), n);
  }

  /** Field {@code k} (0: the row, 1: the column) of each of n triples; t(i) reads element i. */
  private static int[] index(int n, int k, IntToDoubleFunction t) {
    return IntStream.range(0, n).map(e -> (int) t.applyAsDouble(3 * e + k)).toArray();
  }

  /** The row of each entry of m, in entry order (parallel to {@link SparseMatrix#colIdx()}). */
  static int[] entryRows(SparseMatrix m) {
    int[] r = new int[m.nnz()];
    for (int s = 0; s < m.storedRows(); s++) {
      for (int p = m.storedRowStart(s); p < m.storedRowEnd(s); p++) {
        r[p] = m.storedRow(s);
      }
    }
    return r;
  }
}
