package org.spgemm.bench.run;

import java.util.List;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;

/**
 * The write-bound floors: storing the precomputed C (nnz(C) entries) in a fresh table, with one
 * client BatchWriter ({@code floor}) or as RFiles bulk-imported ({@code bulk-floor},
 * {@link BulkC}). No method that stores C that way can beat its floor by much.
 */
final class WriteFloorContender implements Contender {

  private final boolean bulk;

  WriteFloorContender(boolean bulk) {
    this.bulk = bulk;
  }

  @Override
  public Method method() {
    return bulk ? Method.BULK_FLOOR : Method.FLOOR;
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String out = cell.table((bulk ? "bulkfloor" : "floor") + rep);
    TableM.create(cell.client, out, List.of("C"), cell.splits);
    cell.awaitHosted(out);
    long t0 = System.nanoTime();
    store(cell, out, cell.reference, bulk);
    Outcome o = new Outcome(cell, out, "C");
    o.multiplyNanos = System.nanoTime() - t0;
    o.nnzC = cell.reference.nnz();
    o.entriesWritten = cell.reference.nnz();
    return o;
  }

  /** Writes {@code c} into family C of {@code table}: BatchWriter or bulk import. */
  static void store(Cell cell, String table, SparseMatrix c, boolean bulk) {
    if (bulk) {
      BulkC.importInto(cell.client, table, "C", c, cell.keys, cell.splits);
    } else {
      MatrixStore.load(cell.client, table, "C", c, cell.keys, ValueCodecs.DECIMAL);
    }
  }
}
