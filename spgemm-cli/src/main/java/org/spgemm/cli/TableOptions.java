package org.spgemm.cli;

import org.spgemm.client.Arguments;
import picocli.CommandLine.Option;

/** Table M of a command: its name and, when the command loads it, its number of tablets. */
final class TableOptions {

  /** Name of M on an embedded cluster when --table is not given. */
  static final String DEFAULT_TABLE = "M";

  /**
   * At most this many tablets for a table a command loads: every tablet is hosted, compacted and
   * multiplied on its own, and the inputs a command reads fit far fewer.
   */
  static final int MAX_TABLETS = 10_000;

  /** Why a command on a table already in Accumulo refuses the embedded cluster. */
  static final String NEEDS_CLUSTER = "--a-family, load and export work on a table already in"
      + " Accumulo: give -c/--config-file (a running instance's, or that of 'spgemm embedded"
      + " up'; a fresh embedded cluster holds no table)";

  @Option(names = "--table", description = "table M (default " + DEFAULT_TABLE + " on an embedded"
      + " cluster; required with -c)")
  String table;

  @Option(names = "--tablets", paramLabel = "T", description = "tablets M is split into when the"
      + " command loads it (multiply: 4 per embedded tablet server, 8 on a real instance;"
      + " partition: K; at most " + MAX_TABLETS + ")")
  Integer tablets;

  String name() {
    return table == null ? DEFAULT_TABLE : table;
  }

  void validate(ClusterOptions cluster) {
    cluster.validate(table);
    if (tablets != null) {
      Arguments.between("--tablets", tablets, 1, MAX_TABLETS);
    }
  }

  int tablets(int dflt) {
    return tablets != null ? tablets : dflt;
  }
}
