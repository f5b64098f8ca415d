package org.spgemm.bench.run;

import java.util.List;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * What a careful D4M user would pick: scan A and B out of M, multiply in the client, and write C
 * as RFiles bulk-imported into a fresh table ({@link BulkC}). All three steps are timed together.
 */
final class ClientBulkContender implements Contender {

  @Override
  public Method method() {
    return Method.CLIENT_BULK;
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String out = cell.table("clientbulk" + rep);
    TableM.create(cell.client, out, List.of("C"), cell.splits);
    cell.awaitHosted(out);
    long t0 = System.nanoTime();
    SparseMatrix a = MatrixStore.read(cell.client, cell.source, "A", cell.a.rows(),
        cell.a.cols(), ValueCodecs.DECIMAL);
    SparseMatrix b = MatrixStore.read(cell.client, cell.source, "B", cell.b.rows(),
        cell.b.cols(), ValueCodecs.DECIMAL);
    SparseMatrix c = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    BulkC.importInto(cell.client, out, "C", c, cell.keys, cell.splits);
    Outcome o = new Outcome(cell, out, "C");
    o.multiplyNanos = System.nanoTime() - t0;
    o.partialProducts = a.partialProducts(b);
    o.nnzC = c.nnz();
    o.entriesWritten = c.nnz();
    return o;
  }
}
