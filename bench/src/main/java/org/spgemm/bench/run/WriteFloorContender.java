package org.spgemm.bench.run;

import java.util.List;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;

/**
 * The write-bound floor: ingesting the precomputed C (nnz(C) entries) into a fresh table with one
 * client BatchWriter. No method that writes C can beat it by much.
 */
final class WriteFloorContender implements Contender {

  @Override
  public Method method() {
    return Method.FLOOR;
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String out = cell.table("floor" + rep);
    TableM.create(cell.client, out, List.of("C"), cell.splits);
    cell.awaitHosted(out);
    long t0 = System.nanoTime();
    MatrixStore.load(cell.client, out, "C", cell.reference, cell.keys, ValueCodecs.DECIMAL);
    Outcome o = new Outcome(cell, out, "C");
    o.multiplyNanos = System.nanoTime() - t0;
    o.nnzC = cell.reference.nnz();
    o.entriesWritten = cell.reference.nnz();
    return o;
  }
}
