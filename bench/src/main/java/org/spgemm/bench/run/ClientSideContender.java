package org.spgemm.bench.run;

import java.util.List;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * What D4M users do: scan A and B out of M into the client, multiply there (single-threaded
 * Gustavson), and write C back, with one BatchWriter ({@code client}) or, as a careful user
 * would, as RFiles bulk-imported into the table ({@code client+bulk}, {@link BulkC}). All three
 * steps are timed together.
 */
final class ClientSideContender implements Contender {

  private final boolean bulk;

  ClientSideContender(boolean bulk) {
    this.bulk = bulk;
  }

  @Override
  public Method method() {
    return bulk ? Method.CLIENT_BULK : Method.CLIENT;
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String out = cell.table((bulk ? "clientbulk" : "client") + rep);
    TableM.create(cell.client, out, List.of("C"), cell.splits);
    cell.awaitHosted(out);
    long t0 = System.nanoTime();
    SparseMatrix a = MatrixStore.read(cell.client, cell.source, "A", cell.a.rows(),
        cell.a.cols(), ValueCodecs.DECIMAL);
    SparseMatrix b = MatrixStore.read(cell.client, cell.source, "B", cell.b.rows(),
        cell.b.cols(), ValueCodecs.DECIMAL);
    SparseMatrix c = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    WriteFloorContender.store(cell, out, c, bulk);
    Outcome o = new Outcome(cell, out, "C");
    o.multiplyNanos = System.nanoTime() - t0;
    o.partialProducts = a.partialProducts(b);
    o.nnzC = c.nnz();
    o.entriesWritten = c.nnz();
    return o;
  }
}
