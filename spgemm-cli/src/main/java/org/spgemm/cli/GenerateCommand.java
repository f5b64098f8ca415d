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

  /** Shared shape of the generators: check the arguments and --out, generate, write, report. */
  abstract static class Generator extends AbstractSpgemmSubcommand {
    @Option(names = "--out", required = true, description = "output .mtx file")
    Path outFile;

    /** Checks the generator's own arguments; throws {@link UsageException}. */
    abstract void check();

    abstract SparseMatrix generate();

    /** What was generated, for the line printed before " -> <out>". */
    abstract String describe(SparseMatrix m);

    @Override
    final void validate() {
      check();
      FileChecks.checkOutput(outFile, "--out");
    }

    @Override
    final ExitCode execute() throws Exception {
      SparseMatrix m = generate();
      MatrixMarket.write(outFile, m);
      out.printf(Locale.ROOT, "%s -> %s%n", describe(m), outFile);
      return ExitCode.OK;
    }
  }

  /** A generator on the n x n x n grid of the 3-D Poisson problem: --n is its edge. */
  abstract static class GridGenerator extends Generator {
    @Option(names = "--n", required = true, description = "grid points per dimension")
    int n;
  }

  @Command(name = "rmat", mixinStandardHelpOptions = true,
      description = "Graph500 R-MAT (a=.57, b=.19, c=.19, d=.05): 2^scale vertices,"
          + " edge-factor * 2^scale edges, duplicates summed.")
  static final class Rmat extends Generator {
    @Option(names = "--scale", required = true, description = "log2 of the vertex count")
    int scale;

    @Option(names = "--edge-factor", defaultValue = "16",
        description = "edges per vertex (default ${DEFAULT-VALUE})")
    int edgeFactor;

    @Option(names = "--seed", defaultValue = "1", description = "random seed (default 1)")
    long seed;

    @Override
    void check() {
      if (scale < 1 || scale > 26 || edgeFactor < 1) {
        throw new UsageException("--scale must be 1..26 and --edge-factor positive");
      }
    }

    @Override
    SparseMatrix generate() {
      return RmatGenerator.generate(scale, edgeFactor, seed);
    }

    @Override
    String describe(SparseMatrix m) {
      return String.format(Locale.ROOT, "R-MAT scale %d seed %d: %dx%d, %d nonzeros", scale, seed,
          m.rows(), m.cols(), m.nnz());
    }
  }

  @Command(name = "poisson3d", mixinStandardHelpOptions = true,
      description = "3-D Poisson (Laplacian) stencil on an n x n x n grid: n^3 rows.")
  static final class Poisson extends GridGenerator {
    @Option(names = "--points", defaultValue = "7", description = "7 or 27 (default 7)")
    int points;

    @Override
    void check() {
      if (n < 1 || (points != 7 && points != 27)) {
        throw new UsageException("--n must be positive and --points 7 or 27");
      }
    }

    @Override
    SparseMatrix generate() {
      return Poisson3D.generate(n, points);
    }

    @Override
    String describe(SparseMatrix m) {
      return String.format(Locale.ROOT, "Poisson %d-point on %d^3: %dx%d, %d nonzeros", points, n,
          m.rows(), m.cols(), m.nnz());
    }
  }

  @Command(name = "aggregation", mixinStandardHelpOptions = true,
      description = "Piecewise-constant AMG prolongation P of the n x n x n grid of poisson3d:"
          + " cubes of block^3 points are aggregated, P(v, aggregate of v) = 1.")
  static final class Aggregation extends GridGenerator {
    @Option(names = "--block", defaultValue = "2", description = "aggregate edge (default 2)")
    int block;

    @Override
    void check() {
      if (n < 1 || block < 1) {
        throw new UsageException("--n and --block must be positive");
      }
    }

    @Override
    SparseMatrix generate() {
      return org.spgemm.matrix.Multigrid.piecewiseConstantP(n, block);
    }

    @Override
    String describe(SparseMatrix p) {
      return String.format(Locale.ROOT, "aggregation of %d^3 in %d^3 blocks: %dx%d", n, block,
          p.rows(), p.cols());
    }
  }
}
