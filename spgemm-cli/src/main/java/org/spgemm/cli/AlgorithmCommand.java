package org.spgemm.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.spgemm.client.Algorithms;
import org.spgemm.client.InvalidOptionException;
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

  @Option(names = "--a", required = true, paramLabel = "G.mtx",
      description = "the input matrix (Matrix Market)")
  Path aFile;

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

  /** The inputs A and B to load as families A and B of M. */
  abstract SparseMatrix[] inputs(SparseMatrix a) throws Exception;

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
    m.validate(cluster);
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

  @Override
  ExitCode execute() throws Exception {
    SparseMatrix a = readInput(aFile, "A");
    SparseMatrix[] in = inputs(a);
    try (Session session = cluster.open(err)) {
      Workflow w = new Workflow(session.client, m.name(), multiply.codec());
      w.load(in[0], in[1], loadTablets(), replaceTable);
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
