package org.spgemm.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.spgemm.client.GrrpResult;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.LoadOptions;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.Partitioner;
import org.spgemm.client.TablePlan;
import org.spgemm.iterators.TableLayout;
import org.spgemm.json.Json;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.PartitionOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Loads Matrix Market files, multiplies on a cluster, writes C as Matrix Market. */
@Command(name = "multiply", mixinStandardHelpOptions = true,
    description = "C = A*B (or A*A without --b) on an embedded or real cluster. With --a FILE the"
        + " files are loaded into a new --table and C is written as a Matrix Market coordinate"
        + " real general file (integer general under --codec long) in the original 1-based"
        + " indices; with --a-family the matrices already in --table are multiplied there and C"
        + " stays in --c-family (docs/tables.md). One of the two is required.")
final class MultiplyCommand extends TableCommand {

  @Option(names = "--a", description = "A as a Matrix Market coordinate file, loaded into a new"
      + " --table first")
  Path aFile;

  @Mixin
  FamilyOptions families;

  @Option(names = "--semiring", paramLabel = "NAME",
      completionCandidates = MultiplyOptionsMixin.SemiringNames.class,
      description = MultiplyOptionsMixin.SEMIRING_HELP)
  void setSemiring(String name) {
    multiply.semiring = name;
  }

  @Option(names = "--b", description = "B as a Matrix Market file (default: A, i.e. C = A*A)")
  Path bFile;

  @Option(names = "--out", description = "where to write C (.mtx); required with --a")
  Path outFile;

  @Mixin
  MxmOptionsMixin mxm;

  @Option(names = "--replace-table", description = "delete an existing --table first (refused"
      + " while a multiply writes it); without it an existing table is refused")
  boolean replaceTable;

  @Option(names = "--partition", paramLabel = "K", description = "gRRp: partition into K parts"
      + " with METIS (symbolic multiply, plan, re-keyed copy of M with each part pinned to a"
      + " tablet server), multiply on the copy and write C in original keys; prints the plan's"
      + " figures")
  Integer partition;

  @Mixin
  ApplyOptionsMixin apply;

  @Option(names = "--partition-table", description = "name of the re-keyed copy (default"
      + " <table>" + GrrpSteps.TARGET_SUFFIX + ")")
  String partitionTable;

  @Option(names = "--partition-seed", defaultValue = "-1",
      description = "METIS seed for --partition, -1 for METIS's default (default ${DEFAULT-VALUE})")
  int partitionSeed;

  @Option(names = "--stats", description = "write the multiply's result (and gRRp's plan) as JSON"
      + " here")
  Path stats;

  @Option(names = "--write-floor", description = "also time ingesting nnz(C) entries with a plain"
      + " BatchWriter on the same cluster (the write-bound floor) and report the ratio")
  boolean writeFloor;

  /** True in the table mode: the matrices are families of --table, nothing is loaded. */
  boolean tableMode() {
    return aFile == null;
  }

  @Override
  void validate() {
    if (aFile == null && families.aFamily == null) {
      throw new UsageException("multiply needs its input: --a FILE (Matrix Market, loaded into a"
          + " new table) or --a-family F of an existing --table");
    }
    if (aFile != null && families.any()) {
      throw new UsageException("--a loads files into a new table; " + families.first()
          + " names a family already in --table: give one of them");
    }
    if (tableMode()) {
      validateTableMode();
    } else if (outFile == null) {
      throw new UsageException("--out is required with --a (the file C is written to)");
    }
    m.validate(cluster);
    // the API checks every multiply option, and all of them together, before any work
    MultiplyOptions.Builder opts = multiply.builder();
    if (tableMode()) {
      mxm.tableFamilies = families.aFamily;
      opts.families(families.aFamily, families.b(), families.c());
      if (families.bTable != null) {
        opts.bTable(families.bTable);
      }
    }
    mxm.validate(opts, families.maskFamily);
    m.values(multiply.codec());
    MultiplyOptions built = opts.build();
    if (built.engine().scans() && (mxm.cIn != null || tableMode())
        && built.spec().readsC()) {
      throw new UsageException("--engine " + built.engine().name().toLowerCase(Locale.ROOT)
          + " writes C beside what is there: --c-in merged by"
          + " --accum or kept outside a --mask (without --replace) needs the compaction engine"
          + " (or auto)");
    }
    if (partition != null && mxm.any()) {
      throw new UsageException("--partition multiplies C = A*B only: no mask, accumulator,"
          + " transpose or subset");
    }
    if (partition != null) {
      try {
        PartitionOptions.parts(partition).withSeed(partitionSeed);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--partition " + partition + " --partition-seed "
            + partitionSeed + ": " + e.getMessage());
      }
      apply.build();
    } else if (partitionTable != null || apply.balanceSeconds != null
        || apply.tabletsPerPart != null) {
      throw new UsageException((partitionTable != null ? "--partition-table"
          : apply.balanceSeconds != null ? "--balance-timeout" : "--tablets-per-part")
          + " needs --partition");
    }
    // every output path before any work: no multiply is lost to a bad --out
    FileChecks.checkOutputs(new String[] {"--a", "--b", "--mask", "--c-in"},
        new Path[] {aFile, bFile, mxm.mask, mxm.cIn},
        new String[] {"--out", "--stats"}, new Path[] {outFile, stats});
  }

  /** What the table mode refuses: the options that name files or load them. */
  private void validateTableMode() {
    if (m.table == null) {
      throw new UsageException("--a-family needs --table (the table holding the family)");
    }
    if (cluster.isEmbedded()) {
      throw new UsageException(TableOptions.NEEDS_CLUSTER);
    }
    String fileOption = bFile != null ? "--b" : mxm.fileOption() != null ? mxm.fileOption()
        : outFile != null ? "--out" : partition != null ? "--partition"
        : replaceTable ? "--replace-table" : writeFloor ? "--write-floor"
        : m.tablets != null ? "--tablets" : m.valueBytes != null ? "--value-bytes" : null;
    if (fileOption != null) {
      throw new UsageException(fileOption + " is for --a FILE; with --a-family the matrices are"
          + " families of --table (--b-family, --mask-family) and C stays in --c-family"
          + " (write it to a file with spgemm export)");
    }
    FileChecks.checkOutputs(new String[0], new Path[0], new String[] {"--stats"},
        new Path[] {stats});
  }

  /** The table mode: multiplies the families of --table in place. */
  private ExitCode executeOnTable() throws Exception {
    try (Session session = cluster.open(err)) {
      MultiplyOptions.Builder opts = multiply.builder();
      opts.families(families.aFamily, families.b(), families.c());
      if (families.bTable != null) {
        opts.bTable(families.bTable);
      }
      mxm.apply(opts, KeyFormat.ofWidth(19), Long.MAX_VALUE, Long.MAX_VALUE,
          families.maskFamily);
      Workflow w = new Workflow(session.client, m.name(), multiply.codec());
      MultiplyResult r = w.multiply(opts, 0, err);
      out.printf(Locale.ROOT, "C = A*B over %s: nnz(C) = %d, partial products = %d, batches ="
          + " %d, multiply %.2f s; C is family '%s' of table %s%n", multiply.semiringName(),
          r.nnzC(), r.partialProducts(), r.batches(), r.wallNanos() / 1e9, families.c(),
          m.name());
      if (stats != null) {
        Files.writeString(stats, Json.write(Map.of("multiply", r.toMap())),
            StandardCharsets.UTF_8);
      }
    }
    return ExitCode.OK;
  }

  @Override
  ExitCode execute() throws Exception {
    if (tableMode()) {
      return executeOnTable();
    }
    SparseMatrix a = readInput(aFile, "A");
    SparseMatrix b = bFile == null ? a : readInput(bFile, "B");
    SparseMatrix opA = mxm.transposeA ? a.transpose() : a;
    SparseMatrix opB = mxm.transposeB ? b.transpose() : b;
    FileChecks.checkShapes(opA, aFile, opB, bFile == null ? aFile : bFile);
    int cRows = opA.rows();
    int cCols = opB.cols();
    SparseMatrix mask = mxm.mask == null ? null : readInput(mxm.mask, "the mask");
    SparseMatrix c0 = mxm.cIn == null ? null : readInput(mxm.cIn, "C");
    FileChecks.checkShape(mask, mxm.mask, cRows, cCols);
    FileChecks.checkShape(c0, mxm.cIn, cRows, cCols);
    LoadOptions values = m.values(multiply.codec());
    TableOptions.checkValues(values, a, aFile);
    TableOptions.checkValues(values, bFile == null ? null : b, bFile);
    TableOptions.checkValues(values, mask, mxm.mask);
    try (Session session = cluster.open(err)) {
      Workflow w = new Workflow(session.client, m.name(), values);
      // C = A*A reads A twice from one family; gRRp re-keys A's and B's rows apart, so needs two
      boolean once = bFile == null && partition == null;
      w.load(a, once ? null : b, loadTablets(), replaceTable, mask, c0);
      err.printf(Locale.ROOT, "loaded A (%dx%d, %d nonzeros)%s in %.1f s%n", a.rows(), a.cols(),
          a.nnz(), once ? ", B = A (stored once)," : bFile == null ? " as A and B" : " and B ("
              + b.rows() + "x" + b.cols() + ", " + b.nnz() + " nonzeros)", w.loadNanos / 1e9);
      MultiplyOptions.Builder opts = multiply.builder()
          .families(TableLayout.A_FAMILY, once ? TableLayout.A_FAMILY : TableLayout.B_FAMILY,
              TableLayout.C_FAMILY);
      mxm.apply(opts, w.keys, opA.rows(), opB.cols());
      Map<String,Object> json = new LinkedHashMap<>();
      MultiplyResult r;
      SparseMatrix c;
      if (partition == null) {
        r = w.multiply(opts, a.nonEmptyRows(), err);
        c = w.readC(cRows, cCols);
      } else {
        GrrpSteps steps = new GrrpSteps(session.client, err);
        String m2 = partitionTable != null ? partitionTable : GrrpSteps.defaultTarget(w.table);
        TablePlan plan = steps.plan(w.table, PartitionOptions.parts(partition)
            .withSeed(partitionSeed), opts, a.nonEmptyRows(), Partitioner.Symbolic.ITERATOR);
        GrrpResult g = steps.multiply(plan, m2, apply.build(), opts, a.nonEmptyRows());
        out.print(plan.describe());
        r = g.multiply();
        c = Partitioner.readC(session.client, m2, a.rows(), b.cols(), multiply.codec());
        out.printf(Locale.ROOT, "gRRp multiply on %s: B entries fetched = %d, remotely = %d"
            + " (predicted remote B entries: %d, equal rows: %d); C read back in original keys%n",
            m2, r.bEntriesFetched(), r.bEntriesRemote(), plan.metrics().remoteBVolume(),
            plan.baselineMetrics().remoteBVolume());
        json.put("plan", plan.toMap());
        json.put("grrp", g.toMap());
      }
      MatrixMarket.write(outFile, c);
      out.printf(Locale.ROOT,
          "C = A*B over %s: %dx%d, nnz(C) = %d, partial products = %d, batches = %d,"
              + " B entries fetched = %d (remotely %d)%nmultiply %.2f s, %s partial products/s;"
              + " C written to %s%n", multiply.semiringName(), c.rows(), c.cols(), r.nnzC(),
          r.partialProducts(), r.batches(), r.bEntriesFetched(), r.bEntriesRemote(),
          r.wallNanos() / 1e9, ProgressBar.human(r.rate()), outFile);
      json.put("multiply", r.toMap());
      if (writeFloor) {
        long floorNanos = w.measureWriteFloor(c);
        out.printf(Locale.ROOT, "write floor: ingesting %d entries with a BatchWriter took"
            + " %.2f s (%s entries/s); multiply time / floor = %.2f%n", c.nnz(), floorNanos / 1e9,
            ProgressBar.human(c.nnz() / (floorNanos / 1e9)), r.wallNanos() / (double) floorNanos);
        json.put("writeFloorSeconds", floorNanos / 1e9);
      }
      if (stats != null) {
        Files.writeString(stats, Json.write(json), StandardCharsets.UTF_8);
      }
    }
    return ExitCode.OK;
  }
}
