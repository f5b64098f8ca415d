package org.spgemm.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.TablePlan;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.MultiplyIteratorOptions;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.PartitionOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Loads Matrix Market files, multiplies on a cluster, writes C as Matrix Market. */
@Command(name = "multiply", mixinStandardHelpOptions = true,
    description = "C = A*B (or A*A without --b) on an embedded or real cluster; C is written as"
        + " a Matrix Market coordinate real general file (integer general under --codec long)"
        + " in the original 1-based indices.")
final class MultiplyCommand extends AbstractSpgemmSubcommand {

  @Option(names = "--a", required = true, description = "A as a Matrix Market coordinate file")
  Path aFile;

  @Option(names = "--b", description = "B as a Matrix Market file (default: A, i.e. C = A*A)")
  Path bFile;

  @Option(names = "--out", required = true, description = "where to write C (.mtx)")
  Path outFile;

  @Mixin
  ClusterOptions cluster;

  @Option(names = "--table", description = "table M to create (default M on an embedded cluster)")
  String table;

  @Option(names = "--semiring", defaultValue = "PLUS_TIMES",
      description = "PLUS_TIMES, MIN_PLUS, MAX_PLUS, MAX_MIN, LOR_LAND, PLUS_PAIR, ANY_PAIR or"
          + " class:<fqcn> (default ${DEFAULT-VALUE})")
  String semiring;

  @Option(names = "--codec", defaultValue = "decimal",
      description = "value codec in the table: decimal, long, double (default ${DEFAULT-VALUE})")
  String codec;

  @Option(names = "--tablets", description = "tablets M is split into (default 4 per tablet"
      + " server of the embedded cluster, 8 on a real one)")
  Integer tablets;

  @Option(names = "--replace", description = "delete an existing --table first (refused while a"
      + " multiply writes it); without it an existing table is refused")
  boolean replace;

  @Option(names = "--engine", defaultValue = "compaction",
      description = "compaction (C computed in a user compaction of M, written straight into its"
          + " files) or scan (the paper's write path: a scan iterator and a BatchWriter)"
          + " (default ${DEFAULT-VALUE})")
  String engine;

  @Option(names = "--progress-timeout", paramLabel = "SECONDS",
      description = "fail, cancel the work and mark C FAILED when no tablet reports progress for"
          + " this long (default 600)")
  Integer progressTimeout;

  @Option(names = "--batch-b-rows", description = "B rows to fetch that close a batch (default "
      + MultiplyIteratorOptions.DEFAULT_BATCH_B_ROWS + ")")
  Integer batchBRows;

  @Option(names = "--threads", description = "batches in flight per tablet (default "
      + MultiplyIteratorOptions.DEFAULT_THREADS + ")")
  Integer threads;

  @Option(names = "--partition", paramLabel = "K", description = "gRRp: partition into K parts"
      + " with METIS (symbolic multiply, plan, re-keyed copy of M with one tablet per part),"
      + " multiply on the copy and write C in original keys; prints the plan's figures")
  Integer partition;

  @Option(names = "--partition-table", description = "name of the re-keyed copy (default"
      + " <table>_grrp)")
  String partitionTable;

  @Option(names = "--partition-seed", defaultValue = "-1",
      description = "METIS seed for --partition, -1 for METIS's default (default ${DEFAULT-VALUE})")
  int partitionSeed;

  @Option(names = "--stats", description = "write the multiply's result as JSON here")
  Path stats;

  @Option(names = "--write-floor", description = "also time ingesting nnz(C) entries with a plain"
      + " BatchWriter on the same cluster (the write-bound floor) and report the ratio")
  boolean writeFloor;

  @Override
  void validate() {
    cluster.validate(table);
    if ((tablets != null && tablets < 1) || (batchBRows != null && batchBRows < 1)
        || (threads != null && threads < 1) || (progressTimeout != null && progressTimeout < 1)) {
      throw new UsageException("--tablets, --batch-b-rows, --threads and --progress-timeout must"
          + " be positive");
    }
    engine();
    if (partition != null && (partition < 1 || partitionSeed < -1)) {
      throw new UsageException("--partition must be positive and --partition-seed"
          + " non-negative or -1");
    }
    if (partition == null && partitionTable != null) {
      throw new UsageException("--partition-table needs --partition");
    }
    try {
      Semirings.forName(semiring);
      ValueCodecs.forName(codec);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    // every output path before any work: no multiply is lost to a bad --out
    FileChecks.checkOutputs(new String[] {"--a", "--b"}, new Path[] {aFile, bFile},
        new String[] {"--out", "--stats"}, new Path[] {outFile, stats});
  }

  @Override
  ExitCode execute() throws Exception {
    SparseMatrix a = FileChecks.readInput(aFile, "A", codec, err);
    SparseMatrix b = bFile == null ? a : FileChecks.readInput(bFile, "B", codec, err);
    if (a.cols() != b.rows()) {
      throw new UsageException("shape mismatch: A (" + aFile + ") is " + a.rows() + "x"
          + a.cols() + " but B (" + (bFile == null ? aFile : bFile) + ") is " + b.rows() + "x"
          + b.cols() + " (A columns must equal B rows)");
    }
    boolean useEmbedded = cluster.isEmbedded();
    try (Session session = cluster.open(err)) {
      Workflow w = new Workflow(session.client, table == null ? "M" : table,
          ValueCodecs.forName(codec));
      w.load(a, b, tablets != null ? tablets : useEmbedded ? 4 * cluster.tservers : 8, replace);
      err.printf(Locale.ROOT, "loaded A (%dx%d, %d nonzeros)%s in %.1f s%n", a.rows(), a.cols(),
          a.nnz(), bFile == null ? " as A and B" : " and B (" + b.rows() + "x" + b.cols() + ", "
              + b.nnz() + " nonzeros)", w.loadNanos / 1e9);
      MultiplyOptions.Builder opts = MultiplyOptions.builder().semiring(semiring).codec(codec)
          .engine(engine());
      if (batchBRows != null) {
        opts.batchBRows(batchBRows);
      }
      if (threads != null) {
        opts.threads(threads, MultiplyIteratorOptions.DEFAULT_SCAN_THREADS);
      }
      if (progressTimeout != null) {
        opts.progressTimeout(java.time.Duration.ofSeconds(progressTimeout));
      }
      MultiplyResult r;
      SparseMatrix c;
      if (partition == null) {
        r = w.multiply(opts, a, err);
        c = w.readC(a.rows(), b.cols());
      } else {
        GrrpSteps steps = new GrrpSteps(session.client, ValueCodecs.forName(codec), err);
        String m2 = partitionTable != null ? partitionTable : GrrpSteps.defaultTarget(w.table);
        TablePlan plan = steps.plan(w.table, partition,
            PartitionOptions.parts(partition).withSeed(partitionSeed), opts,
            GrrpSteps.nonEmptyRows(a));
        steps.apply(plan, m2, 60);
        out.print(plan.describe());
        r = steps.multiply(m2, opts, a);
        c = steps.readC(m2, a.rows(), b.cols());
        out.printf(Locale.ROOT, "gRRp multiply on %s: B entries fetched = %d, remotely = %d"
            + " (predicted remote B entries: %d, equal rows: %d); C read back in original keys%n",
            m2, r.bEntriesFetched(), r.bEntriesRemote(), plan.metrics().remoteBVolume(),
            plan.baselineMetrics().remoteBVolume());
      }
      MatrixMarket.write(outFile, c);
      out.printf(Locale.ROOT,
          "C = A*B over %s: %dx%d, nnz(C) = %d, partial products = %d, batches = %d,"
              + " B entries fetched = %d (remotely %d)%nmultiply %.2f s, %s partial products/s;"
              + " C written to %s%n", semiring, c.rows(), c.cols(), r.nnzC(), r.partialProducts(),
          r.batches(), r.bEntriesFetched(), r.bEntriesRemote(), r.wallNanos() / 1e9, ProgressBar.human(r.rate()), outFile);
      String json = r.toJson();
      if (writeFloor) {
        long floorNanos = w.measureWriteFloor(c);
        out.printf(Locale.ROOT, "write floor: ingesting %d entries with a BatchWriter took"
            + " %.2f s (%s entries/s); multiply time / floor = %.2f%n", c.nnz(), floorNanos / 1e9,
            ProgressBar.human(c.nnz() / (floorNanos / 1e9)), r.wallNanos() / (double) floorNanos);
        json = json.substring(0, json.lastIndexOf('}')).stripTrailing()
            + String.format(Locale.ROOT, ",%n  \"writeFloorSeconds\": %.3f%n}%n", floorNanos / 1e9);
      }
      if (stats != null) {
        Files.writeString(stats, json, StandardCharsets.UTF_8);
      }
    }
    return ExitCode.OK;
  }

  private Engine engine() {
    try {
      return Engine.valueOf(engine.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--engine must be compaction or scan, not '" + engine + "'");
    }
  }
}
