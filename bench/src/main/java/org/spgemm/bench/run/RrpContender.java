package org.spgemm.bench.run;

import java.util.Locale;
import org.spgemm.client.Engine;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.iterators.TableLayout;

/**
 * RRp: a fresh M (A and B loaded, untimed) per repetition, so no run pays to clear a stale C; on
 * the engine the API picks ({@code RRp}), or forced to the compaction engine ({@code
 * RRp-compaction}, {@code RRp-nested} without local B reads), the scan engine ({@code
 * RRp-scan}) or bulk ({@code RRp-bulk}).
 */
final class RrpContender implements Contender {

  private final Engine engine;
  private final boolean localB;

  RrpContender(Engine engine) {
    this(engine, true);
  }

  RrpContender(Engine engine, boolean localB) {
    this.engine = engine;
    this.localB = localB;
  }

  /** The multiply options every RRp and gRRp run uses: the API's defaults, as `spgemm multiply`. */
  static MultiplyOptions options(Engine engine) {
    return MultiplyOptions.builder().engine(engine).build();
  }

  @Override
  public Method method() {
    return switch (engine) {
      case AUTO -> Method.RRP;
      case SCAN -> Method.RRP_SCAN;
      case BULK -> Method.RRP_BULK;
      case COMPACTION -> localB ? Method.RRP_COMPACTION : Method.RRP_NESTED;
    };
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String m = cell.table(method().name() + rep);
    cell.loadM(m);
    return outcome(cell, m, SpGEMM.multiply(cell.client, m,
        options(engine).toBuilder().localB(localB)
            .families(TableLayout.A_FAMILY, cell.bFamily, TableLayout.C_FAMILY).build()));
  }

  /** C in family C of {@code m}, with the iterator's counts and counters. */
  static Outcome outcome(Cell cell, String m, MultiplyResult r) {
    Outcome o = new Outcome(cell, m, TableLayout.C_FAMILY);
    o.multiplyNanos = r.wallNanos();
    o.partialProducts = r.partialProducts();
    o.nnzC = r.nnzC();
    o.entriesWritten = r.nnzC();
    o.bEntriesFetched = r.bEntriesFetched();
    o.bEntriesRemote = r.bEntriesRemote();
    o.workers = r.totals();
    o.engine = r.engine().name().toLowerCase(Locale.ROOT);
    return o;
  }
}
