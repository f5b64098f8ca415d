package org.spgemm.matrix;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

/** Random sparse matrices with fixed seeds for the tests (of this package and the cluster's). */
public final class RandomMatrices {

  private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 0.1, 1e-300, -1e300,
      Double.MIN_VALUE, Double.MAX_VALUE, 123456789012.0, 1e15, 4.5e15, 1.0 / 3, Math.PI,
      Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 9007199254740993.0, 2.5e-8};

  private RandomMatrices() {}

  /**
   * A rows x cols matrix where each position is stored with probability density; values are small
   * integers in -3..3, zero included, so stored zeros and cancellations occur.
   */
  static SparseMatrix smallIntegers(SplittableRandom rnd, int rows, int cols, double density) {
    return random(rnd, rows, cols, density, x -> x.nextInt(-3, 4));
  }

  /** Like {@link #smallIntegers} but with arbitrary doubles, including awkward ones. */
  static SparseMatrix anyDoubles(SplittableRandom rnd, int rows, int cols, double density) {
    return random(rnd, rows, cols, density, x -> switch (x.nextInt(3)) {
      case 0 -> SPECIAL[x.nextInt(SPECIAL.length)];
      case 1 -> x.nextInt(-1000, 1000);
      default -> Double.longBitsToDouble(x.nextLong());
    });
  }

  /**
   * Visits the positions row by row; each is stored with probability density, its value drawn by
   * {@code value} right after the coin that chose it.
   */
  public static SparseMatrix random(SplittableRandom rnd, int rows, int cols, double density,
      ToDoubleFunction<SplittableRandom> value) {
    int cap = (int) Math.max(16, rows * (long) cols * density * 1.5);
    int[] r = new int[cap];
    int[] c = new int[cap];
    double[] v = new double[cap];
    int n = 0;
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        if (rnd.nextDouble() < density) {
          if (n == cap) {
            cap *= 2;
            r = Arrays.copyOf(r, cap);
            c = Arrays.copyOf(c, cap);
            v = Arrays.copyOf(v, cap);
          }
          r[n] = i;
          c[n] = j;
          v[n] = value.applyAsDouble(rnd);
          n++;
        }
      }
    }
    return SparseMatrix.fromCoordinates(rows, cols, r, c, v, n);
  }
}
