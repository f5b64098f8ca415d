package org.spgemm.bench.data;

import java.util.ArrayList;
import java.util.List;
import org.spgemm.matrix.Multigrid;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/** The datasets of the paper's kind: R-MAT A·A and A·B, 3-D Poisson stencils, AMG A·P. */
public final class Datasets {

  /** Seeds of the two R-MAT operands of A·B (A·A uses the first). */
  public static final long SEED_A = 1;
  public static final long SEED_B = 2;

  private Datasets() {}

  /** R-MAT scale 10 A·A and A·B, Poisson 27-point 12³, A·P on 12³: minutes on 2 cores. */
  public static List<Dataset> quick() {
    return List.of(rmatAA(10), rmatAB(10), poisson(12, 27), amgAP(12));
  }

  /** R-MAT scales 10-14 (A·A and A·B), Poisson 7- and 27-point, A·P: hours. */
  public static List<Dataset> full() {
    List<Dataset> d = new ArrayList<>();
    for (int s = 10; s <= 14; s++) {
      d.add(rmatAA(s));
      d.add(rmatAB(s));
    }
    d.add(poisson(24, 7));
    d.add(poisson(32, 7));
    d.add(poisson(16, 27));
    d.add(poisson(20, 27));
    d.add(amgAP(20));
    d.add(amgAP(32));
    return d;
  }

  public static Dataset rmatAA(int scale) {
    return new Dataset("rmat" + scale + "_AA", "rmat-AA", scale, () -> {
      SparseMatrix a = RmatGenerator.generate(scale, SEED_A);
      return new Dataset.Operands(a, a);
    });
  }

  public static Dataset rmatAB(int scale) {
    return new Dataset("rmat" + scale + "_AB", "rmat-AB", scale, () -> new Dataset.Operands(
        RmatGenerator.generate(scale, SEED_A), RmatGenerator.generate(scale, SEED_B)));
  }

  /** A·A of the n³ Poisson matrix with a 7- or 27-point stencil. */
  public static Dataset poisson(int n, int points) {
    return new Dataset("poisson" + points + "_" + n, "poisson" + points, n, () -> {
      SparseMatrix a = Poisson3D.generate(n, points);
      return new Dataset.Operands(a, a);
    });
  }

  /** A·P with A the 27-point Poisson matrix on n³ and P its 2×2×2 aggregation. */
  public static Dataset amgAP(int n) {
    return new Dataset("amgAP_" + n, "amg-AP", n, () -> new Dataset.Operands(
        Poisson3D.generate(n, 27), Multigrid.piecewiseConstantP(n, 2)));
  }

  /**
   * A·B of two hub matrices of n rows ({@link HubMatrix}): one A row and one B row of n entries
   * in rows of 3, about 15 n partial products.
   */
  public static Dataset hub(int n) {
    return new Dataset("hub_" + n, "hub", n, () -> new Dataset.Operands(
        HubMatrix.generate(n, SEED_A), HubMatrix.generate(n, SEED_B)));
  }
}
