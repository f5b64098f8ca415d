package org.spgemm.cli;

import java.nio.file.Path;
import org.spgemm.client.Arguments;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.LoadOptions;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;
import picocli.CommandLine.Option;

/**
 * Table M of a command: its name and, when the command loads it, its number of tablets and the
 * size its values are stored at.
 */
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
      + " partition: K; load: 1, and only when it creates the table; at most " + MAX_TABLETS
      + ")")
  Integer tablets;

  @Option(names = "--value-bytes", paramLabel = "N", description = "store every value loaded at"
      + " exactly N bytes (decimal codec only, 1 to " + ValueCodecs.MAX_VALUE_BYTES + "; 0: the"
      + " codec's normal form): decimal"
      + " strings zero-padded after the sign, read back as the same numbers, as in the paper's"
      + " value-size experiment; C keeps the codec's normal form (default: normal form)")
  Integer valueBytes;

  String name() {
    return table == null ? DEFAULT_TABLE : table;
  }

  /**
   * How the command stores the values it loads: {@code codec}, at --value-bytes when given.
   *
   * @throws AbstractSpgemmSubcommand.UsageException when the codec cannot write that size
   */
  LoadOptions values(ValueCodec codec) {
    try {
      return valueBytes == null ? LoadOptions.of(codec) : new LoadOptions(codec, valueBytes);
    } catch (InvalidOptionException e) {
      throw new AbstractSpgemmSubcommand.UsageException("--value-bytes " + valueBytes + ": "
          + e.getMessage());
    }
  }

  /**
   * Checks before anything is written that every value of {@code m}, read from {@code file},
   * can be stored as {@code values} says.
   *
   * @throws AbstractSpgemmSubcommand.UsageException naming the file, the entry and its value
   */
  static void checkValues(LoadOptions values, SparseMatrix m, Path file) {
    if (values.valueBytes() == 0 || m == null) {
      return;
    }
    try {
      values.check(m, file.toString());
    } catch (InvalidOptionException e) {
      throw new AbstractSpgemmSubcommand.UsageException(e.getMessage() + " (--value-bytes)");
    }
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
