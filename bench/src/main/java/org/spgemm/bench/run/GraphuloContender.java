package org.spgemm.bench.run;

import org.spgemm.bench.bl.BlTables;
import org.spgemm.bench.graphulo.GraphuloTableMult;
import org.spgemm.mini.EmbeddedCluster;

/**
 * The real Graphulo TableMult (from {@code --graphulo-jar}) on AT and B laid out as BL's, loaded
 * once per dataset; per repetition a fresh, pre-split and hosted C, to which Graphulo attaches its
 * own summing combiner.
 */
final class GraphuloContender extends OuterProductContender {

  /** Graphulo keys a partial product (i, AT's family, j). */
  static final String C_FAMILY = BlTables.AT_FAMILY;

  private final GraphuloTableMult graphulo;

  GraphuloContender(GraphuloTableMult graphulo) {
    super(Method.GRAPHULO, "G_");
    this.graphulo = graphulo;
  }

  @Override
  public Outcome run(Cell cell, int rep) {
    String c = freshC(cell, rep, false);
    long t0 = System.nanoTime();
    // the bench runs as root on its own embedded cluster; Graphulo's iterators log in with it
    long products = graphulo.multiply(cell.client, EmbeddedCluster.ROOT_PASSWORD, at(cell),
        b(cell), c);
    Outcome o = new Outcome(cell, c, C_FAMILY);
    o.multiplyNanos = System.nanoTime() - t0;
    o.entriesWritten = products; // TableMult counts the partial products it wrote
    return o;
  }
}
