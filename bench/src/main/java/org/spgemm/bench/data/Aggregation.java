package org.spgemm.bench.data;

import org.spgemm.matrix.SparseMatrix;

/**
 * The piecewise-constant prolongation P of aggregation AMG on an n×n×n grid: grid point
 * (x, y, z), row x + n·(y + n·z) as in {@link org.spgemm.matrix.Poisson3D}, belongs to the
 * aggregate of its 2×2×2 block, and P(i, agg(i)) = 1. A·P is the first product of a Galerkin
 * coarse-grid setup.
 */
public final class Aggregation {

  private Aggregation() {}

  public static SparseMatrix piecewiseConstant(int n) {
    int m = (n + 1) / 2; // aggregates per axis
    int rows = n * n * n;
    int[] r = new int[rows];
    int[] c = new int[rows];
    double[] v = new double[rows];
    for (int z = 0; z < n; z++) {
      for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
          int i = x + n * (y + n * z);
          r[i] = i;
          c[i] = x / 2 + m * (y / 2 + m * (z / 2));
          v[i] = 1.0;
        }
      }
    }
    return SparseMatrix.fromCoordinates(rows, m * m * m, r, c, v, rows);
  }
}
