package org.spgemm.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.spgemm.client.Algorithms;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.LoadOptions;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.json.Json;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.SparseMatrix;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Shared shape of the algorithm commands: read the input, load it into M on an embedded or real
 * cluster, run the algorithm's multiplies there, write its output and, with --stats, the
 * multiplies it made as JSON.
 */
abstract class AlgorithmCommand extends TableCommand {

  @Option(names = "--a", paramLabel = "G.mtx",
      description = "the input matrix (Matrix Market), loaded into a new --table first")
  Path aFile;

  @Option(names = "--a-family", paramLabel = "F", description = "the input is family F of an"
      + " existing --table (\"\" for the empty family D4M writes): nothing is loaded and the"
      + " result stays in the table (docs/tables.md)")
  String aFamily;

  @Option(names = "--stats", description = "write the algorithm's result and every multiply it"
      + " made as JSON here")
  Path stats;

  @Option(names = "--replace-table", description = "delete an existing --table first")
  boolean replaceTable;

  @Option(names = "--verify", description = "also compute the result with the plain in-memory"
      + " reference (org.spgemm.matrix) and compare; exit 1 when they differ")
  boolean verify;

  /** The command's --out, if it has one: each declares its own (its label names the output). */
  Path outFile;

  /** What {@link #save} wrote to {@link #outFile}. */
  SparseMatrix saved;

  /** True in the table mode: the input is a family of --table, nothing is loaded. */
  boolean tableMode() {
    return aFile == null;
  }

  /** The command's name, for messages. */
  String name() {
    return getClass().getAnnotation(Command.class).name();
  }

  /**
   * Runs the algorithm on family {@link #aFamily} of the table as it is (any string keys);
   * prints where the result is and returns what --stats reports.
   */
  abstract Map<String,Object> runOnTable(Workflow w, MultiplyOptions.Builder base,
      Algorithms.Steps steps) throws Exception;

  /** True when the command needs --out in the table mode too (its result is not a family). */
  boolean outRequiredOnTable() {
    return false;
  }

  /**
   * Writes family {@code family} of the table to --out, if given, as TSV triples (as {@code
   * spgemm export --format tsv} does).
   */
  void exportTsv(Workflow w, String family) throws Exception {
    if (outFile != null) {
      long n = Exports.tsv(w.client, w.table, family, w.codec, outFile);
      out.printf("%d entries of family '%s' written to %s%n", n, family, outFile);
    }
  }

  /** Output paths of the command (checked before any work), or none. */
  Path[] outputs() {
    return outFile == null ? new Path[0] : new Path[] {outFile};
  }

  /**
   * Checks the command's own arguments and the options of every multiply it will make on top of
   * {@code base} (the API's {@code Algorithms.check*}), before any file is read or cluster
   * started.
   */
  abstract void check(MultiplyOptions.Builder base);

  /**
   * The inputs A and B to load as families A and B of M; B the same matrix as A is not stored
   * again (the algorithms that read one graph read it from family A).
   */
  abstract SparseMatrix[] inputs(SparseMatrix a) throws Exception;

  /** The file input {@code k} of {@link #inputs} comes from: --a, unless a command reads more. */
  Path inputFile(int k) {
    return aFile;
  }

  /** Runs the algorithm on the loaded M; returns what --stats reports as its result. */
  abstract Map<String,Object> run(Workflow w, MultiplyOptions.Builder base,
      Algorithms.Steps steps, SparseMatrix a) throws Exception;

  /**
   * Compares what {@link #run} produced with the in-memory reference on input {@code a}; returns
   * null when they agree, else the first differences.
   */
  abstract String verify(SparseMatrix a) throws Exception;

  /** Null when {@code expected} and {@code actual} agree entry by entry, else what differs. */
  static String differences(SparseMatrix expected, SparseMatrix actual) {
    MatrixComparison c = MatrixComparison.compare(expected, actual, 1e-9);
    return c.equal() ? null : c.differenceCount() + " entries differ, e.g. "
        + String.join("; ", c.firstDifferences());
  }

  /**
   * Reads {@code family} of M, {@code rows} x {@code cols}, writes it to --out and keeps it as
   * {@link #saved}.
   */
  SparseMatrix save(Workflow w, String family, int rows, int cols) throws Exception {
    saved = MatrixStore.read(w.client, w.table, family, rows, cols, w.codec);
    MatrixMarket.write(outFile, saved);
    return saved;
  }

  @Override
  void validate() {
    if (aFile == null && aFamily == null) {
      throw new UsageException(name() + " needs its input: --a FILE (Matrix Market, loaded into"
          + " a new table) or --a-family F of an existing --table");
    }
    if (aFile != null && aFamily != null) {
      throw new UsageException("--a loads a file into a new table; --a-family names a family"
          + " already in --table: give one of them");
    }
    if (tableMode()) {
      if (m.table == null) {
        throw new UsageException("--a-family needs --table (the table holding the family)");
      }
      if (cluster.isEmbedded()) {
        throw new UsageException(TableOptions.NEEDS_CLUSTER);
      }
      String fileOnly = replaceTable ? "--replace-table" : verify ? "--verify"
          : m.tablets != null ? "--tablets" : m.valueBytes != null ? "--value-bytes" : null;
      if (fileOnly != null) {
        throw new UsageException(fileOnly + " is for --a FILE; with --a-family the input is"
            + " already in --table");
      }
      if (outFile == null && outRequiredOnTable()) {
        throw new UsageException("--out is required (the file " + name() + " writes)");
      }
    } else if (outFile == null && requiresOut()) {
      throw new UsageException("--out is required with --a (the file " + name() + " writes)");
    }
    m.validate(cluster);
    m.values(multiply.codec());
    try {
      check(multiply.options());
    } catch (InvalidOptionException e) {
      // the algorithm sets options of its own (a mask, an accumulator): say whose they are
      throw new UsageException(getClass().getAnnotation(Command.class).name() + ": "
          + e.getMessage());
    }
    Path[] outs = outputs();
    Path[] all = new Path[outs.length + 1];
    String[] names = new String[outs.length + 1];
    for (int k = 0; k < outs.length; k++) {
      all[k] = outs[k];
      names[k] = "--out";
    }
    all[outs.length] = stats;
    names[outs.length] = "--stats";
    FileChecks.checkOutputs(new String[] {"--a"}, new Path[] {aFile}, names, all);
  }

  /** True when the command writes --out in the file mode (all but triangles). */
  boolean requiresOut() {
    return true;
  }

  /** The table mode: runs on the family as it is. */
  private ExitCode executeOnTable() throws Exception {
    try (Session session = cluster.open(err)) {
      Workflow w = new Workflow(session.client, m.name(), multiply.codec());
      Algorithms.Steps steps = new Algorithms.Steps();
      long t0 = System.nanoTime();
      Map<String,Object> result = runOnTable(w, multiply.builder(), steps);
      double seconds = (System.nanoTime() - t0) / 1e9;
      err.printf(Locale.ROOT, "%d multiplies, %.2f s in all (%.2f s multiplying)%n",
          steps.multiplies.size(), seconds, steps.nanos / 1e9);
      if (stats != null) {
        Map<String,Object> json = new LinkedHashMap<>(result);
        json.put("seconds", seconds);
        json.put("multiplies", steps.multiplies);
        Files.writeString(stats, Json.write(json), StandardCharsets.UTF_8);
      }
      return ExitCode.OK;
    }
  }

  @Override
  ExitCode execute() throws Exception {
    if (tableMode()) {
      return executeOnTable();
    }
    SparseMatrix a = readInput(aFile, "A");
    SparseMatrix[] in = inputs(a);
    LoadOptions values = m.values(multiply.codec());
    TableOptions.checkValues(values, in[0], inputFile(0));
    TableOptions.checkValues(values, in[1], inputFile(1));
    try (Session session = cluster.open(err)) {
      Workflow w = new Workflow(session.client, m.name(), values);
      w.load(in[0], in[1] == in[0] ? null : in[1], loadTablets(), replaceTable);
      Algorithms.Steps steps = new Algorithms.Steps();
      long t0 = System.nanoTime();
      Map<String,Object> result = run(w, multiply.builder(), steps, a);
      double seconds = (System.nanoTime() - t0) / 1e9;
      err.printf(Locale.ROOT, "%d multiplies, %.2f s in all (%.2f s multiplying)%n",
          steps.multiplies.size(), seconds, steps.nanos / 1e9);
      Map<String,Object> json = new LinkedHashMap<>(result);
      json.put("seconds", seconds);
      String differs = null;
      if (verify) {
        long r0 = System.nanoTime();
        differs = verify(a);
        double refSeconds = (System.nanoTime() - r0) / 1e9;
        out.printf(Locale.ROOT, "in-memory reference (%.2f s): %s%n", refSeconds,
            differs == null ? "agrees" : "DIFFERS: " + differs);
        json.put("verified", differs == null);
        json.put("referenceSeconds", refSeconds);
      }
      if (stats != null) {
        json.put("multiplies", steps.multiplies);
        Files.writeString(stats, Json.write(json), StandardCharsets.UTF_8);
      }
      return differs == null ? ExitCode.OK : ExitCode.ERROR;
    }
  }
}
