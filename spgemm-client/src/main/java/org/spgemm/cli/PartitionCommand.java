package org.spgemm.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.Partitioner;
import org.spgemm.client.TablePlan;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.metis.KwayOptions;
import org.spgemm.partition.table.ApplyResult;
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
final class PartitionCommand extends AbstractSpgemmSubcommand {

  @Option(names = "--a", description = "A as a Matrix Market file, loaded into a new table M"
      + " (omit to partition an existing --table)")
  Path aFile;

  @Option(names = "--b", description = "B as a Matrix Market file (default: A, i.e. C = A*A)")
  Path bFile;

  @Option(names = "--parts", required = true, paramLabel = "K",
      description = "number of parts K, normally the number of tablet servers")
  int parts;

  @Mixin
  ClusterOptions cluster;

  @Option(names = "--table", description = "table M (default M on an embedded cluster)")
  String table;

  @Option(names = "--target", description = "name of the re-keyed copy (default <table>_grrp)")
  String target;

  @Option(names = "--tablets", description = "tablets of M when --a loads it (default K, so that"
      + " multiplying on M is the equal-rows split that the figures compare with)")
  Integer tablets;

  @Option(names = "--codec", defaultValue = "decimal",
      description = "value codec in the table: decimal, long, double (default ${DEFAULT-VALUE})")
  String codec;

  @Option(names = "--semiring", defaultValue = "PLUS_TIMES",
      description = "semiring of the symbolic multiply (default ${DEFAULT-VALUE})")
  String semiring;

  @Option(names = "--batch-b-rows", defaultValue = "4096",
      description = "distinct B rows that close a batch of the symbolic multiply (and of"
          + " --multiply) (default ${DEFAULT-VALUE})")
  int batchBRows;

  @Option(names = "--symbolic", defaultValue = "iterator",
      description = "where nnz(C) per row is counted: iterator (count mode inside the tablet"
          + " servers) or client (from the graph scans; memory grows by nnz(B))"
          + " (default ${DEFAULT-VALUE})")
  String symbolic;

  @Option(names = "--epsilon", defaultValue = "0.005",
      description = "allowed imbalance per constraint (default ${DEFAULT-VALUE})")
  double epsilon;

  @Option(names = "--seed", defaultValue = "-1",
      description = "METIS seed, -1 for METIS's default (default ${DEFAULT-VALUE})")
  int seed;

  @Option(names = "--plan-out", description = "write the plan as JSON here")
  Path planOut;

  @Option(names = "--no-apply", description = "only plan: do not write the re-keyed copy")
  boolean noApply;

  @Option(names = "--plan", paramLabel = "FILE", description = "apply this plan (written"
      + " earlier by --plan-out, e.g. with --no-apply) instead of planning again; it must have"
      + " --parts parts and fit the table as it is now, else nothing is written")
  Path planIn;

  @Option(names = "--balance-timeout", defaultValue = "60",
      description = "seconds to wait for the new tablets to spread over the tablet servers"
          + " (default ${DEFAULT-VALUE})")
  int balanceTimeout;

  @Option(names = "--multiply", description = "also multiply on M (RRp, equal-rows tablets) and"
      + " on the re-keyed copy (gRRp), check that both give the same C, and print the B entries"
      + " each fetched")
  boolean multiply;

  @Override
  void validate() {
    cluster.validate(table);
    if (aFile == null && cluster.isEmbedded()) {
      throw new UsageException("--a is required on an embedded cluster (it starts empty)");
    }
    if (bFile != null && aFile == null) {
      throw new UsageException("--b needs --a");
    }
    if (parts < 1 || (tablets != null && tablets < 1) || batchBRows < 1
        || balanceTimeout < 0) {
      throw new UsageException("--parts, --tablets and --batch-b-rows must be"
          + " positive, --balance-timeout not negative");
    }
    if (!symbolic.equals("iterator") && !symbolic.equals("client")) {
      throw new UsageException("--symbolic must be iterator or client, not " + symbolic);
    }
    if (noApply && multiply) {
      throw new UsageException("--multiply needs the re-keyed copy: drop --no-apply");
    }
    if (!(epsilon > 0 && epsilon < 1)) {
      throw new UsageException("--epsilon must be in (0, 1), not " + epsilon);
    }
    if (seed < KwayOptions.METIS_DEFAULT_SEED) {
      throw new UsageException("--seed must be non-negative or -1");
    }
    try {
      Semirings.forName(semiring);
      ValueCodecs.forName(codec);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    FileChecks.checkOutputs(new String[] {"--a", "--b"}, new Path[] {aFile, bFile},
        new String[] {"--plan-out"}, new Path[] {planOut});
  }

  @Override
  ExitCode execute() throws Exception {
    SparseMatrix a = aFile == null ? null : FileChecks.readInput(aFile, "A", codec, err);
    SparseMatrix b = bFile == null ? a : FileChecks.readInput(bFile, "B", codec, err);
    if (a != null && a.cols() != b.rows()) {
      throw new UsageException("shape mismatch: A (" + aFile + ") is " + a.rows() + "x"
          + a.cols() + " but B (" + bFile + ") is " + b.rows() + "x" + b.cols()
          + " (A columns must equal B rows)");
    }
    ValueCodec vc = ValueCodecs.forName(codec);
    String m = table == null ? "M" : table;
    String m2 = target == null ? GrrpSteps.defaultTarget(m) : target;
    boolean useEmbedded = cluster.isEmbedded();
    try (Session session = cluster.open(err)) {
      if (!noApply && session.client.tableOperations().exists(m2)) {
        throw new UsageException("table " + m2 + " already exists; choose another --target or"
            + " delete it");
      }
      Workflow w = new Workflow(session.client, m, vc);
      if (a != null) {
        int t = tablets != null ? tablets : parts;
        w.load(a, b, t, false);
        err.printf(Locale.ROOT, "loaded A (%dx%d, %d nonzeros)%s into %s (%d tablets) in %.1f s%n",
            a.rows(), a.cols(), a.nnz(), bFile == null ? " as A and B" : " and B (" + b.rows()
                + "x" + b.cols() + ", " + b.nnz() + " nonzeros)", m, t, w.loadNanos / 1e9);
      } else if (!session.client.tableOperations().exists(m)) {
        throw new UsageException("table " + m + " does not exist");
      }
      GrrpSteps steps = new GrrpSteps(session.client, vc, err);
      PartitionOptions po = PartitionOptions.parts(parts).withEpsilon(epsilon).withSeed(seed);
      TablePlan plan = planIn != null ? readPlan(session.client, m)
          : steps.plan(m, parts, po, options(), a == null ? 0 : GrrpSteps.nonEmptyRows(a),
              symbolic.equals("client") ? Partitioner.Symbolic.CLIENT
                  : Partitioner.Symbolic.ITERATOR);
      if (planOut != null) {
        plan.write(planOut);
      }
      ApplyResult applied = noApply ? null : steps.apply(plan, m2, balanceTimeout);
      out.print(plan.describe());
      if (planOut != null) {
        out.println("  plan written to " + planOut);
      }
      if (applied != null) {
        out.printf(Locale.ROOT, "  tablet of each part: %s%n", applied.tabletLocations());
      }
      if (multiply) {
        compareMultiplies(w, steps, m, m2, a, b);
      }
    }
    return ExitCode.OK;
  }

  /** The plan of --plan, checked against table m and --parts. */
  private TablePlan readPlan(AccumuloClient client, String m) throws IOException {
    err.printf(Locale.ROOT, "gRRp: reading the plan %s and checking it against %s...%n", planIn,
        m);
    TablePlan plan = Partitioner.readPlan(client, m, planIn, options().build());
    if (plan.parts() != parts) {
      throw new UsageException("--parts is " + parts + " but the plan in " + planIn + " has "
          + plan.parts() + " parts");
    }
    return plan;
  }

  /** RRp on M, gRRp on the copy: same C, and the B entries each fetched. */
  private void compareMultiplies(Workflow w, GrrpSteps steps, String m, String m2,
      SparseMatrix a, SparseMatrix b) {
    MultiplyResult rrp = steps.multiply(m, options(), a);
    MultiplyResult grrp = steps.multiply(m2, options(), a);
    out.printf(Locale.ROOT, "  %-34s %16s %16s%n", "multiply", "gRRp (" + m2 + ")",
        "RRp (" + m + ")");
    out.printf(Locale.ROOT, "  %-34s %16d %16d%n", "B entries fetched", grrp.bEntriesFetched(),
        rrp.bEntriesFetched());
    out.printf(Locale.ROOT, "  %-34s %16d %16d%n", "B entries fetched remotely",
        grrp.bEntriesRemote(), rrp.bEntriesRemote());
    out.printf(Locale.ROOT, "  %-34s %16d %16d%n", "batches", grrp.batches(), rrp.batches());
    out.printf(Locale.ROOT, "  %-34s %16.2f %16.2f%n", "seconds", grrp.wallNanos() / 1e9,
        rrp.wallNanos() / 1e9);
    if (a != null) {
      SparseMatrix c1 = w.readC(a.rows(), b.cols());
      SparseMatrix c2 = steps.readC(m2, a.rows(), b.cols());
      if (c1.equals(c2)) {
        out.printf(Locale.ROOT, "  C of %s read back in original keys equals C of %s exactly"
            + " (nnz %d)%n", m2, m, c2.nnz());
      } else {
        MatrixComparison cmp = MatrixComparison.compare(c1, c2, 1e-9);
        out.printf(Locale.ROOT, "  C of %s differs from C of %s: %s%n", m2, m,
            cmp.equal() ? "only by rounding (summation order)" : cmp.differenceCount()
                + " entries, e.g. " + cmp.firstDifferences());
      }
    } else {
      out.printf(Locale.ROOT, "  nnz(C): gRRp %d, RRp %d%n", grrp.nnzC(), rrp.nnzC());
    }
  }

  private MultiplyOptions.Builder options() {
    return MultiplyOptions.builder().semiring(semiring).codec(codec)
        .batchBRows(batchBRows);
  }
}
