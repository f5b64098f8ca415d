package org.spgemm.kernel;

import java.util.Arrays;
import java.util.function.BinaryOperator;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.UnaryOp;
import org.spgemm.codec.Domain;

/**
 * GraphBLAS element-wise operations on one row (no checks: columns ascending, as Accumulo keeps
 * them). eWiseAdd: the union of the two patterns, op(x, y) where both have an entry and the one
 * value elsewhere; eWiseMult: the intersection, op(x, y); apply: op(x) on every entry; reduce:
 * the row folded with a monoid. A result entry carries the conjunction of the labels of the
 * entries it comes from ({@code and}).
 */
public final class EWiseKernel {

  private EWiseKernel() {}

  /** out = x ⊕ y over the union of the patterns (eWiseAdd). */
  public static void add(EWiseRow x, EWiseRow y, BinaryOp op, Domain d,
      BinaryOperator<byte[]> and, EWiseRow out) {
    merge(x, y, op, d, and, out, true);
  }

  /** out = x ⊗ y over the intersection of the patterns (eWiseMult). */
  public static void mult(EWiseRow x, EWiseRow y, BinaryOp op, Domain d,
      BinaryOperator<byte[]> and, EWiseRow out) {
    merge(x, y, op, d, and, out, false);
  }

  private static void merge(EWiseRow x, EWiseRow y, BinaryOp op, Domain d,
      BinaryOperator<byte[]> and, EWiseRow out, boolean union) {
    out.clear();
    int p = 0;
    int q = 0;
    while (p < x.n || q < y.n) {
      int c = p == x.n ? 1 : q == y.n ? -1 : Arrays.compareUnsigned(x.cols[p], y.cols[q]);
      if (c == 0) {
        out.add(x.cols[p], DomainValues.apply(op, d, x.vals[p], y.vals[q]),
            and.apply(x.labels[p], y.labels[q]));
        p++;
        q++;
      } else if (c < 0) {
        if (union) {
          out.add(x.cols[p], x.vals[p], x.labels[p]);
        }
        p++;
      } else {
        if (union) {
          out.add(y.cols[q], y.vals[q], y.labels[q]);
        }
        q++;
      }
    }
  }

  /** out = op(x) entry by entry. */
  public static void apply(EWiseRow x, UnaryOp op, Domain d, EWiseRow out) {
    out.clear();
    for (int p = 0; p < x.n; p++) {
      out.add(x.cols[p], DomainValues.apply(op, d, x.vals[p]), x.labels[p]);
    }
  }

  /** out = op(s, x) (bound first) or op(x, s) (bound second) entry by entry. */
  public static void applyBound(EWiseRow x, BinaryOp op, long s, boolean first, Domain d,
      EWiseRow out) {
    out.clear();
    for (int p = 0; p < x.n; p++) {
      out.add(x.cols[p], first ? DomainValues.apply(op, d, s, x.vals[p])
          : DomainValues.apply(op, d, x.vals[p], s), x.labels[p]);
    }
  }

  /**
   * The row folded with {@code m}, as one entry of {@code out} at column {@code col} (nothing for
   * an empty row: GraphBLAS leaves that vector entry absent). Its label is the conjunction of
   * every entry's label.
   */
  public static void reduce(EWiseRow x, Monoid m, Domain d, BinaryOperator<byte[]> and,
      byte[] col, EWiseRow out) {
    out.clear();
    if (x.n == 0) {
      return;
    }
    long acc = x.vals[0];
    byte[] label = x.labels[0];
    for (int p = 1; p < x.n; p++) {
      acc = DomainValues.apply(m, d, acc, x.vals[p]);
      label = and.apply(label, x.labels[p]);
    }
    out.add(col, acc, label);
  }
}
