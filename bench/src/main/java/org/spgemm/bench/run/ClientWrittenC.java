package org.spgemm.bench.run;

import java.util.List;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;

/**
 * C written from the client into family C of a fresh table, by one BatchWriter or as RFiles
 * bulk-imported into it ({@link BulkC}). The table is created with the shared splits and hosted
 * before the clock starts; {@link #write} stops it.
 */
final class ClientWrittenC {

  private static final String FAMILY = "C";

  private final Cell cell;
  private final String table;
  private final boolean bulk;
  private final long startNanos;

  private ClientWrittenC(Cell cell, String table, boolean bulk, long startNanos) {
    this.cell = cell;
    this.table = table;
    this.bulk = bulk;
    this.startNanos = startNanos;
  }

  /** Creates and hosts {@code table} (untimed), then starts the clock. */
  static ClientWrittenC start(Cell cell, String table, boolean bulk) {
    TableM.create(cell.client, table, List.of(FAMILY), cell.splits);
    cell.awaitHosted(table);
    return new ClientWrittenC(cell, table, bulk, System.nanoTime());
  }

  /**
   * Writes {@code c} and stops the clock: the outcome timed from {@link #start}, with nnz(C)
   * entries written.
   */
  Outcome write(SparseMatrix c) {
    if (bulk) {
      BulkC.importInto(cell.client, table, FAMILY, c, cell.keys, cell.splits);
    } else {
      MatrixStore.load(cell.client, table, FAMILY, c, cell.keys, ValueCodecs.DECIMAL);
    }
    Outcome o = new Outcome(cell, table, FAMILY);
    o.multiplyNanos = System.nanoTime() - startNanos;
    o.nnzC = c.nnz();
    o.entriesWritten = c.nnz();
    return o;
  }
}
