package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Poisson3DTest {

  private static int index(int n, int x, int y, int z) {
    return x + n * (y + n * z);
  }

  /** The stencil built entry by entry through fromCoordinates, as an independent check. */
  private static SparseMatrix bruteForce(int n, int points) {
    int dim = n * n * n;
    int[] r = new int[dim * 27];
    int[] c = new int[dim * 27];
    double[] v = new double[dim * 27];
    int e = 0;
    for (int z = 0; z < n; z++) {
      for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
          for (int z2 = 0; z2 < n; z2++) {
            for (int y2 = 0; y2 < n; y2++) {
              for (int x2 = 0; x2 < n; x2++) {
                int dist = Math.abs(x - x2) + Math.abs(y - y2) + Math.abs(z - z2);
                int cheb = Math.max(Math.abs(x - x2), Math.max(Math.abs(y - y2), Math.abs(z - z2)));
                boolean neighbour = points == 7 ? dist == 1 : cheb == 1;
                if (dist == 0 || neighbour) {
                  r[e] = index(n, x, y, z);
                  c[e] = index(n, x2, y2, z2);
                  v[e] = dist == 0 ? points - 1 : -1;
                  e++;
                }
              }
            }
          }
        }
      }
    }
    return SparseMatrix.fromCoordinates(dim, dim, r, c, v, e);
  }

  /**
   * Rows of the 4x4x4 grid: nnz of an interior, a face, an edge and two corner points, the
   * diagonal, and which neighbours are coupled (only the 27-point stencil couples diagonal ones).
   */
  @ParameterizedTest(name = "{0}-point")
  @CsvSource({"7, 7, 6, 5, 4", "27, 27, 18, 12, 8"})
  void rowCounts(int points, int interior, int face, int edge, int corner) {
    int n = 4;
    SparseMatrix m = Poisson3D.generate(n, points);
    assertEquals(64, m.rows());
    assertEquals(64, m.cols());
    assertEquals(interior, m.rowNnz(index(n, 1, 2, 1)));
    assertEquals(face, m.rowNnz(index(n, 0, 1, 2)));
    assertEquals(edge, m.rowNnz(index(n, 0, 0, 2)));
    assertEquals(corner, m.rowNnz(index(n, 0, 0, 0)));
    assertEquals(corner, m.rowNnz(index(n, 3, 3, 3)));
    assertEquals(corner, m.rowNnz(index(n, 3, 0, 3)));
    assertEquals(OptionalDouble.of(points - 1), m.get(0, 0));
    assertEquals(OptionalDouble.of(points - 1), m.get(5, 5));
    assertEquals(OptionalDouble.of(-1), m.get(index(n, 1, 1, 1), index(n, 1, 1, 2)));
    assertEquals(points == 27 ? OptionalDouble.of(-1) : OptionalDouble.empty(),
        m.get(index(n, 1, 1, 1), index(n, 2, 2, 2)));
    assertEquals(points == 27, m.hasEntry(index(n, 1, 1, 1), index(n, 2, 2, 1)));
    assertEquals(m, m.transpose());
  }

  @Test
  void interiorRowsSumToZero() {
    for (int points : new int[] {7, 27}) {
      SparseMatrix m = Poisson3D.generate(5, points);
      int row = index(5, 2, 2, 2);
      double sum = 0;
      for (int p = m.rowStart(row); p < m.rowEnd(row); p++) {
        sum += m.valueAt(p);
      }
      assertEquals(0.0, sum);
    }
  }

  @Test
  void matchesBruteForce() {
    for (int n = 1; n <= 5; n++) {
      assertEquals(bruteForce(n, 7), Poisson3D.generate(n, 7), "7-point n=" + n);
      assertEquals(bruteForce(n, 27), Poisson3D.generate(n, 27), "27-point n=" + n);
    }
  }

  @Test
  void singlePointGrid() {
    SparseMatrix m = Poisson3D.generate(1, 27);
    assertEquals(1, m.nnz());
    assertEquals(OptionalDouble.of(26), m.get(0, 0));
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> Poisson3D.generate(4, 5));
    assertThrows(IllegalArgumentException.class, () -> Poisson3D.generate(4, 9));
    assertThrows(IllegalArgumentException.class, () -> Poisson3D.generate(0, 7));
    assertThrows(IllegalArgumentException.class, () -> Poisson3D.generate(500, 27));
    assertThrows(IllegalArgumentException.class, () -> Poisson3D.generate(1_000_000, 7));
  }
}
