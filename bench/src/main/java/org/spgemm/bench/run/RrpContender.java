package org.spgemm.bench.run;

import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;

/** RRp: a fresh M (A and B loaded, untimed) per repetition, so no run pays to clear a stale C. */
final class RrpContender implements Contender {

  /** The multiply options every RRp and gRRp run uses (as `spgemm multiply` does). */
  static MultiplyOptions options() {
    return MultiplyOptions.builder().batchLimits(4096, 4096, 32L << 20).threads(2, 4).build();
  }

  @Override
  public Method method() {
    return Method.RRP;
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String m = cell.table("RRp" + rep);
    cell.loadM(m);
    return outcome(cell, m, SpGEMM.multiply(cell.client, m, options()));
  }

  /** C in family C of {@code m}, with the iterator's counts and counters. */
  static Outcome outcome(Cell cell, String m, MultiplyResult r) {
    Outcome o = new Outcome(cell, m, "C");
    o.multiplyNanos = r.wallNanos();
    o.partialProducts = r.partialProducts();
    o.nnzC = r.nnzC();
    o.entriesWritten = r.nnzC();
    o.bEntriesFetched = r.bEntriesFetched();
    o.bEntriesRemote = r.bEntriesRemote();
    o.workers = r.totals();
    return o;
  }
}
