package org.spgemm.kernel;

import java.util.Arrays;

/**
 * The entries one row holds in a family other than A: the stored C (merged by an accumulator or
 * kept outside the mask) or the mask. Qualifiers in key order; values decoded in the multiply's
 * domain (unused for a mask, which keeps only the columns it lets through).
 */
public final class SideRow {

  public byte[][] quals = new byte[4][];
  long[] ints = new long[4];
  double[] fps = new double[4];
  /** Visibility of each entry, null where it has none. */
  byte[][] vis = new byte[4][];
  public int n;

  public void add(byte[] qual, long iv, double fv, byte[] visibility) {
    if (n == quals.length) {
      int cap = n * 2;
      quals = Arrays.copyOf(quals, cap);
      ints = Arrays.copyOf(ints, cap);
      fps = Arrays.copyOf(fps, cap);
      vis = Arrays.copyOf(vis, cap);
    }
    quals[n] = qual;
    ints[n] = iv;
    fps[n] = fv;
    vis[n++] = visibility;
  }

  /** Position of {@code qual}, or a negative number when the row does not hold it. */
  int find(byte[] qual) {
    return indexOf(quals, n, qual);
  }

  /** Position of {@code key} among the first {@code n} of {@code sorted} keys, or -1. */
  public static int indexOf(byte[][] sorted, int n, byte[] key) {
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = Arrays.compareUnsigned(sorted[mid], key);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }
}
