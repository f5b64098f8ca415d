package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MultigridTest {

  @Test
  void piecewiseConstantPOfTwoBlocksOnAnOddGrid() {
    int n = 5; // the last aggregate per axis holds one layer
    SparseMatrix p = Multigrid.piecewiseConstantP(n, 2);
    assertEquals(n * n * n, p.rows());
    assertEquals(27, p.cols());
    assertEquals(p.rows(), p.nnz());
    for (int z = 0; z < n; z++) {
      for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
          int i = x + n * (y + n * z);
          assertEquals(1, p.rowNnz(i));
          assertEquals(x / 2 + 3 * (y / 2 + 3 * (z / 2)), p.colAt(p.rowStart(i)));
          assertEquals(1.0, p.valueAt(p.rowStart(i)));
        }
      }
    }
  }

  @Test
  void aggregateSizes() {
    // n = 4, block = 3: per axis blocks of 3 and 1, so aggregates of 27, 9, 9, 3, 9, 3, 3, 1
    SparseMatrix p = Multigrid.piecewiseConstantP(4, 3);
    assertEquals(8, p.cols());
    SparseMatrix counts = p.transpose();
    int[] expected = {27, 9, 9, 3, 9, 3, 3, 1};
    for (int a = 0; a < 8; a++) {
      assertEquals(expected[a], counts.rowNnz(a), "aggregate " + a);
    }
    assertEquals(1, Multigrid.piecewiseConstantP(3, 7).cols());
    assertEquals(27, Multigrid.piecewiseConstantP(3, 1).cols());
    assertThrows(IllegalArgumentException.class, () -> Multigrid.piecewiseConstantP(0, 2));
    assertThrows(IllegalArgumentException.class, () -> Multigrid.piecewiseConstantP(3, 0));
    assertThrows(IllegalArgumentException.class, () -> Multigrid.piecewiseConstantP(1291, 2));
  }

  @Test
  void galerkinByHand() {
    // A = [[2,-1],[-1,2]], P = [[1],[1]]: PᵀAP = 2 - 1 - 1 + 2 = 2
    SparseMatrix a = SparseMatrix.ofCsr(2, 2, new int[] {0, 2, 4}, new int[] {0, 1, 0, 1},
        new double[] {2, -1, -1, 2});
    SparseMatrix p = SparseMatrix.ofCsr(2, 1, new int[] {0, 1, 2}, new int[] {0, 0},
        new double[] {1, 1});
    assertEquals(SparseMatrix.ofCsr(1, 1, new int[] {0, 1}, new int[] {0}, new double[] {2}),
        Multigrid.galerkin(a, p));
    assertThrows(IllegalArgumentException.class, () -> Multigrid.galerkin(p, a));
  }

  @Test
  void galerkinOfPoissonKeepsTheTotalAndSymmetry() {
    // P's rows each hold one 1, so 1ᵀ(PᵀAP)1 = 1ᵀA1; A symmetric gives PᵀAP symmetric
    for (int points : new int[] {7, 27}) {
      SparseMatrix a = Poisson3D.generate(6, points);
      SparseMatrix r = Multigrid.galerkin(a, Multigrid.piecewiseConstantP(6, 2));
      assertEquals(27, r.rows());
      assertEquals(sum(a), sum(r), 1e-9);
      assertEquals(r, r.transpose());
    }
  }

  @Test
  void galerkinAgainstDenseTripleProduct() {
    for (long seed = 1; seed <= 20; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      int n = rnd.nextInt(1, 10);
      int m = rnd.nextInt(1, 6);
      SparseMatrix a = RandomMatrices.smallIntegers(rnd, n, n, 0.4);
      SparseMatrix p = RandomMatrices.smallIntegers(rnd, n, m, 0.4);
      double[][] da = dense(a);
      double[][] dp = dense(p);
      SparseMatrix r = Multigrid.galerkin(a, p);
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < m; j++) {
          double v = 0;
          for (int k = 0; k < n; k++) {
            for (int l = 0; l < n; l++) {
              v += dp[k][i] * da[k][l] * dp[l][j];
            }
          }
          assertEquals(v, r.get(i, j).orElse(0), 1e-9, "seed " + seed);
          assertTrue(r.hasEntry(i, j) || v == 0);
        }
      }
    }
  }

  private static double[][] dense(SparseMatrix m) {
    double[][] d = new double[m.rows()][m.cols()];
    for (int i = 0; i < m.rows(); i++) {
      for (int p = m.rowStart(i); p < m.rowEnd(i); p++) {
        d[i][m.colAt(p)] = m.valueAt(p);
      }
    }
    return d;
  }

  private static double sum(SparseMatrix m) {
    double s = 0;
    for (int p = 0; p < m.nnz(); p++) {
      s += m.valueAt(p);
    }
    return s;
  }
}
