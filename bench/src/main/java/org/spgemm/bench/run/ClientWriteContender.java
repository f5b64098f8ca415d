package org.spgemm.bench.run;

/**
 * A contender whose C is written from the client ({@link ClientWrittenC}) into a fresh table per
 * repetition, {@code <dataset>_<tableStem><rep>}, by BatchWriter or bulk import.
 */
abstract class ClientWriteContender extends MethodContender {

  private final boolean bulk;
  private final String tableStem;

  ClientWriteContender(Method method, boolean bulk, String tableStem) {
    super(method);
    this.bulk = bulk;
    this.tableStem = tableStem;
  }

  /** Creates and hosts this repetition's table (untimed), then starts the clock. */
  final ClientWrittenC start(Cell cell, int rep) {
    return ClientWrittenC.start(cell, cell.table(tableStem + rep), bulk);
  }
}
