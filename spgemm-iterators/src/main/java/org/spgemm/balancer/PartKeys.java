package org.spgemm.balancer;

import org.apache.accumulo.core.data.TabletId;
import org.apache.hadoop.io.Text;

/**
 * The row-key layout of a table re-keyed by a gRRp plan, as far as tablet placement needs it: a
 * row of part p starts with {@code p<digits>|} (the part number zero-padded to at least
 * {@value #MIN_PREFIX_DIGITS} digits), and the plan's split points are the bare prefixes
 * {@code p<digits>}. The partitioner writes these keys; this class only reads them.
 */
public final class PartKeys {

  /** First character of every part prefix. */
  public static final char PART_MARK = 'p';
  /** Character between the part prefix and the original key. */
  public static final char SEPARATOR = '|';
  /** Fewest digits of the part number in a prefix. */
  public static final int MIN_PREFIX_DIGITS = 4;

  /** Most digits parsed: a part number must fit an int. */
  private static final int MAX_DIGITS = 9;

  private PartKeys() {}

  /**
   * The part a tablet (prevEndRow, endRow] of a re-keyed table holds, or -1 if its rows are not
   * part keys. A tablet after a part key holds that part (later rows of the same part, or the
   * whole part after a bare prefix); the first tablet holds the part its end row ends: part r for
   * an end row inside part r, part r-1 for the bare prefix of part r.
   *
   * @param prev the tablet's previous end row (length bytes of it), null for the first tablet
   * @param end the tablet's end row, null for the last tablet
   */
  public static int tabletPart(byte[] prev, int prevLength, byte[] end, int endLength) {
    if (prev != null) {
      return partOf(prev, prevLength);
    }
    if (end == null) {
      return 0;
    }
    int part = partOf(end, endLength);
    if (part > 0 && isBarePrefix(end, endLength)) {
      return part - 1;
    }
    return part;
  }

  /** {@link #tabletPart(byte[], int, byte[], int)} of an Accumulo tablet. */
  public static int tabletPart(TabletId tablet) {
    Text prev = tablet.getPrevEndRow();
    Text end = tablet.getEndRow();
    return tabletPart(prev == null ? null : prev.getBytes(), prev == null ? 0 : prev.getLength(),
        end == null ? null : end.getBytes(), end == null ? 0 : end.getLength());
  }

  /**
   * The part number of a row that starts with a part prefix ({@code p<digits>|...}) or is a bare
   * prefix ({@code p<digits>}), or -1.
   */
  public static int partOf(byte[] row, int length) {
    int end = digitsEnd(row, length);
    if (end < 0) {
      return -1;
    }
    int part = 0;
    for (int k = 1; k < end; k++) {
      part = part * 10 + (row[k] - '0');
    }
    return part;
  }

  private static boolean isBarePrefix(byte[] row, int length) {
    return digitsEnd(row, length) == length;
  }

  /** Index after the prefix's digits, or -1 if the row has no part prefix. */
  private static int digitsEnd(byte[] row, int length) {
    if (row == null || length < 1 + MIN_PREFIX_DIGITS || row[0] != PART_MARK) {
      return -1;
    }
    int k = 1;
    while (k < length && row[k] >= '0' && row[k] <= '9') {
      k++;
    }
    int digits = k - 1;
    if (digits < MIN_PREFIX_DIGITS || digits > MAX_DIGITS) {
      return -1;
    }
    return k == length || row[k] == SEPARATOR ? k : -1;
  }
}
