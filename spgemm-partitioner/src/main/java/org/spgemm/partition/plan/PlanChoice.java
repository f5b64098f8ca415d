package org.spgemm.partition.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * Which assignment gRRp uses, and why. Six candidates are measured on the model: the METIS
 * assignment of the bipartite graph, the same refined toward lower connectivity volume ({@link
 * BoundaryRefiner}), METIS on the row graph ({@link org.spgemm.partition.graph.RowGraph}: A and
 * B row of one key together, volume objective) plain and refined, the natural-order split
 * ({@link NaturalOrder}) and the equal-rows split (RRp's layout). The winner is the candidate
 * of least predicted remote B volume among those balanced within the tolerance (per constraint,
 * 1 + ε or the METIS runs' own imbalance if that is higher), ties going to the earlier
 * candidate; but if the equal-rows split moves less B than that, the equal-rows split wins, so
 * gRRp never predicts more traffic than RRp. Immutable.
 */
public final class PlanChoice {

  /** The candidates, in the order they are listed and preferred on ties. */
  public enum Kind {
    METIS("metis", "METIS, edge-cut objective"),
    METIS_REFINED("metis+refine", "METIS after boundary moves that lower the volume"),
    METIS_ROWS("metis-rows", "METIS on the row graph (A and B row of a key together),"
        + " communication-volume objective"),
    METIS_ROWS_REFINED("metis-rows+refine", "the row-graph split after boundary moves"),
    NATURAL_ORDER("natural", "original row order, contiguous blocks balanced on the weights"),
    EQUAL_ROWS("equal-rows", "original row order, equal row counts (RRp's split)");

    private final String label;
    private final String description;

    Kind(String label, String description) {
      this.label = label;
      this.description = description;
    }

    /** Short name, e.g. for JSON. */
    public String label() {
      return label;
    }

    public String description() {
      return description;
    }
  }

  private static final double SLACK = 1e-9;

  private final List<Candidate> candidates;
  private final Candidate winner;
  private final String reason;
  private final double[] tolerance;
  private final PartitionPlan plan;
  private final int refinePasses;
  private final int refineMoves;
  private final long refineNanos;

  private PlanChoice(List<Candidate> candidates, Candidate winner, String reason,
      double[] tolerance, PartitionPlan plan, BoundaryRefiner.Result refined, long refineNanos) {
    this.candidates = Collections.unmodifiableList(candidates);
    this.winner = winner;
    this.reason = reason;
    this.tolerance = tolerance;
    this.plan = plan;
    this.refinePasses = refined.passes();
    this.refineMoves = refined.moves();
    this.refineNanos = refineNanos;
  }

  /**
   * Measures the candidates for a METIS assignment and picks one.
   *
   * @param metisParts part of every vertex as METIS gave it (A rows, then B rows)
   * @param epsilon ε of each of the {@link BipartiteGraph#NCON} constraints
   * @param aRowKeys original key of each A row
   * @param bRowKeys original key of each B row
   */
  public static PlanChoice choose(BipartiteGraph g, int[] metisParts, int k, double[] epsilon,
      String[] aRowKeys, String[] bRowKeys) {
    return choose(g, metisParts, null, k, epsilon, aRowKeys, bRowKeys);
  }

  /**
   * As above, with the row-graph split too ({@code rowParts}, null when not made: then the
   * METIS split stands in for its two candidates).
   */
  public static PlanChoice choose(BipartiteGraph g, int[] metisParts,
      org.spgemm.partition.graph.RowGraph.Split rowParts, int k, double[] epsilon, String[] aRowKeys,
      String[] bRowKeys) {
    int nA = g.numARows();
    int nB = g.numBRows();
    if (metisParts == null || metisParts.length != nA + nB) {
      throw new IllegalArgumentException("expected a part for each of the " + (nA + nB)
          + " vertices, got " + (metisParts == null ? "null" : metisParts.length));
    }
    int[] aMetis = Arrays.copyOfRange(metisParts, 0, nA);
    int[] bMetis = Arrays.copyOfRange(metisParts, nA, nA + nB);
    long t0 = System.nanoTime();
    BoundaryRefiner.Result refined = BoundaryRefiner.refine(g, aMetis, bMetis, k, epsilon,
        BoundaryRefiner.DEFAULT_MAX_PASSES);
    long refineNanos = System.nanoTime() - t0;
    List<Candidate> cs = new ArrayList<>();
    cs.add(Candidate.measure(Kind.METIS, g, aMetis, bMetis, k));
    cs.add(Candidate.measure(Kind.METIS_REFINED, g, refined.aParts(), refined.bParts(), k));
    int[] aRows = rowParts == null ? aMetis : rowParts.aParts();
    int[] bRows = rowParts == null ? bMetis : rowParts.bParts();
    t0 = System.nanoTime();
    BoundaryRefiner.Result rowsRefined = BoundaryRefiner.refine(g, aRows, bRows, k, epsilon,
        BoundaryRefiner.DEFAULT_MAX_PASSES);
    refineNanos += System.nanoTime() - t0;
    cs.add(Candidate.measure(Kind.METIS_ROWS, g, aRows, bRows, k));
    cs.add(Candidate.measure(Kind.METIS_ROWS_REFINED, g, rowsRefined.aParts(),
        rowsRefined.bParts(), k));
    cs.add(Candidate.measure(Kind.NATURAL_ORDER, g, NaturalOrder.aParts(g, k),
        NaturalOrder.bParts(g, k), k));
    cs.add(Candidate.measure(Kind.EQUAL_ROWS, g, PlanMetrics.equalRowBlocks(nA, k),
        PlanMetrics.equalRowBlocks(nB, k), k));
    double[] tolerance = tolerance(epsilon, cs.get(Kind.METIS.ordinal()).metrics,
        cs.get(Kind.METIS_ROWS.ordinal()).metrics);
    List<Candidate> judged = new ArrayList<>();
    for (Candidate c : cs) {
      judged.add(c.judged(tolerance));
    }
    Candidate winner = select(judged);
    PartitionPlan plan = new PartitionPlan(k, winner.aPart, winner.bPart, aRowKeys, bRowKeys,
        winner.metrics, judged.get(judged.size() - 1).metrics);
    return new PlanChoice(judged, winner, reason(judged, winner, tolerance), tolerance, plan,
        refined, refineNanos);
  }

  /** Per constraint: 1 + ε, or the highest imbalance of the METIS runs if higher. */
  static double[] tolerance(double[] epsilon, PlanMetrics... metisRuns) {
    if (epsilon == null || epsilon.length != BipartiteGraph.NCON) {
      throw new IllegalArgumentException("need one epsilon per constraint ("
          + BipartiteGraph.NCON + ")");
    }
    double[] t = new double[BipartiteGraph.NCON];
    for (int c = 0; c < t.length; c++) {
      t[c] = 1 + epsilon[c];
      for (PlanMetrics m : metisRuns) {
        t[c] = Math.max(t[c], m.imbalance(c)); // METIS's ubvec is a target, not a bound
      }
    }
    return t;
  }

  /**
   * The rule of the class comment over judged candidates, the equal-rows split last.
   */
  static Candidate select(List<Candidate> judged) {
    Candidate equal = judged.get(judged.size() - 1);
    Candidate best = bestBalanced(judged);
    if (best == null || equal.metrics.remoteBVolume() < best.metrics.remoteBVolume()) {
      return equal;
    }
    return best;
  }

  private static Candidate bestBalanced(List<Candidate> judged) {
    Candidate best = null;
    for (Candidate c : judged) {
      if (c.balanced && (best == null
          || c.metrics.remoteBVolume() < best.metrics.remoteBVolume())) {
        best = c;
      }
    }
    return best;
  }

  private static String reason(List<Candidate> judged, Candidate winner, double[] tolerance) {
    Candidate equal = judged.get(judged.size() - 1);
    Candidate best = bestBalanced(judged);
    String tol = String.format(Locale.ROOT, "imbalance within %.4f / %.4f / %.4f (nnz A / B / C)",
        tolerance[0], tolerance[1], tolerance[2]);
    if (winner == best) {
      StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
          "%s: least predicted remote B volume (%d) of the plans with %s", winner.kind.label,
          winner.metrics.remoteBVolume(), tol));
      if (winner != equal) {
        sb.append(String.format(Locale.ROOT, "; equal rows would move %d",
            equal.metrics.remoteBVolume()));
      }
      return sb.toString();
    }
    if (best == null) {
      return String.format(Locale.ROOT, "%s: no plan has %s; the plain split is kept",
          winner.kind.label, tol);
    }
    return String.format(Locale.ROOT, "%s: it moves less B (%d) than the best plan with %s"
        + " (%s, %d), and gRRp never predicts more traffic than RRp's split", winner.kind.label,
        winner.metrics.remoteBVolume(), tol, best.kind.label, best.metrics.remoteBVolume());
  }

  /** The candidates in {@link Kind} order. */
  public List<Candidate> candidates() {
    return candidates;
  }

  /** The candidate of the given kind. */
  public Candidate candidate(Kind kind) {
    return candidates.get(kind.ordinal());
  }

  public Candidate winner() {
    return winner;
  }

  /** One line: which plan won and why. */
  public String reason() {
    return reason;
  }

  /** The balance tolerance per constraint a candidate had to meet (heaviest over average). */
  public double[] tolerance() {
    return tolerance.clone();
  }

  /** The winner as a plan (new keys, split points), with the equal-rows split as baseline. */
  public PartitionPlan plan() {
    return plan;
  }

  /** Boundary-move passes run on the METIS assignment. */
  public int refinePasses() {
    return refinePasses;
  }

  /** Rows the refinement moved. */
  public int refineMoves() {
    return refineMoves;
  }

  /** Time of the refinement. */
  public long refineNanos() {
    return refineNanos;
  }

  /** A table of the candidates and the reason, a few lines for people. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "  %-14s %16s %16s %9s %9s %9s  %s%n", "plan",
        "remote B", "cut size", "imb A", "imb B", "imb C", ""));
    for (Candidate c : candidates) {
      double[] imb = c.metrics.imbalance();
      sb.append(String.format(Locale.ROOT, "  %-14s %16d %16d %9.4f %9.4f %9.4f  %s%n",
          c.kind.label, c.metrics.remoteBVolume(), c.metrics.cutSize(), imb[0], imb[1], imb[2],
          status(c)));
    }
    sb.append(String.format(Locale.ROOT, "  refinement: %d moves in %d passes, %.2f s%n",
        refineMoves, refinePasses, refineNanos / 1e9));
    return sb.append("  chosen: ").append(reason).append(System.lineSeparator()).toString();
  }

  private String status(Candidate c) {
    String won = c == winner ? "WON" : "";
    return c.balanced ? won : won + (won.isEmpty() ? "" : ", ") + "outside tolerance";
  }

  @Override
  public String toString() {
    return "PlanChoice[" + winner.kind.label + ", " + candidates + "]";
  }

  /** One candidate assignment and its metrics. */
  public static final class Candidate {
    private final Kind kind;
    private final PlanMetrics metrics;
    private final boolean balanced;
    private final int[] aPart;
    private final int[] bPart;

    Candidate(Kind kind, PlanMetrics metrics, boolean balanced, int[] aPart, int[] bPart) {
      this.kind = kind;
      this.metrics = metrics;
      this.balanced = balanced;
      this.aPart = aPart;
      this.bPart = bPart;
    }

    static Candidate measure(Kind kind, BipartiteGraph g, int[] aPart, int[] bPart, int k) {
      return new Candidate(kind, PlanMetrics.compute(g, aPart, bPart, k), false, aPart, bPart);
    }

    /** The same candidate, judged against the balance tolerance. */
    Candidate judged(double[] tolerance) {
      boolean ok = true;
      for (int c = 0; c < tolerance.length; c++) {
        ok &= metrics.imbalance(c) <= tolerance[c] + SLACK;
      }
      return new Candidate(kind, metrics, ok, aPart, bPart);
    }

    public Kind kind() {
      return kind;
    }

    /** Cut, remote B volume and per-constraint imbalance of this candidate. */
    public PlanMetrics metrics() {
      return metrics;
    }

    /** Whether every constraint's imbalance is within the tolerance. */
    public boolean balanced() {
      return balanced;
    }

    /** Predicted remote B entries (the connectivity volume). */
    public long remoteBVolume() {
      return metrics.remoteBVolume();
    }

    public long cutSize() {
      return metrics.cutSize();
    }

    /** Heaviest part over average part, per constraint (nnz of A, B, C). */
    public double[] imbalance() {
      return metrics.imbalance();
    }

    @Override
    public String toString() {
      return kind.label + "[volume=" + metrics.remoteBVolume() + ", cut=" + metrics.cutSize()
          + ", imbalance=" + Arrays.toString(metrics.imbalance()) + (balanced ? "" : ", outside")
          + "]";
    }
  }
}
