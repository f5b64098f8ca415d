package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;

/**
 * INT64 matrices stay exact through the reference multiply and the comparison, and wrap on
 * overflow as GraphBLAS INT64 does; hypersparse (row- or column-compressed) matrices behave like
 * their row-indexed twins.
 */
class Int64AndHypersparseTest {

  @Test
  void int64ProductsWrapAroundAsGraphBlasInt64() {
    long x = 3_037_000_500L; // x*x = 9223372037000250000 > 2^63 - 1
    SparseMatrix a = Triples.int64(1, 1, 0, 0, x);
    SparseMatrix c = ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES, Domain.INT64);
    assertEquals(Domain.INT64, c.domain());
    assertEquals(x * x, c.longAt(0));
    assertEquals(-9223372036709301616L, c.longAt(0), "two's complement wrap of 3037000500^2");
    // sums wrap too: MAX + 1 = MIN
    SparseMatrix row = Triples.int64(1, 2, 0, 0, Long.MAX_VALUE, 0, 1, 1);
    SparseMatrix col = Triples.int64(2, 1, 0, 0, 1, 1, 0, 1);
    assertEquals(Long.MIN_VALUE,
        ReferenceMultiply.multiply(row, col, Semirings.PLUS_TIMES, Domain.INT64).longAt(0));
  }

  @Test
  void int64ProductsAreExactBeyondTwoToThe53() {
    long big = (1L << 53) + 1;
    SparseMatrix a = Triples.int64(1, 2, 0, 0, big, 0, 1, Long.MAX_VALUE);
    SparseMatrix b = Triples.int64(2, 2, 0, 0, 1, 1, 1, 1);
    SparseMatrix exact = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES, Domain.INT64);
    assertArrayEquals(new long[] {big, Long.MAX_VALUE}, exact.longValues());
    SparseMatrix fp = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    assertEquals(Domain.FP64, fp.domain());
    assertEquals(9007199254740992.0, fp.valueAt(0), "FP64 rounds 2^53+1");
    // the comparison of two INT64 matrices is exact; with FP64 in the mix it is by tolerance
    SparseMatrix off = Triples.int64(1, 2, 0, 0, big - 1, 0, 1, Long.MAX_VALUE);
    MatrixComparison cmp = MatrixComparison.compare(exact, off, 1e-9);
    assertFalse(cmp.equal());
    assertEquals("[C(1,1) = 9007199254740992, expected 9007199254740993]",
        cmp.firstDifferences().toString());
    assertTrue(MatrixComparison.compare(exact, fp, 1e-9).equal());
  }

  @Test
  void fp64InputsMustBeIntegersToMultiplyInInt64() {
    SparseMatrix half = SparseMatrix.fromCoordinates(1, 1, new int[] {0}, new int[] {0},
        new double[] {0.5}, 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReferenceMultiply.multiply(half, half, Semirings.PLUS_TIMES, Domain.INT64));
    assertEquals("0.5 is not a 64-bit integer", e.getMessage());
  }

  @Test
  void int64AgreesWithFp64OnSmallIntegersForEverySemiring() {
    SplittableRandom rnd = new SplittableRandom(3);
    for (Semiring s : Semirings.builtIn().values()) {
      for (int trial = 0; trial < 20; trial++) {
        SparseMatrix a = RandomMatrices.smallIntegers(rnd, 9, 7, 0.4);
        SparseMatrix b = RandomMatrices.smallIntegers(rnd, 7, 8, 0.4);
        SparseMatrix fp = ReferenceMultiply.multiply(a, b, s);
        SparseMatrix in = ReferenceMultiply.multiply(a, b, s, Domain.INT64);
        assertEquals(fp.nnz(), in.nnz());
        assertTrue(MatrixComparison.compare(fp, in, 0).equal(), s.name());
      }
    }
  }

  /** The same entries embedded at scattered rows and columns of a huge shape. */
  private static SparseMatrix spread(SparseMatrix m, int rows, int cols, int stride) {
    int[] r = Triples.entryRows(m);
    int[] c = m.colIdx();
    for (int p = 0; p < m.nnz(); p++) {
      r[p] *= stride;
      c[p] *= stride;
    }
    return SparseMatrix.fromCoordinates(rows, cols, r, c, m.values(), m.nnz());
  }

  @Test
  void hypersparseMatricesBehaveLikeTheirDenseTwins() {
    SplittableRandom rnd = new SplittableRandom(17);
    int stride = 10_000_000;
    for (int trial = 0; trial < 30; trial++) {
      SparseMatrix a = RandomMatrices.smallIntegers(rnd, rnd.nextInt(1, 12), rnd.nextInt(1, 12),
          rnd.nextDouble(0.05, 0.6));
      SparseMatrix b = RandomMatrices.smallIntegers(rnd, a.cols(), rnd.nextInt(1, 12),
          rnd.nextDouble(0.05, 0.6));
      SparseMatrix ha = spread(a, 200_000_000, 200_000_000, stride);
      SparseMatrix hb = spread(b, 200_000_000, 200_000_000, stride);
      assertTrue(ha.storedRows() <= a.rows(), "compressed rows");
      assertEquals(a.nnz(), ha.nnz());
      assertEquals(a.nonEmptyRows(), ha.nonEmptyRows());
      assertEquals(a.maxRowNnz(), ha.maxRowNnz());
      assertEquals(a.partialProducts(b), ha.partialProducts(hb));
      Semiring s = trial % 2 == 0 ? Semirings.PLUS_TIMES : Semirings.MIN_PLUS;
      SparseMatrix c = ReferenceMultiply.multiply(a, b, s);
      SparseMatrix hc = ReferenceMultiply.multiply(ha, hb, s);
      assertEquals(spread(c, 200_000_000, 200_000_000, stride), hc, "trial " + trial);
      assertEquals(spread(a.transpose(), 200_000_000, 200_000_000, stride), ha.transpose());
      for (int i = 0; i < a.rows(); i++) {
        assertEquals(a.rowNnz(i), ha.rowNnz(i * stride));
        assertEquals(0, ha.rowNnz(i * stride + 1), "rows in between are empty");
        for (int j = 0; j < a.cols(); j++) {
          assertEquals(a.get(i, j), ha.get(i * stride, j * stride));
        }
      }
    }
  }

  @Test
  void bothStorageFormsOfTheSameMatrixAreEqual() {
    // 3000 rows and 1 entry: compressed rows; built row-indexed through ofCsr: equal
    SparseMatrix hyper = SparseMatrix.fromCoordinates(3000, 2, new int[] {2999}, new int[] {1},
        new double[] {4}, 1);
    assertEquals(1, hyper.storedRows());
    int[] rowPtr = new int[3001];
    rowPtr[3000] = 1;
    SparseMatrix dense = SparseMatrix.ofCsr(3000, 2, rowPtr, new int[] {1}, new double[] {4});
    assertEquals(3000, dense.storedRows());
    assertEquals(dense, hyper);
    assertEquals(hyper, dense);
    assertEquals(dense.hashCode(), hyper.hashCode());
    assertArrayEquals(rowPtr, hyper.rowPtr());
    assertNotEquals(hyper, SparseMatrix.fromCoordinates(3000, 2, new int[] {2998},
        new int[] {1}, new double[] {4}, 1));
    assertEquals(SparseMatrix.empty(200_000_000, 3), SparseMatrix.fromCoordinates(200_000_000,
        3, new int[0], new int[0], new double[0], 0));
    // the domain is part of equality
    assertNotEquals(hyper, SparseMatrix.fromCoordinates(3000, 2, new int[] {2999}, new int[] {1},
        new long[] {4}, 1));
  }
}
