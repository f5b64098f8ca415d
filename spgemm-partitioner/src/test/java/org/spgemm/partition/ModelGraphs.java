package org.spgemm.partition;

import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * Models of C = A·A for the plan tests: R-MAT-like power-law patterns and 2-D / 3-D stencils,
 * natural or randomly numbered, with exact nnz(c_i).
 */
public final class ModelGraphs {

  private ModelGraphs() {}

  /**
   * An R-MAT pattern (a = .57, b = .19, c = .19), 2^scale rows, edgeFactor·2^scale draws
   * (duplicates dropped).
   */
  public static BipartiteGraph rmat(int scale, int edgeFactor, long seed) {
    int n = 1 << scale;
    Random rnd = new Random(seed);
    @SuppressWarnings("unchecked")
    TreeSet<Integer>[] rows = new TreeSet[n];
    for (int i = 0; i < n; i++) {
      rows[i] = new TreeSet<>();
    }
    for (long e = 0, m = (long) edgeFactor * n; e < m; e++) {
      int r = 0;
      int c = 0;
      for (int bit = scale - 1; bit >= 0; bit--) {
        double x = rnd.nextDouble();
        if (x >= 0.57 && x < 0.76) {
          c |= 1 << bit;
        } else if (x >= 0.76 && x < 0.95) {
          r |= 1 << bit;
        } else if (x >= 0.95) {
          r |= 1 << bit;
          c |= 1 << bit;
        }
      }
      rows[r].add(c);
    }
    int[] rowPtr = new int[n + 1];
    for (int i = 0; i < n; i++) {
      rowPtr[i + 1] = rowPtr[i] + rows[i].size();
    }
    int[] cols = new int[rowPtr[n]];
    for (int i = 0; i < n; i++) {
      int k = rowPtr[i];
      for (int c : rows[i]) {
        cols[k++] = c;
      }
    }
    return square(n, rowPtr, cols);
  }

  /** The 9-point stencil on a g×g grid, rows numbered x + g·y. */
  public static BipartiteGraph stencil2d9(int g) {
    return stencil(g, g, 1, 1);
  }

  /** The 27-point stencil on a g×g×g grid. */
  public static BipartiteGraph stencil3d27(int g) {
    return stencil(g, g, g, 1);
  }

  /** The 7-point 3-D stencil on a g×g×g grid. */
  public static BipartiteGraph stencil3d7(int g) {
    TestMatrices.Pattern p = TestMatrices.poisson7(g);
    return square(p.n, p.rowPtr, p.colIdx);
  }

  /** The same model with rows (and the matching B rows) randomly renumbered. */
  public static BipartiteGraph permuted(BipartiteGraph g, long seed) {
    int n = g.numARows();
    int[] rowPtr = new int[n + 1];
    int[] cols = new int[g.nnzA()];
    for (int i = 0; i < n; i++) {
      rowPtr[i + 1] = g.aRowEnd(i);
      for (int e = g.aRowBegin(i); e < g.aRowEnd(i); e++) {
        cols[e] = g.aColumnAt(e);
      }
    }
    TestMatrices.Pattern p = TestMatrices.permuteSymmetric(
        TestMatrices.pattern(n, rowPtr, cols), seed);
    return square(p.n, p.rowPtr, p.colIdx);
  }

  /** Box stencil of radius r in each used dimension (nz = 1 for 2-D). */
  private static BipartiteGraph stencil(int nx, int ny, int nz, int r) {
    int n = nx * ny * nz;
    int[] rowPtr = new int[n + 1];
    int[] cols = new int[n * 27];
    int nnz = 0;
    for (int z = 0; z < nz; z++) {
      for (int y = 0; y < ny; y++) {
        for (int x = 0; x < nx; x++) {
          for (int dz = -r; dz <= r; dz++) {
            for (int dy = -r; dy <= r; dy++) {
              for (int dx = -r; dx <= r; dx++) {
                int xx = x + dx;
                int yy = y + dy;
                int zz = z + dz;
                if (xx >= 0 && xx < nx && yy >= 0 && yy < ny && zz >= 0 && zz < nz) {
                  cols[nnz++] = xx + nx * (yy + ny * zz);
                }
              }
            }
          }
          rowPtr[x + nx * (y + ny * z) + 1] = nnz;
        }
      }
    }
    return square(n, rowPtr, Arrays.copyOf(cols, nnz));
  }

  private static BipartiteGraph square(int n, int[] rowPtr, int[] cols) {
    long[] c = TestMatrices.symbolicRowNnz(n, rowPtr, cols, rowPtr, cols, n);
    return TestMatrices.squareGraph(n, rowPtr, cols, c);
  }
}
