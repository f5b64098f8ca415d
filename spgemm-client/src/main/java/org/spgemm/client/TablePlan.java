package org.spgemm.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.spgemm.iterators.TableLayout;
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
 * A gRRp plan for table M, as {@link Partitioner#plan} made it or {@link Partitioner#readPlan}
 * read it from a file: the {@link PartitionPlan} (part and new key of every row, split points),
 * its metrics against the plain equal-rows split, the candidates it was chosen from ({@link
 * PlanChoice}: volume, cut and imbalance of each, which won and why; none for a plan read from a
 * file), and the time of each step. {@link #apply} writes the re-keyed copy of M that a multiply then runs
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
  private final Path source;
  private final long symbolicNanos;
  private final long graphNanos;
  private final long metisNanos;
  private final long planNanos;
  private volatile ApplyResult applied;

  TablePlan(String table, String aFamily, String bFamily, PartitionPlan plan, PlanChoice choice,
      BipartiteGraph g, int phantomBRows, Partitioner.Symbolic symbolic, Path source,
      long symbolicNanos, long graphNanos, long metisNanos, long planNanos) {
    this.table = table;
    this.aFamily = aFamily;
    this.bFamily = bFamily;
    this.plan = plan;
    this.choice = choice;
    this.nnzA = total(plan.metrics(), BipartiteGraph.W_A);
    this.nnzB = total(plan.metrics(), BipartiteGraph.W_B);
    this.nnzC = total(plan.metrics(), BipartiteGraph.W_C);
    this.partialProducts = g.totalEdgeCost();
    this.phantomBRows = phantomBRows;
    this.symbolic = symbolic;
    this.source = source;
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

  /** The candidates measured and the winner (the plan is the winner's); null if read. */
  public PlanChoice choice() {
    return choice;
  }

  /**
   * Candidates in {@link PlanChoice.Kind} order: volume, cut, imbalance per constraint; none for
   * a plan read from a file.
   */
  public List<PlanChoice.Candidate> candidates() {
    return choice == null ? List.of() : choice.candidates();
  }

  /** Which candidate won; null for a plan read from a file. */
  public PlanChoice.Kind winner() {
    return choice == null ? null : choice.winner().kind();
  }

  /** Why it won, one line. */
  public String choiceReason() {
    return choice == null ? "read from " + source : choice.reason();
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

  /** Where nnz(c_i) was counted; null for a plan read from a file. */
  public Partitioner.Symbolic symbolic() {
    return symbolic;
  }

  /** The file the plan was read from, or null if it was planned here. */
  public Path source() {
    return source;
  }

  /**
   * Symbolic multiply: nnz of every C row, by the iterator in count mode, or (client mode) the
   * counting after the scans.
   */
  public long symbolicNanos() {
    return symbolicNanos;
  }

  /** Scanning A and B into the bipartite graph (for a plan read from a file: to check it). */
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
    return choice == null ? 0 : choice.refineNanos();
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
      if (r.pinned()) {
        recordPredictedRemoteB(client, newTable);
      }
      applied = r;
      return r;
    } catch (TablePartitionException e) {
      throw new ClusterException(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
  }

  /**
   * Records on the copy the B entries this plan predicts its servers fetch from each other, which
   * its multiply weighs against reading B whole ({@link EngineChoice#wholeB}). Optional: without
   * it (no ALTER_TABLE on the copy) the servers read B row by row.
   */
  private void recordPredictedRemoteB(AccumuloClient client, String copy) {
    try {
      client.tableOperations().setProperty(copy, TableLayout.PREDICTED_REMOTE_B_PROPERTY,
          Long.toString(metrics().remoteBVolume()));
    } catch (AccumuloException | AccumuloSecurityException e) {
      // optional, as above
    }
  }

  /**
   * gRRp's last steps in one call: writes the re-keyed copy {@code newTable} ({@link #apply}) and
   * multiplies there with {@code multiply} (its families are this plan's). C is left in the copy;
   * {@link Partitioner#readC} reads it in original keys.
   */
  public GrrpResult multiply(AccumuloClient client, String newTable, ApplyOptions apply,
      MultiplyOptions multiply) {
    long t0 = System.nanoTime();
    ApplyResult r = apply(client, newTable, apply);
    long applyNanos = System.nanoTime() - t0;
    return new GrrpResult(newTable, r, applyNanos, SpGEMM.multiply(client, newTable, multiply));
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
    if (choice != null) {
      sb.append("  candidates (gRRp uses the winner):").append(System.lineSeparator());
      sb.append(choice.describe());
    }
    sb.append(String.format(Locale.ROOT, "  %-34s %16s %16s %9s%n", "",
        "gRRp (" + (choice == null ? "read plan" : winner().label()) + ")", "equal rows",
        "gRRp/eq"));
    row(sb, "cut size (sum of nnz(b_j))", g.cutSize(), b.cutSize());
    row(sb, "cut edges (nonzeros a_ij)", g.cutEdges(), b.cutEdges());
    row(sb, "predicted remote B entries", g.remoteBVolume(), b.remoteBVolume());
    String[] names = {"imbalance nnz(A) per part", "imbalance nnz(B) per part",
        "imbalance nnz(C) per part"};
    for (int c = 0; c < BipartiteGraph.NCON; c++) {
      sb.append(String.format(Locale.ROOT, "  %-34s %16.4f %16.4f%n", names[c], g.imbalance(c),
          b.imbalance(c)));
    }
    if (source != null) {
      sb.append(String.format(Locale.ROOT, "  steps: plan read from %s and checked against %s"
          + " in %.2f s", source, table, graphNanos / 1e9));
    } else {
      sb.append(String.format(Locale.ROOT,
          "  steps: symbolic%s %.2f s, graph build %.2f s, METIS %.2f s, plan %.2f s"
              + " (refinement %.2f s)",
          symbolic == Partitioner.Symbolic.CLIENT ? " (in the client)" : "",
          symbolicNanos / 1e9, graphNanos / 1e9, metisNanos / 1e9, planNanos / 1e9,
          refineNanos() / 1e9));
    }
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

  /**
   * The plan as a JSON-ready tree: sizes, the metrics of every split it was compared with
   * (cut, predicted remote B entries, imbalance per constraint) and the time of each step.
   */
  public Map<String,Object> toMap() {
    Map<String,Object> m = new LinkedHashMap<>();
    m.put("table", table);
    m.put("parts", parts());
    m.put("aRows", plan.numARows());
    m.put("bRows", plan.numBRows());
    m.put("nnzA", nnzA);
    m.put("nnzB", nnzB);
    m.put("nnzC", nnzC);
    m.put("partialProducts", partialProducts);
    Map<String,Object> splits = new LinkedHashMap<>();
    splits.put("gRRp", metricsMap(metrics()));
    splits.put("equalRows", metricsMap(baselineMetrics()));
    m.put("splits", splits);
    List<Object> candidates = new ArrayList<>();
    for (PlanChoice.Candidate c : candidates()) {
      Map<String,Object> cm = metricsMap(c.metrics());
      cm.put("balanced", c.balanced());
      Map<String,Object> named = new LinkedHashMap<>();
      named.put("candidate", c.kind().label());
      named.putAll(cm);
      candidates.add(named);
    }
    m.put("candidates", candidates);
    m.put("winner", choice == null ? null : winner().label());
    m.put("reason", choiceReason());
    Map<String,Object> steps = new LinkedHashMap<>();
    steps.put("symbolic", symbolicNanos / 1e9);
    steps.put("graph", graphNanos / 1e9);
    steps.put("metis", metisNanos / 1e9);
    steps.put("plan", planNanos / 1e9);
    steps.put("refine", refineNanos() / 1e9);
    ApplyResult r = applied;
    if (r != null) {
      steps.put("apply", r.totalNanos() / 1e9);
    }
    m.put("stepSeconds", steps);
    m.put("symbolicIn", symbolic == null ? null : symbolic.name().toLowerCase(Locale.ROOT));
    return m;
  }

  private static Map<String,Object> metricsMap(PlanMetrics pm) {
    Map<String,Object> m = new LinkedHashMap<>();
    m.put("cutSize", pm.cutSize());
    m.put("cutEdges", pm.cutEdges());
    m.put("predictedRemoteBEntries", pm.remoteBVolume());
    Map<String,Object> imbalance = new LinkedHashMap<>();
    imbalance.put("nnzA", pm.imbalance(BipartiteGraph.W_A));
    imbalance.put("nnzB", pm.imbalance(BipartiteGraph.W_B));
    imbalance.put("nnzC", pm.imbalance(BipartiteGraph.W_C));
    m.put("imbalance", imbalance);
    return m;
  }

  private static long total(PlanMetrics m, int constraint) {
    long sum = 0;
    for (int p = 0; p < m.parts(); p++) {
      sum += m.partWeight(p, constraint);
    }
    return sum;
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
