package org.spgemm.bench.run;

import org.spgemm.algebra.Semirings;
import org.spgemm.client.MatrixStore;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * What D4M users do: scan A and B out of M into the client (A once for C = A·A), multiply there
 * (single-threaded Gustavson), and write C back, with one BatchWriter ({@code client}) or, as a
 * careful user would, as RFiles bulk-imported into the table ({@code client+bulk}, {@link
 * ClientWrittenC}). All three steps are timed together.
 */
final class ClientSideContender extends ClientWriteContender {

  ClientSideContender(boolean bulk) {
    super(bulk ? Method.CLIENT_BULK : Method.CLIENT, bulk, bulk ? "clientbulk" : "client");
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    ClientWrittenC out = start(cell, rep);
    SparseMatrix a = MatrixStore.read(cell.client, cell.source, "A", cell.a.rows(),
        cell.a.cols(), ValueCodecs.DECIMAL);
    SparseMatrix b = cell.a == cell.b ? a : MatrixStore.read(cell.client, cell.source, "B",
        cell.b.rows(), cell.b.cols(), ValueCodecs.DECIMAL);
    Outcome o = out.write(ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES));
    o.partialProducts = a.partialProducts(b);
    return o;
  }
}
