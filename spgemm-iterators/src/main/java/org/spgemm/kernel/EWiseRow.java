package org.spgemm.kernel;

import java.util.Arrays;

/**
 * One row of a family as element-wise kernels see it: column keys in ascending unsigned byte
 * order, each with a value carried as in {@link DomainValues} and a label (a column visibility
 * expression, empty for none). Grows, never shrinks; {@link #clear} reuses the arrays.
 */
public final class EWiseRow {

  byte[][] cols = new byte[16][];
  long[] vals = new long[16];
  byte[][] labels = new byte[16][];
  int n;

  public void clear() {
    n = 0;
  }

  public int size() {
    return n;
  }

  public byte[] col(int p) {
    return cols[p];
  }

  public long value(int p) {
    return vals[p];
  }

  public byte[] label(int p) {
    return labels[p];
  }

  /** Appends an entry; columns must arrive in ascending order. */
  public void add(byte[] col, long value, byte[] label) {
    if (n == vals.length) {
      int cap = n * 2;
      cols = Arrays.copyOf(cols, cap);
      vals = Arrays.copyOf(vals, cap);
      labels = Arrays.copyOf(labels, cap);
    }
    cols[n] = col;
    vals[n] = value;
    labels[n] = label;
    n++;
  }
}
