package org.spgemm.bench.run;

import java.util.List;
import org.spgemm.client.TableM;

/**
 * The bulk floor: only writing the precomputed C as RFiles and bulk-importing them into a fresh
 * table ({@link BulkC}); what any method that must store C as files pays at least.
 */
final class BulkFloorContender implements Contender {

  @Override
  public Method method() {
    return Method.BULK_FLOOR;
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String out = cell.table("bulkfloor" + rep);
    TableM.create(cell.client, out, List.of("C"), cell.splits);
    cell.awaitHosted(out);
    long t0 = System.nanoTime();
    BulkC.importInto(cell.client, out, "C", cell.reference, cell.keys, cell.splits);
    Outcome o = new Outcome(cell, out, "C");
    o.multiplyNanos = System.nanoTime() - t0;
    o.nnzC = cell.reference.nnz();
    o.entriesWritten = cell.reference.nnz();
    return o;
  }
}
