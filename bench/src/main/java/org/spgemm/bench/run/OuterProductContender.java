package org.spgemm.bench.run;

import org.spgemm.bench.bl.BlTables;

/**
 * A contender multiplying AT and B laid out as BL's ({@link BlTables}): named
 * {@code <dataset>_<prefix>AT} and {@code <dataset>_<prefix>B}, loaded once per dataset by
 * {@link #prepare}; each repetition writes a fresh C, {@code <dataset>_<prefix>C<rep>}.
 */
abstract class OuterProductContender extends MethodContender {

  private final String prefix;

  OuterProductContender(Method method, String prefix) {
    super(method);
    this.prefix = prefix;
  }

  @Override
  public final void prepare(Cell cell) {
    BlTables.loadInputs(cell.client, at(cell), b(cell), cell.a, cell.b, cell.keys, cell.splits,
        cell.values.writer());
  }

  final String at(Cell cell) {
    return cell.table(prefix + "AT");
  }

  final String b(Cell cell) {
    return cell.table(prefix + "B");
  }

  /**
   * Creates C of repetition {@code rep} with the shared splits, with BL's summing combiner or
   * none, and waits until it is hosted: all before the clock starts.
   */
  final String freshC(Cell cell, int rep, boolean summing) {
    String c = cell.table(prefix + "C" + rep);
    if (summing) {
      BlTables.createC(cell.client, c, cell.splits);
    } else {
      BlTables.createPlain(cell.client, c, cell.splits);
    }
    cell.awaitHosted(c);
    return c;
  }
}
