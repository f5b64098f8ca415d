package org.spgemm.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.UnaryOp;

/**
 * Plain in-memory GraphBLAS element-wise operations over FP64, written for clarity (a TreeMap per
 * row, no shared code with the tablet-server kernels), to check the cluster's results entry by
 * entry: eWiseAdd (union), eWiseMult (intersection), apply, and reduce to a vector or a scalar.
 * Nothing is dropped: a computed zero is an entry.
 */
public final class ReferenceElementWise {

  private ReferenceElementWise() {}

  /** C = A ⊕ B over the union: op(a, b) where both have an entry, the one value elsewhere. */
  public static SparseMatrix add(SparseMatrix a, SparseMatrix b, BinaryOp op) {
    return merge(a, b, op, true);
  }

  /** C = A ⊗ B over the intersection. */
  public static SparseMatrix mult(SparseMatrix a, SparseMatrix b, BinaryOp op) {
    return merge(a, b, op, false);
  }

  private static SparseMatrix merge(SparseMatrix a, SparseMatrix b, BinaryOp op, boolean union) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
      throw new IllegalArgumentException("shapes differ: " + a.rows() + "x" + a.cols() + " and "
          + b.rows() + "x" + b.cols());
    }
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < a.rows(); i++) {
      Map<Integer,Double> ra = row(a, i);
      Map<Integer,Double> rb = row(b, i);
      TreeMap<Integer,Double> c = new TreeMap<>();
      for (Map.Entry<Integer,Double> e : ra.entrySet()) {
        Double y = rb.get(e.getKey());
        if (y != null) {
          c.put(e.getKey(), op.applyAsDouble(e.getValue(), y));
        } else if (union) {
          c.put(e.getKey(), e.getValue());
        }
      }
      if (union) {
        for (Map.Entry<Integer,Double> e : rb.entrySet()) {
          c.putIfAbsent(e.getKey(), e.getValue());
        }
      }
      int r = i;
      c.forEach((j, v) -> out.add(new double[] {r, j, v}));
    }
    return build(a.rows(), a.cols(), out);
  }

  /** C = op(A) entry by entry. */
  public static SparseMatrix apply(SparseMatrix a, UnaryOp op) {
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < a.rows(); i++) {
      int r = i;
      row(a, i).forEach((j, v) -> out.add(new double[] {r, j, op.applyAsDouble(v)}));
    }
    return build(a.rows(), a.cols(), out);
  }

  /** C = op(s, A) (first) or op(A, s) entry by entry. */
  public static SparseMatrix applyBound(SparseMatrix a, BinaryOp op, double s, boolean first) {
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < a.rows(); i++) {
      int r = i;
      row(a, i).forEach((j, v) -> out.add(new double[] {r, j,
          first ? op.applyAsDouble(s, v) : op.applyAsDouble(v, s)}));
    }
    return build(a.rows(), a.cols(), out);
  }

  /** w(i) = ⊕_j A(i,j) for every row with an entry (absent rows: no key). */
  public static Map<Integer,Double> reduceRows(SparseMatrix a, Monoid m) {
    Map<Integer,Double> w = new TreeMap<>();
    for (int i = 0; i < a.rows(); i++) {
      double acc = m.identityFp();
      boolean any = false;
      for (double v : row(a, i).values()) {
        acc = m.applyAsDouble(acc, v);
        any = true;
      }
      if (any) {
        w.put(i, acc);
      }
    }
    return w;
  }

  /** ⊕ of every entry; the identity for an empty matrix. */
  public static double reduce(SparseMatrix a, Monoid m) {
    double acc = m.identityFp();
    for (double v : reduceRows(a, m).values()) {
      acc = m.applyAsDouble(acc, v);
    }
    return acc;
  }

  private static Map<Integer,Double> row(SparseMatrix a, int i) {
    Map<Integer,Double> r = new TreeMap<>();
    for (int p = a.rowStart(i); p < a.rowEnd(i); p++) {
      r.put(a.colAt(p), a.valueAt(p));
    }
    return r;
  }

  private static SparseMatrix build(int rows, int cols, List<double[]> entries) {
    int n = entries.size();
    int[] r = new int[n];
    int[] c = new int[n];
    double[] v = new double[n];
    for (int k = 0; k < n; k++) {
      r[k] = (int) entries.get(k)[0];
      c[k] = (int) entries.get(k)[1];
      v[k] = entries.get(k)[2];
    }
    return SparseMatrix.fromCoordinates(rows, cols, r, c, v, n);
  }
}
