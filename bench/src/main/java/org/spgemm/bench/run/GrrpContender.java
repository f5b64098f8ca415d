package org.spgemm.bench.run;

import java.time.Duration;
import java.util.Locale;
import org.spgemm.client.Engine;
import org.spgemm.client.GrrpResult;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.Partitioner;
import org.spgemm.client.TablePlan;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.table.ApplyOptions;

/**
 * gRRp: one plan per dataset and cluster with K parts for K tablet servers, applied to a fresh
 * re-keyed copy per repetition. Each part is pinned to its own server by {@code
 * balancer.PartBalancer} (set by {@code PlanApplier}), so the partition METIS optimised is the one
 * the servers see, and is split at A row boundaries into {@code tabletsPerServer} tablets of
 * about equal nnz(A) ({@link ApplyOptions#withTabletsPerPart}), so every method runs on as many
 * tablets. Plan (symbolic multiply, graph, METIS, choice) and apply (re-keyed copy, placement)
 * times are reported beside the multiply, in their own columns. The multiply runs on the engine
 * the API picks, as RRp's and `spgemm multiply --partition` do (it was forced to the compaction
 * engine, so on the quick profile's small inputs gRRp paid that engine's 2 s floor and RRp did
 * not).
 *
 * <p>An earlier version planned one part per tablet (tablets per server × K) and let Accumulo's
 * balancer place them, so METIS's parts did not match the servers; with one unsplit part per
 * server instead, gRRp ran on K tablets against the others' 4K and lost to RRp for want of
 * concurrent scans and writes (R-MAT 11, K = 1: 3.3 s against 2.2 s).
 */
final class GrrpContender implements Contender {

  static final int METIS_SEED = 1;

  /** The options of the plan's symbolic step and of the multiply: the API's defaults. */
  private static final MultiplyOptions OPTIONS = RrpContender.options(Engine.AUTO);

  private TablePlan plan;
  private long planNanos;

  @Override
  public Method method() {
    return Method.GRRP;
  }

  @Override
  public void prepare(Cell cell) {
    long t0 = System.nanoTime();
    int parts = cell.tservers;
    plan = Partitioner.plan(cell.client, cell.source, parts,
        PartitionOptions.parts(parts).withSeed(METIS_SEED), OPTIONS);
    planNanos = System.nanoTime() - t0;
    // the prediction the measured bEntriesRemote is held against (it has no CSV column)
    System.err.printf(Locale.ROOT, "bench: gRRp plan for K=%d %s: %s, predicted remote B"
        + " %d entries (equal row blocks of %d parts: %d), planned in %.1f s (symbolic %.1f,"
        + " graph %.1f, METIS %.1f, plan %.1f)%n", parts, cell.dataset.name(),
        plan.choiceReason(), plan.metrics().remoteBVolume(), parts,
        plan.baselineMetrics().remoteBVolume(), planNanos / 1e9, plan.symbolicNanos() / 1e9,
        plan.graphNanos() / 1e9, plan.metisNanos() / 1e9, plan.planNanos() / 1e9);
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String m = cell.table("gRRp" + rep);
    GrrpResult g = plan.multiply(cell.client, m, ApplyOptions.defaults()
        .withTabletsPerPart(cell.tabletsPerServer).withBalanceTimeout(Duration.ofSeconds(30)),
        OPTIONS);
    Outcome o = RrpContender.outcome(cell, m, g.multiply());
    o.readC = () -> Partitioner.readC(cell.client, m, cell.a.rows(), cell.b.cols(),
        ValueCodecs.DECIMAL); // in original keys
    o.planNanos = planNanos;
    o.applyNanos = g.applyNanos();
    return o;
  }
}
