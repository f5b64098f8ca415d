package org.spgemm.matrix;

/**
 * The 3-D Poisson (Laplacian) matrices on an n×n×n grid, the FEM-like stencil matrices of the
 * benchmarks: regular rows of 7 or 27 entries, in contrast to the skewed R-MAT graphs.
 *
 * <p>Grid point (x, y, z) is row and column x + n·(y + n·z). The 7-point stencil has 6 on the
 * diagonal and -1 for each of the 6 face neighbours; the 27-point stencil has 26 on the diagonal
 * and -1 for each of the 26 face, edge and corner neighbours. Neighbours outside the grid are
 * omitted (Dirichlet boundary), so the diagonal stays the same at the boundary. The matrix is
 * symmetric. Rows are built directly in CSR order, without sorting.
 */
public final class Poisson3D {

  private Poisson3D() {}

  /**
   * The n^3 x n^3 Laplacian for a 7- or 27-point stencil.
   *
   * @throws IllegalArgumentException if points is not 7 or 27, n is below 1, or the matrix would
   *         not fit in int-indexed arrays
   */
  public static SparseMatrix generate(int n, int points) {
    if (points != 7 && points != 27) {
      throw new IllegalArgumentException("points must be 7 or 27, got " + points);
    }
    if (n < 1) {
      throw new IllegalArgumentException("grid size n must be at least 1, got " + n);
    }
    long size = n > 1290 ? Long.MAX_VALUE : (long) n * n * n;
    if (size > SparseMatrix.MAX_ENTRIES / points) {
      throw new IllegalArgumentException("grid size " + n + " is too large for a " + points
          + "-point matrix (n^3 x " + points + " entries must fit in an int array)");
    }
    boolean full = points == 27;
    int dim = (int) size;
    double diagonal = points - 1;
    int[] rowPtr = new int[dim + 1];
    int[] colIdx = new int[(int) countEntries(n, full)];
    double[] values = new double[colIdx.length];
    int p = 0;
    int row = 0;
    for (int z = 0; z < n; z++) {
      for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
          // Offsets in (dz, dy, dx) lexicographic order give ascending column indices.
          for (int dz = -1; dz <= 1; dz++) {
            int zz = z + dz;
            if (zz < 0 || zz >= n) {
              continue;
            }
            for (int dy = -1; dy <= 1; dy++) {
              int yy = y + dy;
              if (yy < 0 || yy >= n) {
                continue;
              }
              for (int dx = -1; dx <= 1; dx++) {
                int xx = x + dx;
                if (xx < 0 || xx >= n) {
                  continue;
                }
                int changed = (dx != 0 ? 1 : 0) + (dy != 0 ? 1 : 0) + (dz != 0 ? 1 : 0);
                if (!full && changed > 1) {
                  continue;
                }
                colIdx[p] = xx + n * (yy + n * zz);
                values[p] = changed == 0 ? diagonal : -1.0;
                p++;
              }
            }
          }
          rowPtr[++row] = p;
        }
      }
    }
    return new SparseMatrix(dim, dim, rowPtr, colIdx, values);
  }

  private static long countEntries(int n, boolean full) {
    // Sum over one axis of the number of valid offsets (including 0): 3n - 2 for n >= 2, 1 for n=1.
    long perAxis = n == 1 ? 1 : 3L * n - 2;
    long nn = (long) n * n;
    if (full) {
      return perAxis * perAxis * perAxis;
    }
    // Diagonal plus, per axis, the valid non-zero offsets (perAxis - n) times the other two axes.
    return nn * n + 3 * (perAxis - n) * nn;
  }
}
