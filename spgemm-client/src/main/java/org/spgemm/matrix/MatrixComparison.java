package org.spgemm.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.spgemm.codec.Domain;

/**
 * Entry-by-entry comparison of two matrices with a relative tolerance (sums of doubles may differ
 * in the last bits when added in another order); two INT64 matrices are compared exactly.
 */
public final class MatrixComparison {

  private final List<String> differences = new ArrayList<>();
  private long count;

  private MatrixComparison() {}

  /** Compares every stored entry of both matrices; keeps the first few differences as text. */
  public static MatrixComparison compare(SparseMatrix expected, SparseMatrix actual,
      double relTol) {
    MatrixComparison c = new MatrixComparison();
    if (expected.rows() != actual.rows() || expected.cols() != actual.cols()) {
      c.note(String.format(Locale.ROOT, "shape %dx%d, expected %dx%d", actual.rows(),
          actual.cols(), expected.rows(), expected.cols()));
      return c;
    }
    // Walk the stored rows of both in ascending row order (O(nnz), whatever the shape).
    boolean exact = expected.domain() == Domain.INT64 && actual.domain() == Domain.INT64;
    for (StoredRowPairs rows = new StoredRowPairs(expected, actual); rows.next();) {
      int i = rows.row();
      int p = rows.firstStart();
      int pEnd = rows.firstEnd();
      int q = rows.secondStart();
      int qEnd = rows.secondEnd();
      while (p < pEnd || q < qEnd) {
        int je = p < pEnd ? expected.colAt(p) : Integer.MAX_VALUE;
        int ja = q < qEnd ? actual.colAt(q) : Integer.MAX_VALUE;
        if (je < ja) {
          c.note(String.format(Locale.ROOT, "C(%d,%d) missing, expected %s", i + 1, je + 1,
              format(expected, p++)));
        } else if (ja < je) {
          c.note(String.format(Locale.ROOT, "C(%d,%d) = %s should not exist", i + 1, ja + 1,
              format(actual, q++)));
        } else if (exact) {
          if (expected.longAt(p) != actual.longAt(q)) {
            c.note(String.format(Locale.ROOT, "C(%d,%d) = %d, expected %d", i + 1, je + 1,
                actual.longAt(q), expected.longAt(p)));
          }
          p++;
          q++;
        } else {
          double e = expected.valueAt(p++);
          double a = actual.valueAt(q++);
          boolean same = e == a || (Double.isNaN(e) && Double.isNaN(a))
              || Math.abs(e - a) <= relTol * Math.max(1, Math.max(Math.abs(e), Math.abs(a)));
          if (!same) {
            c.note(String.format(Locale.ROOT, "C(%d,%d) = %s, expected %s", i + 1, je + 1,
                MatrixMarket.formatValue(a), MatrixMarket.formatValue(e)));
          }
        }
      }
    }
    return c;
  }

  private static String format(SparseMatrix m, int p) {
    return m.domain() == Domain.INT64 ? Long.toString(m.longAt(p))
        : MatrixMarket.formatValue(m.valueAt(p));
  }

  private void note(String d) {
    if (count++ < 5) {
      differences.add(d);
    }
  }

  public boolean equal() {
    return count == 0;
  }

  public long differenceCount() {
    return count;
  }

  /** Up to five differences, 1-based indices. */
  public List<String> firstDifferences() {
    return differences;
  }
}
