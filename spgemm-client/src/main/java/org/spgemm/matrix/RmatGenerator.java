package org.spgemm.matrix;

import java.util.SplittableRandom;

/**
 * Graph500 R-MAT graphs, the power-law test matrices of the paper (a=0.57, b=0.19, c=0.19,
 * d=0.05).
 *
 * <p>Each of the edgeFactor·2^scale directed edges is placed by descending {@code scale} levels of
 * the adjacency matrix, at each level picking the top-left, top-right, bottom-left or bottom-right
 * quadrant with probability a, b, c, d. Repeated edges are summed, so values are edge
 * multiplicities (integral doubles); self loops are kept. Unlike the Graph500 kernel, vertices are
 * not permuted afterwards, so the heavy rows and columns sit at low indices. A given seed always
 * gives the same matrix ({@link SplittableRandom} is deterministic).
 */
public final class RmatGenerator {

  public static final double A = 0.57;
  public static final double B = 0.19;
  public static final double C = 0.19;
  public static final double D = 0.05;
  /** The Graph500 default edge factor. */
  public static final int DEFAULT_EDGE_FACTOR = 16;

  private RmatGenerator() {}

  /** An R-MAT matrix with the Graph500 edge factor of 16. */
  public static SparseMatrix generate(int scale, long seed) {
    return generate(scale, DEFAULT_EDGE_FACTOR, seed);
  }

  /**
   * A 2^scale x 2^scale R-MAT matrix from edgeFactor·2^scale edges.
   *
   * @throws IllegalArgumentException if scale is outside 0..30, edgeFactor is negative, or the edge
   *         count does not fit in an int array
   */
  public static SparseMatrix generate(int scale, int edgeFactor, long seed) {
    if (scale < 0 || scale > 30) {
      throw new IllegalArgumentException("scale must be in 0..30, got " + scale);
    }
    if (edgeFactor < 0) {
      throw new IllegalArgumentException("edge factor must be non-negative, got " + edgeFactor);
    }
    int n = 1 << scale;
    long edges = (long) edgeFactor * n;
    if (edges > SparseMatrix.MAX_ENTRIES) {
      throw new IllegalArgumentException("scale " + scale + " with edge factor " + edgeFactor
          + " gives " + edges + " edges, more than one matrix can hold");
    }
    int m = (int) edges;
    int[] r = new int[m];
    int[] c = new int[m];
    double[] v = new double[m];
    final double ab = A + B;
    final double abc = A + B + C;
    SplittableRandom random = new SplittableRandom(seed);
    for (int e = 0; e < m; e++) {
      int row = 0;
      int col = 0;
      for (int bit = scale - 1; bit >= 0; bit--) {
        double p = random.nextDouble();
        if (p >= abc) {
          row |= 1 << bit;
          col |= 1 << bit;
        } else if (p >= ab) {
          row |= 1 << bit;
        } else if (p >= A) {
          col |= 1 << bit;
        }
      }
      r[e] = row;
      c[e] = col;
      v[e] = 1.0;
    }
    return SparseMatrix.fromCoordinates(n, n, r, c, v, m);
  }
}
