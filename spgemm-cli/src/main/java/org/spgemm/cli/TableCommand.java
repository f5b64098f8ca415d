package org.spgemm.cli;

import java.nio.file.Path;
import org.spgemm.matrix.SparseMatrix;
import picocli.CommandLine.Mixin;

/**
 * Shared shape of the commands that load matrices into table M on an embedded or real cluster and
 * multiply there: where they run, table M, and the options of the multiply.
 */
abstract class TableCommand extends AbstractSpgemmSubcommand {

  @Mixin
  ClusterOptions cluster;

  @Mixin
  TableOptions m;

  @Mixin
  MultiplyOptionsMixin multiply;

  /** Reads {@code file} (the input called {@code what} in messages) under the codec in effect. */
  SparseMatrix readInput(Path file, String what) throws Exception {
    return FileChecks.readInput(file, what, multiply.codecName(), err);
  }

  /**
   * Tablets of M when the command loads it without a count of its own: --tablets, else 4 per
   * embedded tablet server, 8 on a real instance.
   */
  int loadTablets() {
    return m.tablets(cluster.isEmbedded() ? 4 * cluster.mini.tservers : 8);
  }
}
