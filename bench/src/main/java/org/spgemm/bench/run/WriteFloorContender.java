package org.spgemm.bench.run;

/**
 * The write-bound floors: storing the precomputed C (nnz(C) entries) in a fresh table, with one
 * client BatchWriter ({@code floor}) or as RFiles bulk-imported ({@code bulk-floor}), as
 * {@link ClientWrittenC} writes it. No method that stores C that way can beat its floor by much.
 */
final class WriteFloorContender extends ClientWriteContender {

  WriteFloorContender(boolean bulk) {
    super(bulk ? Method.BULK_FLOOR : Method.FLOOR, bulk, bulk ? "bulkfloor" : "floor");
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    return start(cell, rep).write(cell.reference);
  }
}
