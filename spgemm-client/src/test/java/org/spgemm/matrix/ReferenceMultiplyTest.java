package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;

class ReferenceMultiplyTest {

  static Stream<Semiring> semirings() {
    return Semirings.builtIn().values().stream();
  }

  /** The triple loop over dense arrays, with "exists" tracked separately from the value. */
  private static SparseMatrix naive(SparseMatrix a, SparseMatrix b, Semiring s) {
    int rows = a.rows();
    int inner = a.cols();
    int cols = b.cols();
    double[][] av = new double[rows][inner];
    boolean[][] ae = new boolean[rows][inner];
    double[][] bv = new double[inner][cols];
    boolean[][] be = new boolean[inner][cols];
    for (int i = 0; i < rows; i++) {
      for (int p = a.rowStart(i); p < a.rowEnd(i); p++) {
        av[i][a.colAt(p)] = a.valueAt(p);
        ae[i][a.colAt(p)] = true;
      }
    }
    for (int j = 0; j < inner; j++) {
      for (int p = b.rowStart(j); p < b.rowEnd(j); p++) {
        bv[j][b.colAt(p)] = b.valueAt(p);
        be[j][b.colAt(p)] = true;
      }
    }
    int[] r = new int[rows * cols];
    int[] c = new int[rows * cols];
    double[] v = new double[rows * cols];
    int n = 0;
    for (int i = 0; i < rows; i++) {
      for (int k = 0; k < cols; k++) {
        boolean exists = false;
        double acc = 0;
        for (int j = 0; j < inner; j++) {
          if (ae[i][j] && be[j][k]) {
            double product = s.multiply().applyAsDouble(av[i][j], bv[j][k]);
            acc = exists ? s.add().applyAsDouble(acc, product) : product;
            exists = true;
          }
        }
        if (exists) {
          r[n] = i;
          c[n] = k;
          v[n] = acc;
          n++;
        }
      }
    }
    return SparseMatrix.fromCoordinates(rows, cols, r, c, v, n);
  }

  @ParameterizedTest
  @MethodSource("semirings")
  void matchesDenseTripleLoopOnRandomRectangularMatrices(Semiring s) {
    SplittableRandom rnd = new SplittableRandom(s.name().hashCode());
    for (int trial = 0; trial < 60; trial++) {
      int rows = rnd.nextInt(0, 15);
      int inner = rnd.nextInt(0, 15);
      int cols = rnd.nextInt(0, 15);
      SparseMatrix a = RandomMatrices.smallIntegers(rnd, rows, inner, rnd.nextDouble(0.05, 0.6));
      SparseMatrix b = RandomMatrices.smallIntegers(rnd, inner, cols, rnd.nextDouble(0.05, 0.6));
      assertEquals(naive(a, b, s), ReferenceMultiply.multiply(a, b, s),
          s.name() + " trial " + trial + ": " + a + " * " + b);
    }
  }

  @ParameterizedTest
  @MethodSource("semirings")
  void matchesDenseTripleLoopOnArbitraryDoubles(Semiring s) {
    SplittableRandom rnd = new SplittableRandom(~s.name().hashCode());
    for (int trial = 0; trial < 20; trial++) {
      SparseMatrix a = RandomMatrices.anyDoubles(rnd, 9, 11, 0.4);
      SparseMatrix b = RandomMatrices.anyDoubles(rnd, 11, 7, 0.4);
      assertEquals(naive(a, b, s), ReferenceMultiply.multiply(a, b, s));
    }
  }

  @Test
  void keepsComputedZeros() {
    // Row 0 of A·B: 1·1 + (-1)·1 = 0, stored; 2·0 = 0, stored.
    SparseMatrix a = SparseMatrix.fromCoordinates(1, 2, new int[] {0, 0}, new int[] {0, 1},
        new double[] {1, -1}, 2);
    SparseMatrix b = SparseMatrix.fromCoordinates(2, 2, new int[] {0, 1, 0}, new int[] {0, 0, 1},
        new double[] {1, 1, 0}, 3);
    SparseMatrix c = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    assertEquals(2, c.nnz());
    assertEquals(OptionalDouble.of(0), c.get(0, 0));
    assertEquals(OptionalDouble.of(0), c.get(0, 1));
  }

  @Test
  void plusPairCountsPathsAndAnyPairMarksReachability() {
    SparseMatrix g = RmatGenerator.generate(6, 4, 5);
    SparseMatrix count = ReferenceMultiply.multiply(g, g, Semirings.PLUS_PAIR);
    SparseMatrix reach = ReferenceMultiply.multiply(g, g, Semirings.ANY_PAIR);
    double total = 0;
    for (int p = 0; p < count.nnz(); p++) {
      total += count.valueAt(p);
      assertEquals(1.0, reach.valueAt(p));
    }
    assertEquals((double) g.partialProducts(g), total);
    assertEquals(count.nnz(), reach.nnz());
  }

  @Test
  void identityMatrixIsNeutral() {
    SparseMatrix a = RandomMatrices.smallIntegers(new SplittableRandom(1), 8, 6, 0.4);
    int n = 6;
    int[] idx = new int[n];
    double[] ones = new double[n];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
      ones[i] = 1;
    }
    SparseMatrix identity = SparseMatrix.fromCoordinates(n, n, idx, idx, ones, n);
    assertEquals(a, ReferenceMultiply.multiply(a, identity, Semirings.PLUS_TIMES));
  }

  @Test
  void shapeMismatch() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReferenceMultiply.multiply(SparseMatrix.empty(3, 4), SparseMatrix.empty(5, 2),
            Semirings.PLUS_TIMES));
    assertEquals("shape mismatch: A is 3x4 but B is 5x2 (A columns must equal B rows)",
        e.getMessage());
  }

  @Test
  void emptyOperands() {
    assertEquals(SparseMatrix.empty(3, 4), ReferenceMultiply.multiply(SparseMatrix.empty(3, 0),
        SparseMatrix.empty(0, 4), Semirings.PLUS_TIMES));
    assertEquals(SparseMatrix.empty(0, 0), ReferenceMultiply.multiply(SparseMatrix.empty(0, 5),
        SparseMatrix.empty(5, 0), Semirings.MIN_PLUS));
    SparseMatrix a = RandomMatrices.smallIntegers(new SplittableRandom(2), 4, 5, 0.5);
    assertEquals(SparseMatrix.empty(4, 3),
        ReferenceMultiply.multiply(a, SparseMatrix.empty(5, 3), Semirings.PLUS_TIMES));
    assertEquals(0, ReferenceMultiply.partialProducts(a, SparseMatrix.empty(5, 3)));
  }

  @Test
  void poissonSquaredHasTheWiderStencil() {
    SparseMatrix p = Poisson3D.generate(5, 7);
    SparseMatrix p2 = ReferenceMultiply.multiply(p, p, Semirings.PLUS_TIMES);
    // Interior point: itself, 6 at distance 1, 18 at distance 2 (6 straight + 12 diagonal) = 25.
    int center = 2 + 5 * (2 + 5 * 2);
    assertEquals(25, p2.rowNnz(center));
    assertEquals(OptionalDouble.of(36 + 6), p2.get(center, center));
    assertEquals(p2, p2.transpose());
  }
}
