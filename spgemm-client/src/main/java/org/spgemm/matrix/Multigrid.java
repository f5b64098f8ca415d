package org.spgemm.matrix;

import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;

/**
 * References for the aggregation-AMG setup products: the piecewise-constant prolongation P of a
 * 3-D grid and the Galerkin coarse operator Pᵀ·A·P.
 */
public final class Multigrid {

  private Multigrid() {}

  /**
   * The Galerkin coarse-grid operator R = Pᵀ·(A·P) over PLUS_TIMES in FP64, computed by
   * {@link ReferenceMultiply} as two products in that order (sums may differ in the last bits from
   * another association).
   *
   * @throws IllegalArgumentException naming both shapes unless A is square with as many rows as P
   */
  public static SparseMatrix galerkin(SparseMatrix a, SparseMatrix p) {
    if (a.rows() != a.cols() || a.cols() != p.rows()) {
      throw new IllegalArgumentException("shape mismatch: A is " + a.rows() + "x" + a.cols()
          + " but P is " + p.rows() + "x" + p.cols() + " (A must be square with P's row count)");
    }
    SparseMatrix ap = ReferenceMultiply.multiply(a, p, Semirings.PLUS_TIMES, Domain.FP64);
    return ReferenceMultiply.multiply(p.transpose(), ap, Semirings.PLUS_TIMES, Domain.FP64);
  }

  /**
   * The piecewise-constant prolongation for the n×n×n grid of {@link Poisson3D} (grid point
   * (x, y, z) is row x + n·(y + n·z)): the grid is cut into block×block×block cubes, the last ones
   * per axis smaller when block does not divide n, and P(v, agg(v)) = 1.0 with
   * agg = x/block + m·(y/block + m·(z/block)), m = ceil(n/block). FP64, shape n³ × m³, one entry
   * per row.
   *
   * @throws IllegalArgumentException if n or block is below 1, or n³ does not fit an int array
   */
  public static SparseMatrix piecewiseConstantP(int n, int block) {
    if (n < 1 || block < 1) {
      throw new IllegalArgumentException(
          "grid size and block must be at least 1, got n=" + n + ", block=" + block);
    }
    long size = n > 1290 ? Long.MAX_VALUE : (long) n * n * n;
    if (size > SparseMatrix.MAX_ENTRIES) {
      throw new IllegalArgumentException("grid size " + n + " is too large (n^3 rows)");
    }
    int rows = (int) size;
    int m = (n + block - 1) / block; // aggregates per axis
    int[] rowPtr = new int[rows + 1];
    int[] colIdx = new int[rows];
    double[] values = new double[rows];
    for (int z = 0; z < n; z++) {
      for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
          int v = x + n * (y + n * z);
          colIdx[v] = x / block + m * (y / block + m * (z / block));
          values[v] = 1.0;
          rowPtr[v + 1] = v + 1;
        }
      }
    }
    return new SparseMatrix(rows, m * m * m, rowPtr, colIdx, values);
  }
}
