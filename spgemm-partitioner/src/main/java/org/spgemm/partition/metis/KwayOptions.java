package org.spgemm.partition.metis;

import java.util.Arrays;

/**
 * Options of a multi-constraint K-way partitioning with the edge-cut objective. Immutable; the
 * {@code with*} methods return modified copies.
 *
 * <p>The allowed imbalance of constraint c is 1 + ε_c (METIS's {@code ubvec}): a part may weigh
 * up to (1 + ε_c) times the average under constraint c. METIS treats it as a target rather than
 * a hard bound, so results slightly above it occur.
 */
public final class KwayOptions {

  /** ε of the paper: 0.5 % imbalance per constraint. */
  public static final double DEFAULT_EPSILON = 0.005;
  /** Seed value meaning "METIS's own default seed" (which is fixed, so results still repeat). */
  public static final int METIS_DEFAULT_SEED = -1;

  private static final KwayOptions DEFAULTS =
      new KwayOptions(DEFAULT_EPSILON, null, METIS_DEFAULT_SEED);

  private final double epsilon;
  private final double[] epsilons;
  private final int seed;

  private KwayOptions(double epsilon, double[] epsilons, int seed) {
    this.epsilon = epsilon;
    this.epsilons = epsilons;
    this.seed = seed;
  }

  /** ε = 0.005 for every constraint, METIS's default seed. */
  public static KwayOptions defaults() {
    return DEFAULTS;
  }

  /** The same ε for every constraint; must be positive and finite. */
  public KwayOptions withEpsilon(double epsilon) {
    checkEpsilon(epsilon, -1);
    return new KwayOptions(epsilon, null, seed);
  }

  /** One ε per constraint; the graph's ncon must match the count. */
  public KwayOptions withEpsilons(double... epsilons) {
    if (epsilons == null || epsilons.length == 0) {
      throw new IllegalArgumentException("epsilons must name at least one constraint");
    }
    for (int c = 0; c < epsilons.length; c++) {
      checkEpsilon(epsilons[c], c);
    }
    return new KwayOptions(epsilon, epsilons.clone(), seed);
  }

  /**
   * The random seed (METIS_OPTION_SEED): the same seed on the same graph and library gives the
   * same parts. Non-negative, or {@link #METIS_DEFAULT_SEED}.
   */
  public KwayOptions withSeed(int seed) {
    if (seed < METIS_DEFAULT_SEED) {
      throw new IllegalArgumentException("seed must be >= 0 (or -1 for METIS's default), got "
          + seed);
    }
    return new KwayOptions(epsilon, epsilons, seed);
  }

  public int seed() {
    return seed;
  }

  /** ε of constraint c for a graph with ncon constraints. */
  public double epsilon(int c, int ncon) {
    return ubvec(ncon)[c] - 1.0;
  }

  /**
   * METIS's ubvec, 1 + ε per constraint.
   *
   * @throws IllegalArgumentException if per-constraint ε were given for a different ncon
   */
  public double[] ubvec(int ncon) {
    if (epsilons != null && epsilons.length != ncon) {
      throw new IllegalArgumentException(epsilons.length
          + " per-constraint epsilons were given for a graph with ncon = " + ncon);
    }
    double[] ub = new double[ncon];
    for (int c = 0; c < ncon; c++) {
      ub[c] = 1.0 + (epsilons == null ? epsilon : epsilons[c]);
    }
    return ub;
  }

  private static void checkEpsilon(double eps, int c) {
    if (!(eps > 0) || Double.isInfinite(eps)) {
      throw new IllegalArgumentException("epsilon" + (c < 0 ? "" : " of constraint " + c)
          + " must be positive and finite, got " + eps);
    }
  }

  @Override
  public String toString() {
    return "KwayOptions[epsilon=" + (epsilons == null ? String.valueOf(epsilon)
        : Arrays.toString(epsilons)) + ", seed=" + seed + "]";
  }
}
