package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SparseMatrixTest {

  @Test
  void fromCoordinatesSortsAndSumsDuplicates() {
    int[] r = {2, 0, 2, 0, 2, 1, 99};
    int[] c = {1, 3, 0, 3, 1, 2, 99};
    double[] v = {1, 2, 3, 4, 5, 6, 99};
    SparseMatrix m = SparseMatrix.fromCoordinates(3, 4, r, c, v, 6);
    assertEquals(3, m.rows());
    assertEquals(4, m.cols());
    assertEquals(4, m.nnz());
    assertArrayEquals(new int[] {0, 1, 2, 4}, m.rowPtr());
    assertArrayEquals(new int[] {3, 2, 0, 1}, m.colIdx());
    assertArrayEquals(new double[] {6, 6, 3, 6}, m.values());
    assertArrayEquals(new int[] {2, 0, 2, 0, 2, 1, 99}, r, "input must not be modified");
  }

  @Test
  void fromCoordinatesMatchesTreeMapOnRandomInput() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int trial = 0; trial < 50; trial++) {
      int rows = rnd.nextInt(0, 20);
      int cols = rnd.nextInt(0, 20);
      int n = rows == 0 || cols == 0 ? 0 : rnd.nextInt(0, 200);
      int[] r = new int[n];
      int[] c = new int[n];
      double[] v = new double[n];
      TreeMap<Long,Double> expected = new TreeMap<>();
      for (int e = 0; e < n; e++) {
        r[e] = rnd.nextInt(rows);
        c[e] = rnd.nextInt(cols);
        v[e] = rnd.nextInt(-5, 6);
        expected.merge((long) r[e] * cols + c[e], v[e], Double::sum);
      }
      SparseMatrix m = SparseMatrix.fromCoordinates(rows, cols, r, c, v, n);
      assertEquals(expected.size(), m.nnz());
      int p = 0;
      for (int i = 0; i < rows; i++) {
        for (int q = m.rowStart(i); q < m.rowEnd(i); q++) {
          Map.Entry<Long,Double> e = expected.pollFirstEntry();
          assertEquals((long) i * cols + m.colAt(q), e.getKey());
          assertEquals(e.getValue(), m.valueAt(q));
          p++;
        }
      }
      assertEquals(m.nnz(), p);
    }
  }

  @Test
  void fromCoordinatesHandlesPreSortedInputWithDuplicates() {
    // Row-major with a duplicate at (1,2); expected result is the same from any input order.
    SparseMatrix expected = SparseMatrix.ofCsr(3, 4, new int[] {0, 2, 4, 5},
        new int[] {0, 3, 0, 2, 3}, new double[] {1, 2, 3, 9, 6});
    assertEquals(expected, SparseMatrix.fromCoordinates(3, 4, new int[] {0, 0, 1, 1, 1, 2},
        new int[] {0, 3, 0, 2, 2, 3}, new double[] {1, 2, 3, 4, 5, 6}, 6));
    // Column-major (ascending columns, rows unordered within a column), duplicate at (1,2).
    assertEquals(expected, SparseMatrix.fromCoordinates(3, 4, new int[] {0, 1, 1, 1, 2, 0},
        new int[] {0, 0, 2, 2, 3, 3}, new double[] {1, 3, 4, 5, 6, 2}, 6));
    // Rows ascend but a row's columns do not: not row-major.
    assertEquals(expected, SparseMatrix.fromCoordinates(3, 4, new int[] {0, 0, 1, 1, 1, 2},
        new int[] {3, 0, 2, 0, 2, 3}, new double[] {2, 1, 4, 3, 5, 6}, 6));
  }

  @Test
  void fromCoordinatesNamesTheBadEntry() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.fromCoordinates(4, 5, new int[] {0, 1, 3}, new int[] {0, 1, 5},
            new double[] {1, 1, 1}, 3));
    assertEquals("entry 2 (row 3, column 5) is out of range for a 4x5 matrix", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.fromCoordinates(4, 5, new int[] {-1}, new int[] {0}, new double[] {1},
            1));
    assertTrue(e.getMessage().contains("entry 0 (row -1, column 0)"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.fromCoordinates(4, 5, new int[1], new int[1], new double[1], 2));
    assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.fromCoordinates(-1, 5, new int[0], new int[0], new double[0], 0));
  }

  @Test
  void emptyMatrix() {
    SparseMatrix m = SparseMatrix.empty(3, 2);
    assertEquals(0, m.nnz());
    assertEquals(0, m.rowNnz(2));
    assertEquals(0, m.maxRowNnz());
    assertFalse(m.hasEntry(2, 1));
    assertEquals(OptionalDouble.empty(), m.get(0, 0));
    assertEquals(SparseMatrix.empty(2, 3), m.transpose());
    assertEquals(SparseMatrix.empty(0, 0), SparseMatrix.empty(0, 0).transpose());
    assertNotEquals(SparseMatrix.empty(3, 2), SparseMatrix.empty(2, 3));
  }

  @Test
  void getDistinguishesStoredZeroFromMissing() {
    SparseMatrix m = SparseMatrix.fromCoordinates(2, 3, new int[] {0, 1, 1},
        new int[] {2, 0, 1}, new double[] {0.0, 5, -2}, 3);
    assertTrue(m.hasEntry(0, 2));
    assertEquals(OptionalDouble.of(0.0), m.get(0, 2));
    assertFalse(m.hasEntry(0, 1));
    assertEquals(OptionalDouble.of(-2), m.get(1, 1));
    assertEquals(2, m.rowNnz(1));
    assertEquals(2, m.maxRowNnz());
    assertThrows(IndexOutOfBoundsException.class, () -> m.get(2, 0));
    assertThrows(IndexOutOfBoundsException.class, () -> m.hasEntry(0, 3));
  }

  @Test
  void accessorsReturnCopies() {
    SparseMatrix m = SparseMatrix.fromCoordinates(1, 1, new int[] {0}, new int[] {0},
        new double[] {4}, 1);
    m.values()[0] = 5;
    m.colIdx()[0] = 7;
    m.rowPtr()[1] = 0;
    assertEquals(OptionalDouble.of(4), m.get(0, 0));
    assertEquals(1, m.nnz());
  }

  @Test
  void transposeSwapsEveryEntry() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int trial = 0; trial < 20; trial++) {
      SparseMatrix m = RandomMatrices.smallIntegers(rnd, rnd.nextInt(0, 12), rnd.nextInt(0, 12),
          0.3);
      SparseMatrix t = m.transpose();
      assertEquals(m.cols(), t.rows());
      assertEquals(m.rows(), t.cols());
      assertEquals(m.nnz(), t.nnz());
      for (int i = 0; i < m.rows(); i++) {
        for (int j = 0; j < m.cols(); j++) {
          assertEquals(m.get(i, j), t.get(j, i));
        }
      }
      assertEquals(m, t.transpose());
    }
  }

  @Test
  void equalsAndHashCodeAreExact() {
    SparseMatrix a = SparseMatrix.fromCoordinates(2, 2, new int[] {0, 1}, new int[] {1, 0},
        new double[] {1.5, 0.0}, 2);
    SparseMatrix b = SparseMatrix.fromCoordinates(2, 2, new int[] {1, 0, 0}, new int[] {0, 1, 1},
        new double[] {0.0, 1.0, 0.5}, 3);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    SparseMatrix negativeZero = SparseMatrix.fromCoordinates(2, 2, new int[] {0, 1},
        new int[] {1, 0}, new double[] {1.5, -0.0}, 2);
    assertNotEquals(a, negativeZero);
    SparseMatrix otherShape = SparseMatrix.fromCoordinates(2, 3, new int[] {0, 1},
        new int[] {1, 0}, new double[] {1.5, 0.0}, 2);
    assertNotEquals(a, otherShape);
    SparseMatrix missingZero = SparseMatrix.fromCoordinates(2, 2, new int[] {0},
        new int[] {1}, new double[] {1.5}, 1);
    assertNotEquals(a, missingZero);
    assertNotEquals(a, null);
  }

  @Test
  void ofCsrCopiesAndValidates() {
    int[] ptr = {0, 2, 2, 3};
    int[] col = {0, 3, 1};
    double[] val = {1, 2, 3};
    SparseMatrix m = SparseMatrix.ofCsr(3, 4, ptr, col, val);
    col[0] = 2;
    assertEquals(OptionalDouble.of(1), m.get(0, 0));
    assertEquals(SparseMatrix.fromCoordinates(3, 4, new int[] {0, 0, 2}, new int[] {0, 3, 1},
        new double[] {1, 2, 3}, 3), m);

    assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.ofCsr(3, 4, new int[] {0, 2, 3}, new int[] {0, 1, 2}, new double[3]));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.ofCsr(2, 4, new int[] {0, 2, 3}, new int[] {1, 1, 2}, new double[3]));
    assertTrue(e.getMessage().contains("row 0 columns are not strictly ascending"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.ofCsr(2, 4, new int[] {0, 2, 3}, new int[] {1, 2, 4}, new double[3]));
    assertTrue(e.getMessage().contains("row 1 has column 4 out of range 0..3"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.ofCsr(2, 4, new int[] {0, 2, 1}, new int[] {1, 2}, new double[2]));
    assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.ofCsr(2, 4, new int[] {0, 1, 2}, new int[] {1, 2}, new double[3]));
  }

  @Test
  void partialProductsCountsScalarMultiplications() {
    SplittableRandom rnd = new SplittableRandom(3);
    for (int trial = 0; trial < 20; trial++) {
      int n = rnd.nextInt(0, 10);
      SparseMatrix a = RandomMatrices.smallIntegers(rnd, rnd.nextInt(0, 10), n, 0.4);
      SparseMatrix b = RandomMatrices.smallIntegers(rnd, n, rnd.nextInt(0, 10), 0.4);
      long expected = 0;
      for (int i = 0; i < a.rows(); i++) {
        for (int j = 0; j < n; j++) {
          for (int k = 0; k < b.cols(); k++) {
            if (a.hasEntry(i, j) && b.hasEntry(j, k)) {
              expected++;
            }
          }
        }
      }
      assertEquals(expected, a.partialProducts(b));
      assertEquals(expected, ReferenceMultiply.partialProducts(a, b));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SparseMatrix.empty(2, 3).partialProducts(SparseMatrix.empty(2, 3)));
    assertEquals("shape mismatch: A is 2x3 but B is 2x3 (A columns must equal B rows)",
        e.getMessage());
  }

  @Test
  void toStringShowsShapeAndSmallContents() {
    SparseMatrix m = SparseMatrix.fromCoordinates(2, 3, new int[] {1}, new int[] {2},
        new double[] {4}, 1);
    assertEquals("2x3 matrix, 1 entries {(1,2)=4.0}", m.toString());
  }
}
