package org.spgemm.cli;

import java.nio.file.Path;
import java.util.Locale;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.MultiplySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Writes one family of a table to a file: Matrix Market (with a key map) or TSV triples. */
@Command(name = "export", mixinStandardHelpOptions = true, description = "Writes family --family"
    + " of --table to --out: TSV triples row<TAB>col<TAB>value with the keys as stored, or Matrix"
    + " Market. A family loaded from Matrix Market keeps its 1-based indices; any other is"
    + " numbered by its sorted keys (rows and columns alike, square) and the key map is written"
    + " beside it as <out>.keys, line i holding the key of index i.")
final class ExportCommand extends AbstractSpgemmSubcommand {

  @Mixin
  ClusterOptions cluster;

  @Mixin
  TableOptions m;

  @Option(names = "--family", required = true, paramLabel = "F", description = "the family to"
      + " read (\"\" for the empty family)")
  String family;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "the file to"
      + " write")
  Path outFile;

  @Option(names = "--format", paramLabel = "mtx|tsv", description = "the file's format"
      + " (default: tsv for names ending .tsv or .txt, else mtx)")
  String format;

  @Option(names = "--codec", paramLabel = "NAME",
      completionCandidates = MultiplyOptionsMixin.CodecNames.class,
      description = "value codec of the family: ${COMPLETION-CANDIDATES} (default "
          + MultiplySpec.DEFAULT_CODEC + ")")
  String codec;

  @Override
  void validate() {
    if (m.table == null || cluster.isEmbedded()) {
      throw new UsageException(m.table == null ? "--table is required (the table to read)"
          : TableOptions.NEEDS_CLUSTER);
    }
    if (m.tablets != null || m.valueBytes != null) {
      throw new UsageException((m.tablets != null ? "--tablets" : "--value-bytes")
          + " is for commands that create a table");
    }
    m.validate(cluster);
    LoadCommand.format(format, outFile, "--format");
    LoadCommand.codec(codec);
    FileChecks.checkOutput(outFile, "--out");
    if (LoadCommand.format(format, outFile, "--format").equals("mtx")) {
      FileChecks.checkOutput(Exports.keyMapOf(outFile), "--out's key map");
    }
  }

  @Override
  ExitCode execute() throws Exception {
    ValueCodec c = LoadCommand.codec(codec);
    try (Session session = cluster.open(err)) {
      if (!session.client.tableOperations().exists(m.table)) {
        throw new org.spgemm.client.ClusterException("table " + m.table + " does not exist");
      }
      if (LoadCommand.format(format, outFile, "--format").equals("tsv")) {
        long n = Exports.tsv(session.client, m.table, family, c, outFile);
        out.printf(Locale.ROOT, "%d entries of family '%s' of table %s written to %s%n", n,
            family, m.table, outFile);
      } else {
        Path map = Exports.mtx(session.client, m.table, family, c, outFile);
        out.printf(Locale.ROOT, "family '%s' of table %s written to %s%s%n", family, m.table,
            outFile, map == null ? " (its own indices)" : "; key map " + map);
      }
    }
    return ExitCode.OK;
  }
}
