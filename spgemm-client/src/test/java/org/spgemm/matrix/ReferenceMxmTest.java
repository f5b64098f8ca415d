package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;

class ReferenceMxmTest {

  private static final Domain FP = Domain.FP64;

  /** An FP64 matrix from (row, column, value) triples. */
  private static SparseMatrix m(int rows, int cols, double... triples) {
    return Triples.fp64(rows, cols, triples);
  }

  // The running example: T = A·I = {(0,0)=1, (0,1)=2, (1,1)=4}; C = {(0,0)=10, (1,0)=30,
  // (1,1)=40}; the mask holds (0,0)=1, an explicit zero at (0,1), and (1,0)=5.
  private static final SparseMatrix A = m(2, 2, 0, 0, 1, 0, 1, 2, 1, 1, 4);
  private static final SparseMatrix I = m(2, 2, 0, 0, 1, 1, 1, 1);
  private static final SparseMatrix C = m(2, 2, 0, 0, 10, 1, 0, 30, 1, 1, 40);
  private static final SparseMatrix M = m(2, 2, 0, 0, 1, 0, 1, 0, 1, 0, 5);

  private static SparseMatrix run(SparseMatrix c, SparseMatrix mask, MaskMode mode,
      boolean complement, BinaryOp accum, boolean replace) {
    return ReferenceMxm.mxm(c, mask, mode, complement, accum, Semirings.PLUS_TIMES, A, I,
        replace, FP);
  }

  @Test
  void withoutMaskAndAccumTheResultIsTAndOldCIsDiscarded() {
    SparseMatrix t = m(2, 2, 0, 0, 1, 0, 1, 2, 1, 1, 4);
    assertEquals(t, run(C, null, null, false, null, false));
    assertEquals(t, run(C, null, null, false, null, true));
    assertEquals(t, run(null, null, null, false, null, false));
  }

  @Test
  void accumulatorsCombineOverlapsAndKeepEitherSideElsewhere() {
    // overlaps at (0,0): C 10, T 1 and (1,1): C 40, T 4; C alone at (1,0); T alone at (0,1)
    assertEquals(m(2, 2, 0, 0, 11, 0, 1, 2, 1, 0, 30, 1, 1, 44),
        run(C, null, null, false, BinaryOps.PLUS, false));
    assertEquals(m(2, 2, 0, 0, 1, 0, 1, 2, 1, 0, 30, 1, 1, 4),
        run(C, null, null, false, BinaryOps.MIN, false));
    assertEquals(m(2, 2, 0, 0, 10, 0, 1, 2, 1, 0, 30, 1, 1, 40),
        run(C, null, null, false, BinaryOps.FIRST, false));
    assertEquals(m(2, 2, 0, 0, 1, 0, 1, 2, 1, 0, 30, 1, 1, 4),
        run(C, null, null, false, BinaryOps.SECOND, false));
    assertEquals(m(2, 2, 0, 0, 10, 0, 1, 2, 1, 0, 30, 1, 1, 160),
        run(C, null, null, false, BinaryOps.TIMES, false));
    // replace without a mask changes nothing: the mask is all true
    assertEquals(run(C, null, null, false, BinaryOps.PLUS, false),
        run(C, null, null, false, BinaryOps.PLUS, true));
  }

  @Test
  void valueMaskIgnoresStoredZeros() {
    // true at (0,0) and (1,0); (0,1) is a stored zero, so false
    assertEquals(m(2, 2, 0, 0, 1, 1, 1, 40), run(C, M, MaskMode.VALUE, false, null, false));
    assertEquals(m(2, 2, 0, 0, 1), run(C, M, MaskMode.VALUE, false, null, true));
    assertEquals(m(2, 2, 0, 0, 11, 1, 0, 30, 1, 1, 40),
        run(C, M, MaskMode.VALUE, false, BinaryOps.PLUS, false));
    assertEquals(m(2, 2, 0, 0, 11, 1, 0, 30),
        run(C, M, MaskMode.VALUE, false, BinaryOps.PLUS, true));
  }

  @Test
  void structuralMaskCountsStoredZeros() {
    // true at (0,0), (0,1), (1,0); at (1,0) Z has no entry (no accum), so C's 30 goes
    assertEquals(m(2, 2, 0, 0, 1, 0, 1, 2, 1, 1, 40),
        run(C, M, MaskMode.STRUCTURE, false, null, false));
    assertEquals(m(2, 2, 0, 0, 1, 0, 1, 2), run(C, M, MaskMode.STRUCTURE, false, null, true));
  }

  @Test
  void complementedMasks() {
    // value mask complemented: true at (0,1) and (1,1)
    assertEquals(m(2, 2, 0, 0, 10, 0, 1, 2, 1, 0, 30, 1, 1, 4),
        run(C, M, MaskMode.VALUE, true, null, false));
    assertEquals(m(2, 2, 0, 1, 2, 1, 1, 4), run(C, M, MaskMode.VALUE, true, null, true));
    assertEquals(m(2, 2, 0, 1, 2, 1, 1, 44),
        run(C, M, MaskMode.VALUE, true, BinaryOps.PLUS, true));
    // structural mask complemented: true at (1,1) only
    assertEquals(m(2, 2, 0, 0, 10, 1, 0, 30, 1, 1, 4),
        run(C, M, MaskMode.STRUCTURE, true, null, false));
    assertEquals(m(2, 2, 1, 1, 4), run(C, M, MaskMode.STRUCTURE, true, null, true));
    // no mask complemented: all false, so C is kept, or cleared under replace
    assertEquals(C, run(C, null, null, true, BinaryOps.PLUS, false));
    assertEquals(SparseMatrix.empty(2, 2), run(C, null, null, true, null, true));
  }

  @Test
  void rectangularTransposes() {
    SparseMatrix a = m(3, 2, 0, 0, 1, 1, 1, 2, 2, 0, 3); // A' = {(0,0)=1, (0,2)=3, (1,1)=2}
    SparseMatrix b = m(4, 3, 0, 0, 1, 1, 2, 1, 2, 1, 5, 3, 0, 2); // B' 3x4
    SparseMatrix t = m(2, 4, 0, 0, 1, 0, 1, 3, 0, 3, 2, 1, 2, 10);
    assertEquals(t, ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a, b,
        true, true, false, null, null, FP));
    // one transpose at a time, against the explicitly transposed operand
    assertEquals(t, ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a,
        b.transpose(), true, false, false, null, null, FP));
    assertEquals(t, ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES,
        a.transpose(), b, false, true, false, null, null, FP));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a, b, false,
            false, false, null, null, FP));
    assertTrue(e.getMessage().contains("3x2") && e.getMessage().contains("4x3"), e.getMessage());
  }

  @Test
  void subsetsRestrictRowsOfAAndColumnsOfB() {
    SparseMatrix a = m(3, 3, 0, 0, 1, 0, 2, 2, 1, 1, 3, 2, 0, 4, 2, 2, 5);
    SparseMatrix b = m(3, 3, 0, 1, 1, 1, 0, 1, 2, 1, 1, 2, 2, 1);
    // A·B = {(0,1)=3, (0,2)=2, (1,0)=3, (2,1)=9, (2,2)=5}
    assertEquals(m(3, 3, 0, 1, 3, 0, 2, 2, 1, 0, 3, 2, 1, 9, 2, 2, 5),
        ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a, b, false, false,
            false, null, null, FP));
    assertEquals(m(3, 3, 1, 0, 3, 2, 1, 9, 2, 2, 5), mxmRanges(null, a, b, new int[] {1, 2},
        null));
    assertEquals(m(3, 3, 0, 1, 3, 2, 1, 9), mxmRanges(null, a, b, null, new int[] {1, 1}));
    assertEquals(m(3, 3, 2, 1, 9), mxmRanges(null, a, b, new int[] {2, 2}, new int[] {0, 1}));
    // the range applies to op(A): rows of A' are columns of A
    assertEquals(m(3, 3, 2, 1, 7, 2, 2, 5), // A'(2,:) = {(2,0)=2, (2,2)=5}
        ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a, b, true, false,
            false, new int[] {2, 2}, null, FP));
    // empty ranges: T is empty, so C goes without accum and stays with it
    SparseMatrix c = m(3, 3, 1, 1, 7);
    assertEquals(SparseMatrix.empty(3, 3), mxmRanges(c, a, b, new int[] {2, 1}, null));
    assertEquals(SparseMatrix.empty(3, 3), mxmRanges(c, a, b, null, new int[] {5, 9}));
    assertEquals(c, ReferenceMxm.mxm(c, null, null, false, BinaryOps.PLUS, Semirings.PLUS_TIMES,
        a, b, false, false, false, null, new int[] {1, 0}, FP));
    // a range reaching past the matrix selects what is inside
    assertEquals(m(3, 3, 1, 0, 3, 2, 1, 9, 2, 2, 5), mxmRanges(null, a, b, new int[] {1, 99},
        null));
    assertThrows(IllegalArgumentException.class, () -> mxmRanges(null, a, b, new int[] {1},
        null));
  }

  private static SparseMatrix mxmRanges(SparseMatrix c, SparseMatrix a, SparseMatrix b,
      int[] rows, int[] cols) {
    return ReferenceMxm.mxm(c, null, null, false, null, Semirings.PLUS_TIMES, a, b, false, false,
        false, rows, cols, FP);
  }

  @Test
  void shapeErrorsNameBothShapes() {
    SparseMatrix a = m(2, 3);
    SparseMatrix b = m(3, 4);
    for (SparseMatrix wrong : new SparseMatrix[] {m(2, 3), m(4, 2), m(3, 4)}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ReferenceMxm.mxm(wrong, null, null, false, null, Semirings.PLUS_TIMES, a, b,
              false, FP));
      assertTrue(e.getMessage().contains(wrong.rows() + "x" + wrong.cols())
          && e.getMessage().contains("2x4"), e.getMessage());
      e = assertThrows(IllegalArgumentException.class,
          () -> ReferenceMxm.mxm(null, wrong, MaskMode.VALUE, false, null, Semirings.PLUS_TIMES,
              a, b, false, FP));
      assertTrue(e.getMessage().contains(wrong.rows() + "x" + wrong.cols())
          && e.getMessage().contains("2x4"), e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, b, a, false,
            FP));
    assertTrue(e.getMessage().contains("3x4") && e.getMessage().contains("2x3"), e.getMessage());
    // transposes are applied before the check
    assertEquals(4, ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, b,
        b, true, false, false, null, null, FP).rows());
  }

  @Test
  void int64IsExactAndStaysInt64() {
    long big = (1L << 53) + 1;
    SparseMatrix a = SparseMatrix.fromCoordinates(1, 1, new int[] {0}, new int[] {0},
        new long[] {big}, 1);
    SparseMatrix one = SparseMatrix.fromCoordinates(1, 1, new int[] {0}, new int[] {0},
        new long[] {1}, 1);
    SparseMatrix r = ReferenceMxm.mxm(a, null, null, false, BinaryOps.PLUS, Semirings.PLUS_TIMES,
        a, one, false, Domain.INT64);
    assertEquals(Domain.INT64, r.domain());
    assertEquals(2 * big, r.longAt(0));
  }

  // ---------------------------------------------------------------------------------------------
  // Randomized cross-check against a brute-force computation over dense arrays and a TreeMap.

  @Test
  void randomAgainstBruteForce() {
    List<Semiring> semirings = List.copyOf(Semirings.builtIn().values());
    BinaryOp[] accums = {null, BinaryOps.PLUS, BinaryOps.TIMES, BinaryOps.MIN, BinaryOps.MAX,
        BinaryOps.FIRST, BinaryOps.SECOND};
    for (long seed = 1; seed <= 400; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      int rows = rnd.nextInt(0, 7);
      int inner = rnd.nextInt(0, 7);
      int cols = rnd.nextInt(0, 7);
      boolean ta = rnd.nextBoolean();
      boolean tb = rnd.nextBoolean();
      double density = rnd.nextDouble();
      SparseMatrix a = ta ? RandomMatrices.smallIntegers(rnd, inner, rows, density)
          : RandomMatrices.smallIntegers(rnd, rows, inner, density);
      SparseMatrix b = tb ? RandomMatrices.smallIntegers(rnd, cols, inner, density)
          : RandomMatrices.smallIntegers(rnd, inner, cols, density);
      SparseMatrix c = rnd.nextInt(4) == 0 ? null
          : RandomMatrices.smallIntegers(rnd, rows, cols, rnd.nextDouble());
      SparseMatrix mask = rnd.nextInt(4) == 0 ? null
          : RandomMatrices.smallIntegers(rnd, rows, cols, rnd.nextDouble());
      MaskMode mode = rnd.nextBoolean() ? MaskMode.VALUE : MaskMode.STRUCTURE;
      boolean complement = rnd.nextBoolean();
      boolean replace = rnd.nextBoolean();
      BinaryOp accum = accums[rnd.nextInt(accums.length)];
      Semiring s = semirings.get(rnd.nextInt(semirings.size()));
      int[] rowRange = rnd.nextBoolean() ? null : range(rnd, rows);
      int[] colRange = rnd.nextBoolean() ? null : range(rnd, cols);
      Domain domain = rnd.nextBoolean() ? Domain.FP64 : Domain.INT64;
      if (domain == Domain.INT64) {
        c = c == null ? null : toInt64(c);
        a = rnd.nextBoolean() ? toInt64(a) : a; // FP64 inputs with integral values also work
      }
      SparseMatrix expected = bruteForce(c, mask, mode, complement, accum, s, a, b, ta, tb,
          replace, rowRange, colRange, domain);
      SparseMatrix actual = ReferenceMxm.mxm(c, mask, mode, complement, accum, s, a, b, ta, tb,
          replace, rowRange, colRange, domain);
      assertEquals(expected, actual, "seed " + seed);
    }
  }

  private static int[] range(SplittableRandom rnd, int n) {
    int lo = rnd.nextInt(-1, n + 2);
    return new int[] {lo, lo + rnd.nextInt(-1, n + 1)};
  }

  private static SparseMatrix toInt64(SparseMatrix m) {
    return SparseMatrix.fromCoordinates(m.rows(), m.cols(), Triples.entryRows(m), m.colIdx(),
        m.longValues(), m.nnz());
  }

  /** Entries of m as a dense array of boxed values (null = no entry), transposed if asked. */
  private static Object[][] dense(SparseMatrix m, boolean transpose, Domain domain) {
    Object[][] d = transpose ? new Object[m.cols()][m.rows()] : new Object[m.rows()][m.cols()];
    for (int i = 0; i < m.rows(); i++) {
      for (int p = m.rowStart(i); p < m.rowEnd(i); p++) {
        Object v = domain == Domain.INT64 ? (Object) m.longAt(p) : (Object) m.valueAt(p);
        if (transpose) {
          d[m.colAt(p)][i] = v;
        } else {
          d[i][m.colAt(p)] = v;
        }
      }
    }
    return d;
  }

  private static Object op(BinaryOp f, Object x, Object y) {
    return x instanceof Long ? (Object) f.applyAsLong((Long) x, (Long) y)
        : (Object) f.applyAsDouble((Double) x, (Double) y);
  }

  private static boolean in(int[] range, int i) {
    return range == null || (range[0] <= i && i <= range[1]);
  }

  /** The GraphBLAS steps position by position, with a TreeMap for the result. */
  private static SparseMatrix bruteForce(SparseMatrix c, SparseMatrix mask, MaskMode mode,
      boolean complement, BinaryOp accum, Semiring s, SparseMatrix a, SparseMatrix b, boolean ta,
      boolean tb, boolean replace, int[] rowRange, int[] colRange, Domain domain) {
    Object[][] da = dense(a, ta, domain);
    Object[][] db = dense(b, tb, domain);
    int rows = ta ? a.cols() : a.rows();
    int inner = ta ? a.rows() : a.cols();
    int cols = tb ? b.rows() : b.cols();
    Object[][] dc = c == null ? new Object[rows][cols] : dense(c, false, domain);
    Object[][] dm = mask == null ? null : dense(mask, false, Domain.FP64);
    Map<Long,Object> out = new TreeMap<>();
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        Object t = null;
        for (int k = 0; k < inner && in(rowRange, i) && in(colRange, j); k++) {
          if (da[i][k] != null && db[k][j] != null) {
            Object product = op(s.multiply(), da[i][k], db[k][j]);
            t = t == null ? product : op(s.add(), t, product);
          }
        }
        Object old = dc[i][j];
        Object z = accum == null ? t
            : old != null && t != null ? op(accum, old, t) : old != null ? old : t;
        boolean mij = mask == null || (dm[i][j] != null
            && (mode == MaskMode.STRUCTURE || (Double) dm[i][j] != 0.0));
        Object result = mij != complement ? z : replace ? null : old;
        if (result != null) {
          out.put((long) i * cols + j, result);
        }
      }
    }
    int n = out.size();
    int[] r = new int[n];
    int[] cc = new int[n];
    double[] dv = new double[n];
    long[] lv = new long[n];
    int e = 0;
    for (Map.Entry<Long,Object> en : out.entrySet()) {
      r[e] = (int) (en.getKey() / cols);
      cc[e] = (int) (en.getKey() % cols);
      if (domain == Domain.INT64) {
        lv[e] = (Long) en.getValue();
      } else {
        dv[e] = (Double) en.getValue();
      }
      e++;
    }
    return domain == Domain.INT64 ? SparseMatrix.fromCoordinates(rows, cols, r, cc, lv, n)
        : SparseMatrix.fromCoordinates(rows, cols, r, cc, dv, n);
  }
}
