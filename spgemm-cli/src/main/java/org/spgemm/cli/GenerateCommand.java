package org.spgemm.cli;

import java.nio.file.Path;
import java.util.Locale;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Writes generated test matrices as Matrix Market files. */
@Command(name = "generate", mixinStandardHelpOptions = true,
    description = "Generate a test matrix as a Matrix Market file.",
    subcommands = {GenerateCommand.Rmat.class, GenerateCommand.Poisson.class,
        GenerateCommand.Aggregation.class})
final class GenerateCommand {

  @Command(name = "rmat", mixinStandardHelpOptions = true,
      description = "Graph500 R-MAT (a=.57, b=.19, c=.19, d=.05): 2^scale vertices,"
          + " edge-factor * 2^scale edges, duplicates summed.")
  static final class Rmat extends AbstractSpgemmSubcommand {
    @Option(names = "--scale", required = true, description = "log2 of the vertex count")
    int scale;

    @Option(names = "--edge-factor", defaultValue = "16",
        description = "edges per vertex (default ${DEFAULT-VALUE})")
    int edgeFactor;

    @Option(names = "--seed", defaultValue = "1", description = "random seed (default 1)")
    long seed;

    @Option(names = "--out", required = true, description = "output .mtx file")
    Path outFile;

    @Override
    void validate() {
      if (scale < 1 || scale > 26 || edgeFactor < 1) {
        throw new UsageException("--scale must be 1..26 and --edge-factor positive");
      }
      FileChecks.checkOutput(outFile, "--out");
    }

    @Override
    ExitCode execute() throws Exception {
      SparseMatrix m = RmatGenerator.generate(scale, edgeFactor, seed);
      MatrixMarket.write(outFile, m);
      out.printf(Locale.ROOT, "R-MAT scale %d seed %d: %dx%d, %d nonzeros -> %s%n", scale, seed,
          m.rows(), m.cols(), m.nnz(), outFile);
      return ExitCode.OK;
    }
  }

  @Command(name = "poisson3d", mixinStandardHelpOptions = true,
      description = "3-D Poisson (Laplacian) stencil on an n x n x n grid: n^3 rows.")
  static final class Poisson extends AbstractSpgemmSubcommand {
    @Option(names = "--n", required = true, description = "grid points per dimension")
    int n;

    @Option(names = "--points", defaultValue = "7", description = "7 or 27 (default 7)")
    int points;

    @Option(names = "--out", required = true, description = "output .mtx file")
    Path outFile;

    @Override
    void validate() {
      if (n < 1 || (points != 7 && points != 27)) {
        throw new UsageException("--n must be positive and --points 7 or 27");
      }
      FileChecks.checkOutput(outFile, "--out");
    }

    @Override
    ExitCode execute() throws Exception {
      SparseMatrix m = Poisson3D.generate(n, points);
      MatrixMarket.write(outFile, m);
      out.printf(Locale.ROOT, "Poisson %d-point on %d^3: %dx%d, %d nonzeros -> %s%n", points, n,
          m.rows(), m.cols(), m.nnz(), outFile);
      return ExitCode.OK;
    }
  }

  @Command(name = "aggregation", mixinStandardHelpOptions = true,
      description = "Piecewise-constant AMG prolongation P of the n x n x n grid of poisson3d:"
          + " cubes of block^3 points are aggregated, P(v, aggregate of v) = 1.")
  static final class Aggregation extends AbstractSpgemmSubcommand {
    @Option(names = "--n", required = true, description = "grid points per dimension")
    int n;

    @Option(names = "--block", defaultValue = "2", description = "aggregate edge (default 2)")
    int block;

    @Option(names = "--out", required = true, description = "output .mtx file")
    Path outFile;

    @Override
    void validate() {
      if (n < 1 || block < 1) {
        throw new UsageException("--n and --block must be positive");
      }
      FileChecks.checkOutput(outFile, "--out");
    }

    @Override
    ExitCode execute() throws Exception {
      SparseMatrix p = org.spgemm.matrix.Multigrid.piecewiseConstantP(n, block);
      MatrixMarket.write(outFile, p);
      out.printf(Locale.ROOT, "aggregation of %d^3 in %d^3 blocks: %dx%d -> %s%n", n, block,
          p.rows(), p.cols(), outFile);
      return ExitCode.OK;
    }
  }
}
