package org.spgemm.bench.run;

import java.util.function.Supplier;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;

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
    MultiplyResult r = SpGEMM.multiply(cell.client, m, options());
    return outcome(cell, m, r, () -> MatrixStore.read(cell.client, m, "C", cell.a.rows(),
        cell.b.cols(), ValueCodecs.DECIMAL));
  }

  static Outcome outcome(Cell cell, String m, MultiplyResult r, Supplier<SparseMatrix> readC) {
    Outcome o = new Outcome();
    o.multiplyNanos = r.wallNanos();
    o.partialProducts = r.partialProducts();
    o.nnzC = r.nnzC();
    o.entriesWritten = r.nnzC();
    o.bEntriesFetched = r.bEntriesFetched();
    o.bEntriesRemote = r.bEntriesRemote();
    o.workers = r.totals();
    o.cTable = m;
    o.cFamily = "C";
    o.readC = readC;
    o.tablesToDrop.add(m);
    return o;
  }
}
