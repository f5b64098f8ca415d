package org.spgemm.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.LoadOptions;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.client.Triples;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.matrix.SparseMatrix;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Loads a file into one family of a table on a cluster: Matrix Market (numeric keys, shape
 * recorded, as --a FILE loads) or D4M-style TSV triples (any string keys, as they are).
 */
@Command(name = "load", mixinStandardHelpOptions = true, description = "Writes a matrix file into"
    + " family --family of --table (created when missing) on a real cluster: Matrix Market"
    + " (1-based indices as fixed-width decimal keys, shape recorded) or TSV triples"
    + " row<TAB>col<TAB>value (keys any strings, stored as they are, as D4M writes them).")
final class LoadCommand extends AbstractSpgemmSubcommand {

  @Mixin
  ClusterOptions cluster;

  @Mixin
  TableOptions m;

  @Option(names = "--in", required = true, paramLabel = "FILE", description = "the matrix file")
  Path in;

  @Option(names = "--family", required = true, paramLabel = "F", description = "the family to"
      + " write (\"\" for the empty family D4M writes)")
  String family;

  @Option(names = "--format", paramLabel = "mtx|tsv", description = "the file's format"
      + " (default: tsv for names ending .tsv or .txt, else mtx)")
  String format;

  @Option(names = "--codec", paramLabel = "NAME",
      completionCandidates = MultiplyOptionsMixin.CodecNames.class,
      description = "value codec: ${COMPLETION-CANDIDATES} (default " + MultiplySpec.DEFAULT_CODEC
          + ")")
  String codec;

  /** The format in effect: "mtx" or "tsv". */
  static String format(String given, Path file, String option) {
    if (given == null) {
      String n = FileChecks.nameOf(file).toLowerCase(Locale.ROOT);
      return n.endsWith(".tsv") || n.endsWith(".txt") ? "tsv" : "mtx";
    }
    String f = given.trim().toLowerCase(Locale.ROOT);
    if (!f.equals("mtx") && !f.equals("tsv")) {
      throw new UsageException("--format " + given + ": expected mtx or tsv");
    }
    return f;
  }

  static ValueCodec codec(String name) {
    try {
      return ValueCodecs.forName(name == null ? MultiplySpec.DEFAULT_CODEC : name);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--codec: " + e.getMessage());
    }
  }

  @Override
  void validate() {
    if (m.table == null || cluster.isEmbedded()) {
      throw new UsageException(m.table == null ? "--table is required (the table to load into)"
          : TableOptions.NEEDS_CLUSTER);
    }
    m.validate(cluster);
    format(format, in, "--format");
    m.values(codec(codec));
    FileChecks.checkInput(in, "--in");
  }

  @Override
  ExitCode execute() throws Exception {
    ValueCodec c = codec(codec);
    LoadOptions values = m.values(c);
    boolean tsv = format(format, in, "--format").equals("tsv");
    SparseMatrix a = tsv ? null : FileChecks.readInput(in, "--in", c.name(), err);
    TableOptions.checkValues(values, a, in);
    KeyFormat keys = tsv ? null : KeyFormat.forSize(Math.max(a.rows(), a.cols()));
    try (Session session = cluster.open(err)) {
      boolean created = false;
      if (!session.client.tableOperations().exists(m.table)) {
        List<String> groups = new ArrayList<>();
        if (!family.isEmpty()) {
          groups.add(family);
        }
        int tablets = m.tablets(1);
        TableM.create(session.client, m.table, groups, tablets == 1 ? null
            : tsv ? Triples.rowSplits(in, tablets) : keys.equalSplits(a.rows(), tablets));
        created = true;
      } else if (m.tablets != null) {
        throw new UsageException("--tablets " + m.tablets + ": table " + m.table + " exists;"
            + " --tablets splits a table load creates (split an existing one with Accumulo's"
            + " addsplits)");
      }
      long t0 = System.nanoTime();
      long n = tsv ? Triples.loadTsv(session.client, m.table, family, in, values.writer())
          : MatrixStore.load(session.client, m.table, family, a, keys, values);
      out.printf(Locale.ROOT, "loaded %d entries of %s into family '%s' of table %s%s in %.1f s%n",
          n, in, family, m.table, created ? " (created)" : "", (System.nanoTime() - t0) / 1e9);
    }
    return ExitCode.OK;
  }
}
