package org.spgemm.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.plan.PlanChoice;
import org.spgemm.partition.plan.PlanIO;
import org.spgemm.partition.plan.PlanMetrics;
import org.spgemm.partition.table.ApplyOptions;
import org.spgemm.partition.table.ApplyResult;
import org.spgemm.partition.table.PlanApplier;
import org.spgemm.partition.table.TablePartitionException;

/**
 * A gRRp plan for table M, as {@link Partitioner#plan} made it: the {@link PartitionPlan} (part
 * and new key of every row, split points), its metrics against the plain equal-rows split, the
 * candidates it was chosen from ({@link PlanChoice}: volume, cut and imbalance of each, which
 * won and why), and the time of each step. {@link #apply} writes the re-keyed copy of M that a multiply then runs
 * on; {@link Partitioner#readC} reads C of that copy back in original keys.
 */
public final class TablePlan {

  private final String table;
  private final String aFamily;
  private final String bFamily;
  private final PartitionPlan plan;
  private final PlanChoice choice;
  private final long nnzA;
  private final long nnzB;
  private final long nnzC;
  private final long partialProducts;
  private final int phantomBRows;
  private final Partitioner.Symbolic symbolic;
  private final long symbolicNanos;
  private final long graphNanos;
  private final long metisNanos;
  private final long planNanos;
  private volatile ApplyResult applied;

  TablePlan(String table, String aFamily, String bFamily, PlanChoice choice, BipartiteGraph g,
      int phantomBRows, Partitioner.Symbolic symbolic, long symbolicNanos, long graphNanos,
      long metisNanos, long planNanos) {
    this.table = table;
    this.aFamily = aFamily;
    this.bFamily = bFamily;
    this.plan = choice.plan();
    this.choice = choice;
    this.nnzA = g.totalWeight(BipartiteGraph.W_A);
    this.nnzB = g.totalWeight(BipartiteGraph.W_B);
    this.nnzC = g.totalWeight(BipartiteGraph.W_C);
    this.partialProducts = g.totalEdgeCost();
    this.phantomBRows = phantomBRows;
    this.symbolic = symbolic;
    this.symbolicNanos = symbolicNanos;
    this.graphNanos = graphNanos;
    this.metisNanos = metisNanos;
    this.planNanos = planNanos;
  }

  /** The table that was planned. */
  public String table() {
    return table;
  }

  /** K. */
  public int parts() {
    return plan.parts();
  }

  public PartitionPlan plan() {
    return plan;
  }

  /** The candidates measured and the winner (the plan is the winner's). */
  public PlanChoice choice() {
    return choice;
  }

  /** Candidates in {@link PlanChoice.Kind} order: volume, cut, imbalance per constraint. */
  public List<PlanChoice.Candidate> candidates() {
    return choice.candidates();
  }

  /** Which candidate won. */
  public PlanChoice.Kind winner() {
    return choice.winner().kind();
  }

  /** Why it won, one line. */
  public String choiceReason() {
    return choice.reason();
  }

  /** Metrics of the gRRp assignment (the winner's). */
  public PlanMetrics metrics() {
    return plan.metrics();
  }

  /** Metrics of the equal-rows split of the same rows into K blocks. */
  public PlanMetrics baselineMetrics() {
    return plan.baselineMetrics();
  }

  public long nnzA() {
    return nnzA;
  }

  public long nnzB() {
    return nnzB;
  }

  /** nnz(C) from the symbolic multiply. */
  public long nnzC() {
    return nnzC;
  }

  /** Partial products (flops) of A·B: the total edge cost of the model. */
  public long partialProducts() {
    return partialProducts;
  }

  /** Column keys of A that name no stored B row (they get a vertex of weight 0). */
  public int phantomBRows() {
    return phantomBRows;
  }

  /** Where nnz(c_i) was counted. */
  public Partitioner.Symbolic symbolic() {
    return symbolic;
  }

  /**
   * Symbolic multiply: nnz of every C row, by the iterator in count mode, or (client mode) the
   * counting after the scans.
   */
  public long symbolicNanos() {
    return symbolicNanos;
  }

  /** Scanning A and B into the bipartite graph. */
  public long graphNanos() {
    return graphNanos;
  }

  /** METIS (0 for K = 1, which needs none). */
  public long metisNanos() {
    return metisNanos;
  }

  /**
   * Choosing and building the plan: refining METIS's assignment, measuring the four candidates
   * and making the winner's keys (includes {@link #refineNanos}).
   */
  public long planNanos() {
    return planNanos;
  }

  /** The boundary-move refinement of METIS's assignment (part of {@link #planNanos}). */
  public long refineNanos() {
    return choice.refineNanos();
  }

  /** The result of the last {@link #apply}, or null. */
  public ApplyResult applied() {
    return applied;
  }

  /** Writes the plan as JSON ({@link PlanIO}). */
  public void write(Path file) throws IOException {
    PlanIO.write(plan, file);
  }

  /**
   * Writes the re-keyed copy of M into the new table {@code newTable}, with the plan's split
   * points, and waits (at most 60 s) until its tablets are spread over the tablet servers.
   *
   * @throws InvalidOptionException if newTable exists or M changed since it was planned
   * @throws ClusterException if the cluster fails or refuses
   */
  public ApplyResult apply(AccumuloClient client, String newTable) {
    return apply(client, newTable, ApplyOptions.defaults());
  }

  /** As {@link #apply(AccumuloClient, String)} with options (the families are this plan's). */
  public ApplyResult apply(AccumuloClient client, String newTable, ApplyOptions options) {
    try {
      ApplyResult r = PlanApplier.apply(client, table, newTable, plan,
          options.withFamilies(aFamily, bFamily));
      applied = r;
      return r;
    } catch (TablePartitionException e) {
      throw new ClusterException(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
  }

  /** A few lines for people: the figures of both splits and the time of each step. */
  public String describe() {
    PlanMetrics g = metrics();
    PlanMetrics b = baselineMetrics();
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT,
        "gRRp plan of %s for K = %d: %d A rows, %d B rows%s, nnz(A) = %d, nnz(B) = %d,"
            + " nnz(C) = %d, partial products = %d%n",
        table, parts(), plan.numARows(), plan.numBRows(),
        phantomBRows > 0 ? " (" + phantomBRows + " only as A columns)" : "", nnzA, nnzB, nnzC,
        partialProducts));
    sb.append("  candidates (gRRp uses the winner):").append(System.lineSeparator());
    sb.append(choice.describe());
    sb.append(String.format(Locale.ROOT, "  %-34s %16s %16s %9s%n", "",
        "gRRp (" + winner().label() + ")", "equal rows", "gRRp/eq"));
    row(sb, "cut size (sum of nnz(b_j))", g.cutSize(), b.cutSize());
    row(sb, "cut edges (nonzeros a_ij)", g.cutEdges(), b.cutEdges());
    row(sb, "predicted remote B entries", g.remoteBVolume(), b.remoteBVolume());
    String[] names = {"imbalance nnz(A) per part", "imbalance nnz(B) per part",
        "imbalance nnz(C) per part"};
    for (int c = 0; c < BipartiteGraph.NCON; c++) {
      sb.append(String.format(Locale.ROOT, "  %-34s %16.4f %16.4f%n", names[c], g.imbalance(c),
          b.imbalance(c)));
    }
    sb.append(String.format(Locale.ROOT,
        "  steps: symbolic%s %.2f s, graph build %.2f s, METIS %.2f s, plan %.2f s"
            + " (refinement %.2f s)",
        symbolic == Partitioner.Symbolic.CLIENT ? " (in the client)" : "",
        symbolicNanos / 1e9, graphNanos / 1e9, metisNanos / 1e9, planNanos / 1e9,
        refineNanos() / 1e9));
    ApplyResult r = applied;
    if (r != null) {
      sb.append(String.format(Locale.ROOT, ", apply %.2f s (create %.2f s, copy %.2f s,"
          + " balance wait %.2f s)", r.totalNanos() / 1e9, r.createNanos() / 1e9,
          r.copyNanos() / 1e9, r.balanceNanos() / 1e9));
      sb.append(String.format(Locale.ROOT, "%n  applied to %s: %d A + %d B entries, %d tablets,"
          + " %s; tablets per tablet server %s", r.table(), r.aEntries(), r.bEntries(),
          r.tabletLocations().size(), r.balanced() ? "balanced"
              : r.hosted() ? "NOT balanced within the wait" : "NOT all hosted within the wait",
          r.tabletsPerServer()));
      if (parts() > 1) {
        sb.append(r.pinned() ? String.format(Locale.ROOT, "%n  parts pinned to servers %s",
            r.partServers()) : String.format(Locale.ROOT, "%n  parts NOT pinned to servers"));
      }
    }
    return sb.append(System.lineSeparator()).toString();
  }

  private static void row(StringBuilder sb, String name, long grrp, long base) {
    sb.append(String.format(Locale.ROOT, "  %-34s %16d %16d %9s%n", name, grrp, base,
        base == 0 ? "-" : String.format(Locale.ROOT, "%.3f", grrp / (double) base)));
  }

  @Override
  public String toString() {
    return "TablePlan[" + table + ", " + plan + "]";
  }
}
