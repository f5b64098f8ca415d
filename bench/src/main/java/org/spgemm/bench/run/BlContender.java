package org.spgemm.bench.run;

import org.spgemm.bench.bl.BlTables;
import org.spgemm.bench.bl.TableMultBL;

/** BL: AT and B loaded once per dataset; a fresh C (with its combiner) per repetition. */
final class BlContender extends OuterProductContender {

  BlContender() {
    super(Method.BL, "BL_");
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String c = freshC(cell, rep, true);
    TableMultBL.Result r = TableMultBL.multiply(cell.client, at(cell), b(cell), c,
        cell.scanThreads);
    Outcome o = new Outcome(cell, c, BlTables.C_FAMILY);
    o.multiplyNanos = r.wallNanos();
    o.partialProducts = r.partialProducts();
    o.entriesWritten = r.partialProducts();
    return o;
  }
}
