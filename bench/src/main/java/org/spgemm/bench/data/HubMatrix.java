package org.spgemm.bench.data;

import java.util.SplittableRandom;
import org.spgemm.matrix.SparseMatrix;

/**
 * An n x n matrix with one hub: row 0 holds every column, every other row 3 distinct columns
 * drawn from 1..n-1, and rows 1 and n/2 also column 0 (so that in A·B two more rows of A reach
 * B's hub row). Values are small integers, so every product is exact in any codec. A·B of two
 * such matrices has about 15 n partial products: 4 n from A's hub row, 9 n from the 3-entry rows,
 * 2 n from the two rows that reach B's hub; at n = 120,000 that is the 1.8 M of issue 23's input.
 */
final class HubMatrix {

  /** Entries of a row other than the hub. */
  static final int ROW_ENTRIES = 3;

  private HubMatrix() {}

  static SparseMatrix generate(int n, long seed) {
    if (n < 2 * ROW_ENTRIES + 2) {
      throw new IllegalArgumentException("a hub matrix needs at least " + (2 * ROW_ENTRIES + 2)
          + " rows, not " + n);
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    int max = n + (n - 1) * (ROW_ENTRIES + 1);
    int[] r = new int[max];
    int[] c = new int[max];
    long[] v = new long[max];
    int e = 0;
    for (int j = 0; j < n; j++, e++) {
      r[e] = 0;
      c[e] = j;
      v[e] = 1 + rnd.nextInt(9);
    }
    int[] cols = new int[ROW_ENTRIES];
    for (int i = 1; i < n; i++) {
      for (int k = 0; k < ROW_ENTRIES; k++) {
        int col;
        do {
          col = 1 + rnd.nextInt(n - 1);
        } while (contains(cols, k, col));
        cols[k] = col;
        r[e] = i;
        c[e] = col;
        v[e++] = 1 + rnd.nextInt(9);
      }
      if (i == 1 || i == n / 2) {
        r[e] = i;
        c[e] = 0;
        v[e++] = 1 + rnd.nextInt(9);
      }
    }
    return SparseMatrix.fromCoordinates(n, n, r, c, v, e);
  }

  private static boolean contains(int[] a, int len, int x) {
    for (int i = 0; i < len; i++) {
      if (a[i] == x) {
        return true;
      }
    }
    return false;
  }
}
