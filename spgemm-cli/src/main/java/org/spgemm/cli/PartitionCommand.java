package org.spgemm.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.client.ClusterException;
import org.spgemm.client.GrrpResult;
import org.spgemm.client.LoadOptions;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.Partitioner;
import org.spgemm.client.TablePlan;
import org.spgemm.iterators.TableLayout;
import org.spgemm.json.Json;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.metis.KwayOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * gRRp partitioning of table M: symbolic multiply, bipartite graph, METIS, the re-keyed copy
 * with one tablet per part; prints the plan's figures against the equal-rows split.
 */
@Command(name = "partition", mixinStandardHelpOptions = true,
    description = "Plan gRRp for C = A*B (3-constraint bipartite partitioning with METIS) and"
        + " write the re-keyed copy of table M (one tablet per part). Prints cut size,"
        + " predicted remote B entries and per-constraint imbalance of gRRp versus the"
        + " equal-rows split, and the time of each step. Needs the METIS library (Debian:"
        + " apt-get install libmetis5) unless --parts is 1.")
final class PartitionCommand extends TableCommand {

  @Option(names = "--a", description = "A as a Matrix Market file, loaded into a new table M"
      + " (omit to partition an existing --table)")
  Path aFile;

  @Option(names = "--b", description = "B as a Matrix Market file (default: A, i.e. C = A*A)")
  Path bFile;

  @Option(names = "--a-family", paramLabel = "F", description = "partition for A = family F"
      + " of the existing --table (\"\" for the empty family D4M writes; default "
      + TableLayout.A_FAMILY + ")")
  String aFamily;

  @Option(names = "--b-family", paramLabel = "F", description = "B = family F of --table,"
      + " another than A's (required with --a-family; default " + TableLayout.B_FAMILY + ")")
  String bFamily;

  @Option(names = "--semiring", paramLabel = "NAME",
      completionCandidates = MultiplyOptionsMixin.SemiringNames.class,
      description = MultiplyOptionsMixin.SEMIRING_HELP)
  void setSemiring(String name) {
    multiply.semiring = name;
  }

  @Option(names = "--parts", required = true, paramLabel = "K",
      description = "number of parts K, normally the number of tablet servers")
  int parts;

  @Option(names = "--target", description = "name of the re-keyed copy (default <table>"
      + GrrpSteps.TARGET_SUFFIX + ")")
  String target;

  @Option(names = "--symbolic", defaultValue = "iterator",
      description = "where nnz(C) per row is counted: iterator (count mode inside the tablet"
          + " servers) or client (from the graph scans; memory grows by nnz(B))"
          + " (default ${DEFAULT-VALUE})")
  String symbolic;

  @Option(names = "--epsilon", description = "allowed imbalance per constraint (default "
      + KwayOptions.DEFAULT_EPSILON + ")")
  Double epsilon;

  @Option(names = "--seed", defaultValue = "-1",
      description = "METIS seed, -1 for METIS's default (default ${DEFAULT-VALUE})")
  int seed;

  @Option(names = "--plan-out", description = "write the plan as JSON here")
  Path planOut;

  @Option(names = "--stats", description = "write the plan's figures, step times and (with"
      + " --multiply) both multiplies' results as JSON here")
  Path stats;

  @Option(names = "--no-apply", description = "only plan: do not write the re-keyed copy")
  boolean noApply;

  @Option(names = "--plan", paramLabel = "FILE", description = "apply this plan (written"
      + " earlier by --plan-out, e.g. with --no-apply) instead of planning again; it must have"
      + " --parts parts and fit the table as it is now, else nothing is written")
  Path planIn;

  @Mixin
  ApplyOptionsMixin apply;

  @Option(names = "--multiply", description = "also multiply on M (RRp, equal-rows tablets) and"
      + " on the re-keyed copy (gRRp), check that both give the same C, and print the B entries"
      + " each fetched")
  boolean compare;

  @Override
  void validate() {
    m.validate(cluster);
    multiply.options(); // the API checks every multiply option before any work
    if (aFile == null && cluster.isEmbedded()) {
      throw new UsageException("--a is required on an embedded cluster (it starts empty)");
    }
    if (bFile != null && aFile == null) {
      throw new UsageException("--b needs --a");
    }
    if (aFile != null && (aFamily != null || bFamily != null)) {
      throw new UsageException("--a loads files into a new table; " + (aFamily != null
          ? "--a-family" : "--b-family") + " names a family of an existing --table: give one"
          + " or the other");
    }
    if (aFamily != null && (bFamily == null || bFamily.equals(aFamily))) {
      throw new UsageException("partition --a-family " + quoted(aFamily) + " needs a --b-family"
          + " of its own: gRRp re-keys A's rows and B's rows by different plans, so C = A*A needs"
          + " A copied into a second family first (spgemm load, or a family copy)");
    }
    builder();
    m.values(multiply.codec());
    if (aFile == null && m.valueBytes != null) {
      throw new UsageException("--value-bytes is for --a FILE; with --a-family the values are"
          + " already in --table");
    }
    apply.build();
    if (!symbolic.equals("iterator") && !symbolic.equals("client")) {
      throw new UsageException("--symbolic must be iterator or client, not " + symbolic);
    }
    if (noApply && compare) {
      throw new UsageException("--multiply needs the re-keyed copy: drop --no-apply");
    }
    partitionOptions();
    FileChecks.checkInput(planIn, "--plan");
    FileChecks.checkOutputs(new String[] {"--a", "--b"}, new Path[] {aFile, bFile},
        new String[] {"--plan-out", "--stats"}, new Path[] {planOut, stats});
  }

  private static String quoted(String family) {
    return family.isEmpty() ? "\"\"" : family;
  }

  /** The multiply's options, with the families of --a-family and --b-family when given. */
  private MultiplyOptions.Builder builder() {
    MultiplyOptions.Builder b = multiply.builder();
    if (aFamily != null || bFamily != null) {
      String af = aFamily != null ? aFamily : TableLayout.A_FAMILY;
      b.families(af, bFamily != null ? bFamily : aFamily != null ? aFamily
          : TableLayout.B_FAMILY, TableLayout.C_FAMILY);
    }
    return b;
  }

  private PartitionOptions partitionOptions() {
    try {
      PartitionOptions po = PartitionOptions.parts(parts).withSeed(seed);
      return epsilon == null ? po : po.withEpsilon(epsilon);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--parts " + parts + ", --seed " + seed
          + (epsilon == null ? "" : ", --epsilon " + epsilon) + ": " + e.getMessage());
    }
  }

  @Override
  ExitCode execute() throws Exception {
    SparseMatrix a = aFile == null ? null : readInput(aFile, "A");
    SparseMatrix b = bFile == null ? a : readInput(bFile, "B");
    if (a != null) {
      FileChecks.checkShapes(a, aFile, b, bFile == null ? aFile : bFile);
    }
    LoadOptions values = m.values(multiply.codec());
    TableOptions.checkValues(values, a, aFile);
    TableOptions.checkValues(values, bFile == null ? null : b, bFile);
    String m2 = target == null ? GrrpSteps.defaultTarget(m.name()) : target;
    try (Session session = cluster.open(err)) {
      if (!noApply && session.client.tableOperations().exists(m2)) {
        throw new UsageException("table " + m2 + " already exists; choose another --target or"
            + " delete it");
      }
      Workflow w = new Workflow(session.client, m.name(), values);
      if (a != null) {
        int t = m.tablets(parts);
        w.load(a, b, t, false);
        err.printf(Locale.ROOT, "loaded A (%dx%d, %d nonzeros)%s into %s (%d tablets) in %.1f s%n",
            a.rows(), a.cols(), a.nnz(), bFile == null ? " as A and B" : " and B (" + b.rows()
                + "x" + b.cols() + ", " + b.nnz() + " nonzeros)", w.table, t, w.loadNanos / 1e9);
      } else if (!session.client.tableOperations().exists(w.table)) {
        throw ClusterException.noTable(w.table, null);
      }
      GrrpSteps steps = new GrrpSteps(session.client, err);
      long aRows = a == null ? 0 : a.nonEmptyRows();
      TablePlan plan = planIn != null ? readPlan(session.client, w.table)
          : steps.plan(w.table, partitionOptions(), builder(), aRows,
              symbolic.equals("client") ? Partitioner.Symbolic.CLIENT
                  : Partitioner.Symbolic.ITERATOR);
      if (planOut != null) {
        plan.write(planOut);
      }
      Map<String,Object> json = new LinkedHashMap<>();
      GrrpResult grrp = null;
      if (compare) {
        grrp = steps.multiply(plan, m2, apply.build(), builder(), aRows);
      } else if (!noApply) {
        steps.apply(plan, m2, apply.build());
      }
      out.print(plan.describe());
      json.put("plan", plan.toMap());
      if (planOut != null) {
        out.println("  plan written to " + planOut);
      }
      if (plan.applied() != null) {
        out.printf(Locale.ROOT, "  tablet of each part: %s%n",
            plan.applied().tabletLocations());
      }
      if (grrp != null) {
        MultiplyResult rrp = w.multiply(builder(), aRows, err);
        compare(w, m2, a, b, rrp, grrp.multiply());
        json.put("grrp", grrp.toMap());
        json.put("rrp", rrp.toMap());
      }
      if (stats != null) {
        Files.writeString(stats, Json.write(json), StandardCharsets.UTF_8);
      }
    }
    return ExitCode.OK;
  }

  /** The plan of --plan, checked against table m and --parts. */
  private TablePlan readPlan(AccumuloClient client, String m) throws IOException {
    err.printf(Locale.ROOT, "gRRp: reading the plan %s and checking it against %s...%n", planIn,
        m);
    TablePlan plan = Partitioner.readPlan(client, m, planIn, builder().build());
    if (plan.parts() != parts) {
      throw new UsageException("--parts is " + parts + " but the plan in " + planIn + " has "
          + plan.parts() + " parts");
    }
    return plan;
  }

  /** RRp on M, gRRp on the copy: same C, and the B entries each fetched. */
  private void compare(Workflow w, String m2, SparseMatrix a, SparseMatrix b, MultiplyResult rrp,
      MultiplyResult grrp) {
    out.printf(Locale.ROOT, "  %-34s %16s %16s%n", "multiply", "gRRp (" + m2 + ")",
        "RRp (" + w.table + ")");
    out.printf(Locale.ROOT, "  %-34s %16d %16d%n", "B entries fetched", grrp.bEntriesFetched(),
        rrp.bEntriesFetched());
    out.printf(Locale.ROOT, "  %-34s %16d %16d%n", "B entries fetched remotely",
        grrp.bEntriesRemote(), rrp.bEntriesRemote());
    out.printf(Locale.ROOT, "  %-34s %16d %16d%n", "batches", grrp.batches(), rrp.batches());
    out.printf(Locale.ROOT, "  %-34s %16.2f %16.2f%n", "seconds", grrp.wallNanos() / 1e9,
        rrp.wallNanos() / 1e9);
    if (a == null) {
      out.printf(Locale.ROOT, "  nnz(C): gRRp %d, RRp %d%n", grrp.nnzC(), rrp.nnzC());
      return;
    }
    SparseMatrix c1 = w.readC(a.rows(), b.cols());
    SparseMatrix c2 = Partitioner.readC(w.client, m2, a.rows(), b.cols(), w.codec);
    if (c1.equals(c2)) {
      out.printf(Locale.ROOT, "  C of %s read back in original keys equals C of %s exactly"
          + " (nnz %d)%n", m2, w.table, c2.nnz());
    } else {
      MatrixComparison cmp = MatrixComparison.compare(c1, c2, 1e-9);
      out.printf(Locale.ROOT, "  C of %s differs from C of %s: %s%n", m2, w.table,
          cmp.equal() ? "only by rounding (summation order)" : cmp.differenceCount()
              + " entries, e.g. " + cmp.firstDifferences());
    }
  }
}
