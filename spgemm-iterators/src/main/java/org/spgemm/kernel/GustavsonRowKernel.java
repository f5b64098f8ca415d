package org.spgemm.kernel;

import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;

/**
 * The inner loops: C(i,:) = ⊕_j A(i,j) ⊗ B(j,:) with a dense accumulator over local C columns.
 * No argument checks here ({@link RowSpGemm} does them once per batch).
 */
final class GustavsonRowKernel {

  private GustavsonRowKernel() {}

  /** Returns the number of partial products formed. */
  static long rowFp(SparseRows a, int i, SparseRows b, Monoid add, BinaryOp mul, RowWorkspace w) {
    w.startRow();
    final int[] mark = w.mark;
    final int stamp = w.stamp;
    final double[] acc = w.fpAcc;
    long products = 0;
    for (int p = a.rowPtr[i], pe = a.rowPtr[i + 1]; p < pe; p++) {
      int j = a.colIdx[p];
      if (j < 0) {
        continue; // no row j in B: contributes nothing
      }
      double aij = a.fpVals[p];
      for (int q = b.rowPtr[j], qe = b.rowPtr[j + 1]; q < qe; q++) {
        int k = b.colIdx[q];
        double t = mul.applyAsDouble(aij, b.fpVals[q]);
        if (mark[k] != stamp) {
          mark[k] = stamp;
          acc[k] = t;
          w.touch(k);
        } else {
          acc[k] = add.applyAsDouble(acc[k], t);
        }
      }
      products += b.rowPtr[j + 1] - b.rowPtr[j];
    }
    return products;
  }

  static long rowInt(SparseRows a, int i, SparseRows b, Monoid add, BinaryOp mul,
      RowWorkspace w) {
    w.startRow();
    final int[] mark = w.mark;
    final int stamp = w.stamp;
    final long[] acc = w.intAcc;
    long products = 0;
    for (int p = a.rowPtr[i], pe = a.rowPtr[i + 1]; p < pe; p++) {
      int j = a.colIdx[p];
      if (j < 0) {
        continue;
      }
      long aij = a.intVals[p];
      for (int q = b.rowPtr[j], qe = b.rowPtr[j + 1]; q < qe; q++) {
        int k = b.colIdx[q];
        long t = mul.applyAsLong(aij, b.intVals[q]);
        if (mark[k] != stamp) {
          mark[k] = stamp;
          acc[k] = t;
          w.touch(k);
        } else {
          acc[k] = add.applyAsLong(acc[k], t);
        }
      }
      products += b.rowPtr[j + 1] - b.rowPtr[j];
    }
    return products;
  }

  /** Symbolic pass: only the structure of C(i,:) (for count-only mode). */
  static long rowPattern(SparseRows a, int i, SparseRows b, RowWorkspace w) {
    w.startRow();
    final int[] mark = w.mark;
    final int stamp = w.stamp;
    long products = 0;
    for (int p = a.rowPtr[i], pe = a.rowPtr[i + 1]; p < pe; p++) {
      int j = a.colIdx[p];
      if (j < 0) {
        continue;
      }
      for (int q = b.rowPtr[j], qe = b.rowPtr[j + 1]; q < qe; q++) {
        int k = b.colIdx[q];
        if (mark[k] != stamp) {
          mark[k] = stamp;
          w.touch(k);
        }
      }
      products += b.rowPtr[j + 1] - b.rowPtr[j];
    }
    return products;
  }

  /**
   * As {@link #rowFp}, computing only the columns the mask lets through ({@code marked !=
   * complement}, marks in {@link RowWorkspace#maskMark}): a masked-out product is never formed.
   */
  static long rowFpMasked(SparseRows a, int i, SparseRows b, Monoid add, BinaryOp mul,
      boolean complement, RowWorkspace w) {
    w.startRow();
    final int[] mark = w.mark;
    final int stamp = w.stamp;
    final int[] mm = w.maskMark;
    final int ms = w.maskStamp;
    final double[] acc = w.fpAcc;
    long products = 0;
    for (int p = a.rowPtr[i], pe = a.rowPtr[i + 1]; p < pe; p++) {
      int j = a.colIdx[p];
      if (j < 0) {
        continue;
      }
      double aij = a.fpVals[p];
      for (int q = b.rowPtr[j], qe = b.rowPtr[j + 1]; q < qe; q++) {
        int k = b.colIdx[q];
        if ((mm[k] == ms) == complement) {
          continue;
        }
        products++;
        double t = mul.applyAsDouble(aij, b.fpVals[q]);
        if (mark[k] != stamp) {
          mark[k] = stamp;
          acc[k] = t;
          w.touch(k);
        } else {
          acc[k] = add.applyAsDouble(acc[k], t);
        }
      }
    }
    return products;
  }

  /** As {@link #rowFpMasked} over 64-bit integers. */
  static long rowIntMasked(SparseRows a, int i, SparseRows b, Monoid add, BinaryOp mul,
      boolean complement, RowWorkspace w) {
    w.startRow();
    final int[] mark = w.mark;
    final int stamp = w.stamp;
    final int[] mm = w.maskMark;
    final int ms = w.maskStamp;
    final long[] acc = w.intAcc;
    long products = 0;
    for (int p = a.rowPtr[i], pe = a.rowPtr[i + 1]; p < pe; p++) {
      int j = a.colIdx[p];
      if (j < 0) {
        continue;
      }
      long aij = a.intVals[p];
      for (int q = b.rowPtr[j], qe = b.rowPtr[j + 1]; q < qe; q++) {
        int k = b.colIdx[q];
        if ((mm[k] == ms) == complement) {
          continue;
        }
        products++;
        long t = mul.applyAsLong(aij, b.intVals[q]);
        if (mark[k] != stamp) {
          mark[k] = stamp;
          acc[k] = t;
          w.touch(k);
        } else {
          acc[k] = add.applyAsLong(acc[k], t);
        }
      }
    }
    return products;
  }
}
