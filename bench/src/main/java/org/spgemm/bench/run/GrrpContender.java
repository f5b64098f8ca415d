package org.spgemm.bench.run;

import java.time.Duration;
import org.spgemm.client.Engine;
import org.spgemm.client.GrrpResult;
import org.spgemm.client.Partitioner;
import org.spgemm.client.TablePlan;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.table.ApplyOptions;

/**
 * gRRp: one METIS plan per dataset and cluster, applied to a fresh re-keyed copy per repetition;
 * plan and apply times are reported beside the multiply. The plan has one part per tablet the
 * other methods' tables have (tablets per server × K), so every method runs on as many tablets
 * and only the assignment of rows differs. With one part per tablet server instead, gRRp ran
 * on K tablets against the others' 4K and lost to RRp for want of concurrent scans and writes
 * (R-MAT 11, K = 1: 3.3 s against 2.2 s, with a quarter of RRp's B fetches).
 */
final class GrrpContender implements Contender {

  static final int METIS_SEED = 1;

  private TablePlan plan;
  private long planNanos;

  @Override
  public Method method() {
    return Method.GRRP;
  }

  @Override
  public void prepare(Cell cell) {
    long t0 = System.nanoTime();
    int parts = cell.splits.size() + 1;
    plan = Partitioner.plan(cell.client, cell.source, parts,
        PartitionOptions.parts(parts).withSeed(METIS_SEED), RrpContender.options(Engine.COMPACTION));
    planNanos = System.nanoTime() - t0;
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String m = cell.table("gRRp" + rep);
    GrrpResult g = plan.multiply(cell.client, m, ApplyOptions.defaults()
        .withBalanceTimeout(Duration.ofSeconds(30)), RrpContender.options(Engine.COMPACTION));
    Outcome o = RrpContender.outcome(cell, m, g.multiply());
    o.readC = () -> Partitioner.readC(cell.client, m, cell.a.rows(), cell.b.cols(),
        ValueCodecs.DECIMAL); // in original keys
    o.planNanos = planNanos;
    o.applyNanos = g.applyNanos();
    return o;
  }
}
