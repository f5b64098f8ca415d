package org.spgemm.kernel;

import java.util.Arrays;

/**
 * Scratch space for computing one C row at a time (Gustavson's dense accumulator). A column is
 * live in the current row when {@code mark[col] == stamp}, so starting a new row costs one
 * increment, never a fill. One workspace per thread; reused across rows and batches.
 */
public final class RowWorkspace {

  int[] mark = new int[0];
  int stamp;
  double[] fpAcc = new double[0];
  long[] intAcc = new long[0];
  /** Columns touched in the current row; sorted by {@link RowSpGemm} before it hands them out. */
  int[] touched = new int[16];
  int touchedCount;
  /** Columns the current row's mask holds: {@code maskMark[col] == maskStamp}. */
  int[] maskMark = new int[0];
  int maskStamp;

  /**
   * Makes room for column ids below {@code columns}, keeping what the arrays hold (a streamed row
   * grows its columns while it is computed).
   */
  void ensureColumns(int columns, boolean integer) {
    if (mark.length < columns) {
      int cap = Math.max(columns, mark.length * 2);
      mark = Arrays.copyOf(mark, cap);
    }
    if (integer && intAcc.length < columns) {
      intAcc = Arrays.copyOf(intAcc, Math.max(columns, intAcc.length * 2));
    } else if (!integer && fpAcc.length < columns) {
      fpAcc = Arrays.copyOf(fpAcc, Math.max(columns, fpAcc.length * 2));
    }
  }

  /** Starts the mask of the next row: no column marked. */
  public void startMask() {
    if (maskMark.length < mark.length) {
      maskMark = Arrays.copyOf(maskMark, mark.length);
    }
    if (++maskStamp == Integer.MAX_VALUE) {
      Arrays.fill(maskMark, 0);
      maskStamp = 1;
    }
  }

  /** Marks column {@code col} (a local C column id) as held by the mask. */
  public void markMask(int col) {
    maskMark[col] = maskStamp;
  }

  void startRow() {
    if (++stamp == Integer.MAX_VALUE) {
      Arrays.fill(mark, 0);
      stamp = 1;
    }
    touchedCount = 0;
  }

  void touch(int col) {
    if (touchedCount == touched.length) {
      touched = Arrays.copyOf(touched, touched.length * 2);
    }
    touched[touchedCount++] = col;
  }

  /** Number of entries in the row last computed. */
  public int rowNnz() {
    return touchedCount;
  }

  /** Column id of the k-th entry (ascending) of the row last computed. */
  public int column(int k) {
    return touched[k];
  }

  public double fpValue(int k) {
    return fpAcc[touched[k]];
  }

  public long intValue(int k) {
    return intAcc[touched[k]];
  }
}
