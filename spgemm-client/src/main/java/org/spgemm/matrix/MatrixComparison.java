package org.spgemm.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Entry-by-entry comparison of two matrices with a relative tolerance (sums of doubles may differ
 * in the last bits when added in another order).
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
    for (int i = 0; i < expected.rows(); i++) {
      int p = expected.rowStart(i);
      int q = actual.rowStart(i);
      while (p < expected.rowEnd(i) || q < actual.rowEnd(i)) {
        int je = p < expected.rowEnd(i) ? expected.colAt(p) : Integer.MAX_VALUE;
        int ja = q < actual.rowEnd(i) ? actual.colAt(q) : Integer.MAX_VALUE;
        if (je < ja) {
          c.note(String.format(Locale.ROOT, "C(%d,%d) missing, expected %s", i + 1, je + 1,
              MatrixMarket.formatValue(expected.valueAt(p++))));
        } else if (ja < je) {
          c.note(String.format(Locale.ROOT, "C(%d,%d) = %s should not exist", i + 1, ja + 1,
              MatrixMarket.formatValue(actual.valueAt(q++))));
        } else {
          double e = expected.valueAt(p++);
          double a = actual.valueAt(q++);
          if (!(e == a || Math.abs(e - a) <= relTol * Math.max(1, Math.max(Math.abs(e),
              Math.abs(a))))) {
            c.note(String.format(Locale.ROOT, "C(%d,%d) = %s, expected %s", i + 1, je + 1,
                MatrixMarket.formatValue(a), MatrixMarket.formatValue(e)));
          }
        }
      }
    }
    return c;
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
