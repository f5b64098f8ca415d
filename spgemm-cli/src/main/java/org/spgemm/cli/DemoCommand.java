package org.spgemm.cli;

import java.util.Locale;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** End to end on an embedded cluster: R-MAT A·B, verified against an in-memory multiply. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Start an embedded MiniAccumuloCluster, multiply two Graph500 R-MAT matrices"
        + " inside its tablet servers, verify every entry of C against an in-memory multiply,"
        + " print a summary and stop the cluster.")
final class DemoCommand extends AbstractSpgemmSubcommand {

  @Option(names = "--scale", defaultValue = "12",
      description = "R-MAT scale: 2^scale vertices, 16 edges each (default ${DEFAULT-VALUE})")
  int scale;

  @Mixin
  EmbeddedClusterOptions cluster;

  @Option(names = "--seed", defaultValue = "1",
      description = "seed of A; B uses seed+1 (default ${DEFAULT-VALUE})")
  long seed;

  @Override
  void validate() {
    if (scale < 1 || scale > 20) {
      throw new UsageException("--scale must be 1..20");
    }
    cluster.validate();
  }

  @Override
  ExitCode execute() throws Exception {
    long t0 = System.nanoTime();
    SparseMatrix a = RmatGenerator.generate(scale, 16, seed);
    SparseMatrix b = RmatGenerator.generate(scale, 16, seed + 1);
    out.printf(Locale.ROOT, "A, B: Graph500 R-MAT scale %d (%d x %d), seeds %d and %d: %d and %d"
        + " nonzeros%n", scale, a.rows(), a.cols(), seed, seed + 1, a.nnz(), b.nnz());
    int tservers = cluster.tservers;
    try (Session session = cluster.start("demo", err)) {
      Workflow w = new Workflow(session.client, "M", ValueCodecs.DECIMAL);
      w.load(a, b, 4 * tservers, false);
      out.printf(Locale.ROOT, "loaded A and B into table M (%d tablets) in %.1f s%n",
          4 * tservers, w.loadNanos / 1e9);
      MultiplyResult r = w.multiply(MultiplyOptions.builder(), a.nonEmptyRows(), err);
      SparseMatrix c = w.readC(a.rows(), b.cols());
      SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
      MatrixComparison cmp = MatrixComparison.compare(expected, c, 1e-9);
      out.printf(Locale.ROOT, "C = A*B inside %d tablet servers: nnz(C) = %d, partial products ="
          + " %d, batches = %d, B entries fetched = %d%n", tservers, r.nnzC(),
          r.partialProducts(), r.batches(), r.bEntriesFetched());
      out.printf(Locale.ROOT, "multiply: %.2f s, %s partial products/s (%s C entries/s)%n",
          r.wallNanos() / 1e9, ProgressBar.human(r.rate()),
          ProgressBar.human(r.nnzC() / (r.wallNanos() / 1e9)));
      if (!cmp.equal()) {
        out.printf("verification FAILED: %d entries differ from the in-memory multiply, e.g. %s%n",
            cmp.differenceCount(), cmp.firstDifferences());
        return ExitCode.ERROR;
      }
      out.printf(Locale.ROOT, "verified: all %d entries of C equal the in-memory multiply%n",
          expected.nnz());
    }
    out.printf(Locale.ROOT, "cluster stopped; total %.1f s%n", (System.nanoTime() - t0) / 1e9);
    return ExitCode.OK;
  }
}
