package org.spgemm.cli;

import org.spgemm.iterators.TableLayout;
import picocli.CommandLine.Option;

/**
 * Where {@code multiply} finds its matrices when they are already in Accumulo: families of
 * --table (any strings, the empty family "" too, as D4M writes them), B optionally in another
 * table. Giving --a-family selects this mode; --a FILE (load first) and these exclude each other.
 */
final class FamilyOptions {

  @Option(names = "--a-family", paramLabel = "F", description = "A is family F of --table"
      + " (\"\" for the empty family D4M writes); selects the table mode: nothing is loaded")
  String aFamily;

  @Option(names = "--b-family", paramLabel = "F", description = "B is family F (default: the"
      + " A family, i.e. C = A*A)")
  String bFamily;

  @Option(names = "--b-table", paramLabel = "T", description = "B's family is in table T"
      + " (default: --table)")
  String bTable;

  @Option(names = "--c-family", paramLabel = "F", description = "C is written to family F of"
      + " --table (default " + TableLayout.C_FAMILY + ")")
  String cFamily;

  @Option(names = "--mask-family", paramLabel = "F", description = "mask M of C<M> = A*B is"
      + " family F of --table")
  String maskFamily;

  /** True when any of these options was given. */
  boolean any() {
    return aFamily != null || bFamily != null || bTable != null || cFamily != null
        || maskFamily != null;
  }

  /** The first option given, for messages. */
  String first() {
    return aFamily != null ? "--a-family" : bFamily != null ? "--b-family"
        : bTable != null ? "--b-table" : cFamily != null ? "--c-family" : "--mask-family";
  }

  String b() {
    return bFamily != null ? bFamily : aFamily;
  }

  String c() {
    return cFamily != null ? cFamily : TableLayout.C_FAMILY;
  }
}
