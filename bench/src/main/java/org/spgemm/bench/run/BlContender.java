package org.spgemm.bench.run;

import org.spgemm.bench.bl.BlTables;
import org.spgemm.bench.bl.TableMultBL;

/** BL: AT and B loaded once per dataset; a fresh C (with its combiner) per repetition. */
final class BlContender implements Contender {

  @Override
  public Method method() {
    return Method.BL;
  }

  @Override
  public void prepare(Cell cell) {
    BlTables.loadInputs(cell.client, cell.table("BL_AT"), cell.table("BL_B"), cell.a, cell.b,
        cell.keys, cell.splits);
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String c = cell.table("BL_C" + rep);
    BlTables.createC(cell.client, c, cell.splits);
    cell.awaitHosted(c);
    TableMultBL.Result r = TableMultBL.multiply(cell.client, cell.table("BL_AT"),
        cell.table("BL_B"), c, cell.scanThreads);
    Outcome o = new Outcome(cell, c, BlTables.C_FAMILY);
    o.multiplyNanos = r.wallNanos();
    o.partialProducts = r.partialProducts();
    o.entriesWritten = r.partialProducts();
    return o;
  }
}
