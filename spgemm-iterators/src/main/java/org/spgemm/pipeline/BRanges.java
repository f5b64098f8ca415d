package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;

/**
 * The ranges of one nested B scan: one per B row of Φ, with runs of fixed-width decimal keys
 * that lie close together ("00012", "00013", "00015") merged into a single row range, since one
 * seek reading a few unneeded rows is cheaper than many seeks. Rows outside Φ that a merged range
 * returns are dropped by the fetcher, so merging never changes the result.
 */
public final class BRanges {

  /** Largest run of missing numbers a merged range may read through. */
  static final int MAX_GAP = 16;

  private BRanges() {}

  static List<Range> of(List<byte[]> phi, Text family) {
    byte[][] rows = phi.toArray(new byte[0][]);
    Arrays.sort(rows, Arrays::compareUnsigned);
    List<Range> ranges = new ArrayList<>();
    int i = 0;
    while (i < rows.length) {
      int j = i;
      while (j + 1 < rows.length && close(rows[j], rows[j + 1])) {
        j++;
      }
      ranges.add(i == j ? Range.exact(new Text(rows[i]), family)
          : new Range(new Text(rows[i]), true, new Text(rows[j]), true));
      i = j + 1;
    }
    return ranges;
  }

  /** Both keys are decimal numbers of the same width at most MAX_GAP + 1 apart. */
  static boolean close(byte[] a, byte[] b) {
    if (a.length != b.length || a.length == 0 || a.length > 18) {
      return false;
    }
    long x = 0;
    long y = 0;
    for (int k = 0; k < a.length; k++) {
      int da = a[k] - '0';
      int db = b[k] - '0';
      if (da < 0 || da > 9 || db < 0 || db > 9) {
        return false;
      }
      x = x * 10 + da;
      y = y * 10 + db;
    }
    return y > x && y - x <= MAX_GAP + 1;
  }
}
