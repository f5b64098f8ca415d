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
    if (a.length != b.length) {
      return false;
    }
    long x = number(a);
    long y = number(b);
    return x >= 0 && y > x && y - x <= MAX_GAP + 1;
  }

  /**
   * The number a key of 1 to 18 ASCII digits spells (a matrix's fixed-width index keys), or -1
   * for any other key.
   */
  static long number(byte[] key) {
    if (key.length == 0 || key.length > 18) {
      return -1;
    }
    long v = 0;
    for (byte b : key) {
      if (b < '0' || b > '9') {
        return -1;
      }
      v = v * 10 + (b - '0');
    }
    return v;
  }
}
