package org.spgemm.kernel;

import java.util.Arrays;
import org.spgemm.algebra.Semiring;

/**
 * Row-by-row SpGEMM over one batch: computes C(i,:) for a row i of an A batch against the B panel
 * B(Φ), leaving the sorted result in the caller's {@link RowWorkspace}. Checks its inputs once per
 * batch ({@link #prepare}); the loops live in {@link GustavsonRowKernel}.
 */
public final class RowSpGemm {

  private RowSpGemm() {}

  /**
   * Checks that the batch and panel fit together and sizes the workspace.
   *
   * @param columns number of distinct C columns (local ids of the panel are below it)
   */
  public static void prepare(SparseRows a, SparseRows b, int columns, RowWorkspace w) {
    if (a.isInteger() != b.isInteger()) {
      throw new IllegalArgumentException("A batch and B panel hold different value domains");
    }
    for (int p = 0; p < a.nnz; p++) {
      if (a.colIdx[p] >= b.rows) {
        throw new IllegalArgumentException(
            "A batch refers to panel row " + a.colIdx[p] + " of " + b.rows);
      }
    }
    w.ensureColumns(columns, a.isInteger());
  }

  /**
   * Computes row {@code i} of C = A·B into {@code w} (columns ascending).
   *
   * @param symbolic when true only the structure is computed (values are left undefined)
   * @return partial products formed for this row
   */
  public static long multiplyRow(SparseRows a, int i, SparseRows b, Semiring s, boolean symbolic,
      RowWorkspace w) {
    long products;
    if (symbolic) {
      products = GustavsonRowKernel.rowPattern(a, i, b, w);
    } else if (a.isInteger()) {
      products = GustavsonRowKernel.rowInt(a, i, b, s.add(), s.multiply(), w);
    } else {
      products = GustavsonRowKernel.rowFp(a, i, b, s.add(), s.multiply(), w);
    }
    // Accumulo wants qualifiers in order; panel column ids are assigned in key order.
    Arrays.sort(w.touched, 0, w.touchedCount);
    return products;
  }

  /**
   * Computes row {@code i} of C&lt;M&gt; = A·B into {@code w}: only columns whose mask mark
   * ({@link RowWorkspace#startMask}, {@link RowWorkspace#markMask}) differs from {@code
   * complement} are formed. Returns the partial products formed.
   */
  public static long multiplyRowMasked(SparseRows a, int i, SparseRows b, Semiring s,
      boolean complement, RowWorkspace w) {
    long products = a.isInteger()
        ? GustavsonRowKernel.rowIntMasked(a, i, b, s.add(), s.multiply(), complement, w)
        : GustavsonRowKernel.rowFpMasked(a, i, b, s.add(), s.multiply(), complement, w);
    Arrays.sort(w.touched, 0, w.touchedCount);
    return products;
  }

  /**
   * Starts a row whose partial products arrive one at a time ({@link #accumulate}), as they do
   * when its B rows stream by instead of being held as a panel. Column ids may grow as they come;
   * {@link #endStreamedRow} puts them in key order.
   */
  public static void startStreamedRow(RowWorkspace w) {
    w.startRow();
  }

  /** Adds {@code aij ⊗ bjk} into column {@code k} of the streamed row. */
  public static void accumulate(int k, double aij, double bjk, Semiring s, RowWorkspace w) {
    if (k >= w.mark.length || k >= w.fpAcc.length) {
      w.ensureColumns(k + 1, false);
    }
    double t = s.multiply().applyAsDouble(aij, bjk);
    if (w.mark[k] != w.stamp) {
      w.mark[k] = w.stamp;
      w.fpAcc[k] = t;
      w.touch(k);
    } else {
      w.fpAcc[k] = s.add().applyAsDouble(w.fpAcc[k], t);
    }
  }

  /**
   * As {@link #accumulate(int, double, double, Semiring, RowWorkspace)} for the structure only:
   * column {@code k} is marked, no value is computed (a count of C's pattern).
   */
  public static void mark(int k, boolean integer, RowWorkspace w) {
    if (k >= w.mark.length) {
      w.ensureColumns(k + 1, integer);
    }
    if (w.mark[k] != w.stamp) {
      w.mark[k] = w.stamp;
      w.touch(k);
    }
  }

  /** As {@link #accumulate(int, double, double, Semiring, RowWorkspace)} over 64-bit integers. */
  public static void accumulate(int k, long aij, long bjk, Semiring s, RowWorkspace w) {
    if (k >= w.mark.length || k >= w.intAcc.length) {
      w.ensureColumns(k + 1, true);
    }
    long t = s.multiply().applyAsLong(aij, bjk);
    if (w.mark[k] != w.stamp) {
      w.mark[k] = w.stamp;
      w.intAcc[k] = t;
      w.touch(k);
    } else {
      w.intAcc[k] = s.add().applyAsLong(w.intAcc[k], t);
    }
  }

  /**
   * Ends a streamed row: column id {@code c} becomes {@code rank[c]} (ranks give key order), and
   * the row reads like one {@link #multiplyRow} computed. Nothing may be accumulated after this.
   */
  public static void endStreamedRow(RowWorkspace w, int[] rank, boolean integer) {
    w.ensureColumns(rank.length, integer);
    int n = w.touchedCount;
    long[] ints = integer ? new long[n] : null;
    double[] fps = integer ? null : new double[n];
    for (int k = 0; k < n; k++) {
      if (integer) {
        ints[k] = w.intAcc[w.touched[k]];
      } else {
        fps[k] = w.fpAcc[w.touched[k]];
      }
      w.touched[k] = rank[w.touched[k]];
    }
    for (int k = 0; k < n; k++) {
      if (integer) {
        w.intAcc[w.touched[k]] = ints[k];
      } else {
        w.fpAcc[w.touched[k]] = fps[k];
      }
    }
    Arrays.sort(w.touched, 0, n);
  }

  /** An empty row: nothing computed (a mask that lets no column through). */
  public static void emptyRow(RowWorkspace w) {
    w.startRow();
  }
}
