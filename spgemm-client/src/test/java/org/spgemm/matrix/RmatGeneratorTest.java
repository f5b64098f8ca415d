package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RmatGeneratorTest {

  private static double sum(SparseMatrix m) {
    double total = 0;
    for (int p = 0; p < m.nnz(); p++) {
      total += m.valueAt(p);
    }
    return total;
  }

  @Test
  void sameSeedSameMatrixOtherSeedOtherMatrix() {
    SparseMatrix a = RmatGenerator.generate(10, 8, 1);
    assertEquals(a, RmatGenerator.generate(10, 8, 1));
    assertNotEquals(a, RmatGenerator.generate(10, 8, 2));
  }

  @Test
  void shapeAndEdgeTotal() {
    SparseMatrix m = RmatGenerator.generate(10, 8, 123);
    assertEquals(1024, m.rows());
    assertEquals(1024, m.cols());
    assertEquals(8.0 * 1024, sum(m));
    assertTrue(m.nnz() < 8 * 1024, "repeated edges must have been merged");
    for (int p = 0; p < m.nnz(); p++) {
      double v = m.valueAt(p);
      assertTrue(v >= 1 && v == Math.rint(v), "multiplicity " + v);
    }
  }

  @Test
  void defaultEdgeFactorIsSixteen() {
    SparseMatrix m = RmatGenerator.generate(9, 77);
    assertEquals(RmatGenerator.generate(9, 16, 77), m);
    assertEquals(16.0 * 512, sum(m));
  }

  @Test
  void degreesAreSkewed() {
    SparseMatrix m = RmatGenerator.generate(12, 16, 9);
    double mean = (double) m.nnz() / m.rows();
    assertTrue(m.maxRowNnz() > 10 * mean, "max row " + m.maxRowNnz() + ", mean " + mean);
    // The 0.57 + 0.19 top half: row 0 is the heaviest region, the last row nearly empty.
    assertTrue(m.rowNnz(0) > m.rowNnz(m.rows() - 1));
    SparseMatrix t = m.transpose();
    assertTrue(t.maxRowNnz() > 10 * mean, "column skew");
  }

  @Test
  void smallScalesAndZeroEdgeFactor() {
    SparseMatrix one = RmatGenerator.generate(0, 5, 3);
    assertEquals(1, one.rows());
    assertEquals(1, one.nnz());
    assertEquals(5.0, one.valueAt(0));
    assertEquals(SparseMatrix.empty(8, 8), RmatGenerator.generate(3, 0, 3));
  }

  @Test
  void scale14IsQuick() {
    long start = System.nanoTime();
    SparseMatrix m = RmatGenerator.generate(14, 16, 2024);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(16.0 * 16384, sum(m));
    assertTrue(millis < 10_000, "took " + millis + " ms");
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> RmatGenerator.generate(-1, 16, 0));
    assertThrows(IllegalArgumentException.class, () -> RmatGenerator.generate(31, 16, 0));
    assertThrows(IllegalArgumentException.class, () -> RmatGenerator.generate(4, -1, 0));
    assertThrows(IllegalArgumentException.class, () -> RmatGenerator.generate(30, 16, 0));
  }
}
