package org.spgemm.codec;

import java.nio.charset.StandardCharsets;

/**
 * D4M/Graphulo style values: decimal numbers as UTF-8 strings ("3", "-0.25", "1e6"). Integral
 * results are written without a fraction ("3", not "3.0") so they read back in any D4M tool.
 * Only finite values are written: a D4M decimal string cannot hold NaN or an infinity (the double
 * codec keeps them).
 */
final class DecimalStringCodec extends CodecBase {

  DecimalStringCodec() {
    super("decimal", Domain.FP64);
  }

  @Override
  public double decodeDouble(byte[] b, int off, int len) {
    long asLong = parseLongOrMin(b, off, len);
    if (asLong != Long.MIN_VALUE) {
      return asLong;
    }
    String s = new String(b, off, len, StandardCharsets.UTF_8);
    try {
      return Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + abbreviate(s) + "' is not a decimal number");
    }
  }

  @Override
  public long decodeLong(byte[] b, int off, int len) {
    long asLong = parseLongOrMin(b, off, len);
    if (asLong != Long.MIN_VALUE) {
      return asLong;
    }
    String s = new String(b, off, len, StandardCharsets.UTF_8).trim();
    try {
      return Long.parseLong(s); // integers too long for the fast path keep every digit
    } catch (NumberFormatException e) {
      // not a plain integer: maybe "3.0" or "1e3"
    }
    double d = decodeDouble(b, off, len);
    if (d != Math.rint(d) || Math.abs(d) >= 0x1p63) {
      throw new IllegalArgumentException("'" + abbreviate(new String(b, off, len,
          StandardCharsets.UTF_8)) + "' is not an integer");
    }
    return (long) d;
  }

  @Override
  public byte[] encodeDouble(double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(v + " cannot be written by the decimal codec (a D4M"
          + " decimal string holds finite values only); use the double codec");
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return digits((long) v);
    }
    return Double.toString(v).getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public byte[] encodeLong(long v) {
    return digits(v);
  }

  /** The encodings of -1024 to 1023, shared: most values of graph products are small counts. */
  private static final int SMALL = 1024;

  private static final byte[][] SMALL_DIGITS = new byte[2 * SMALL][];

  static {
    for (int v = -SMALL; v < SMALL; v++) {
      SMALL_DIGITS[v + SMALL] = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
    }
  }

  /**
   * {@code Long.toString(v)} as ASCII bytes, written straight into an array of its length (no
   * String and no second copy: every C entry of a decimal product goes through here); one shared
   * array for each small value (callers never write what an encoder returned).
   */
  static byte[] digits(long v) {
    if (v >= -SMALL && v < SMALL) {
      return SMALL_DIGITS[(int) v + SMALL];
    }
    if (v == Long.MIN_VALUE) {
      return Long.toString(v).getBytes(StandardCharsets.US_ASCII);
    }
    long m = Math.abs(v);
    int n = 1;
    for (long p = 10; n < 19 && m >= p; p *= 10) {
      n++;
    }
    int sign = v < 0 ? 1 : 0;
    byte[] out = new byte[sign + n];
    if (sign == 1) {
      out[0] = '-';
    }
    for (int i = out.length - 1; i >= sign; i--) {
      out[i] = (byte) ('0' + m % 10);
      m /= 10;
    }
    return out;
  }

  /** Fast path for plain integers (most graph data); Long.MIN_VALUE means "not a plain integer". */
  private static long parseLongOrMin(byte[] b, int off, int len) {
    if (len == 0 || len > 18) {
      return Long.MIN_VALUE;
    }
    int i = off;
    int end = off + len;
    boolean negative = b[i] == '-';
    if (negative || b[i] == '+') {
      i++;
      if (i == end) {
        return Long.MIN_VALUE;
      }
    }
    long v = 0;
    for (; i < end; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return Long.MIN_VALUE;
      }
      v = v * 10 + d;
    }
    return negative ? -v : v;
  }

  static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
