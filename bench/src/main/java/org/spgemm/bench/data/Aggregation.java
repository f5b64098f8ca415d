package org.spgemm.bench.data;

import org.spgemm.matrix.Multigrid;
import org.spgemm.matrix.SparseMatrix;

/**
 * The piecewise-constant prolongation P of aggregation AMG on an n×n×n grid: grid point
 * (x, y, z), row x + n·(y + n·z) as in {@link org.spgemm.matrix.Poisson3D}, belongs to the
 * aggregate of its 2×2×2 block, and P(i, agg(i)) = 1. A·P is the first product of a Galerkin
 * coarse-grid setup. Built by {@link Multigrid#piecewiseConstantP}, the reference the
 * integration tests use.
 */
public final class Aggregation {

  private Aggregation() {}

  public static SparseMatrix piecewiseConstant(int n) {
    return Multigrid.piecewiseConstantP(n, 2);
  }
}
