package org.spgemm.kernel;

import java.nio.charset.StandardCharsets;
import org.spgemm.codec.ValueCodec;

/**
 * C values in C's codec. A value the codec cannot hold (NaN or an infinity in a decimal string)
 * is bad input, reported with the entry it belongs to ({@link BadValueException}), not a failure
 * to retry.
 */
public final class CValues {

  /** A computed C value the codec cannot hold; the message names the entry. */
  public static final class BadValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    BadValueException(String message) {
      super(message);
    }
  }

  private CValues() {}

  /** C(row, col) = entry {@code k} of the row just computed in {@code w}, in C's codec. */
  public static byte[] encode(ValueCodec codec, boolean integer, RowWorkspace w, int k,
      byte[] row, byte[] col) {
    // the workspace holds values of C's domain only
    return integer ? encode(codec, true, w.intValue(k), 0, row, col)
        : encode(codec, false, 0, w.fpValue(k), row, col);
  }

  /** C(row, col) = {@code iv} (INT64) or {@code fv} (FP64) in C's codec. */
  public static byte[] encode(ValueCodec codec, boolean integer, long iv, double fv, byte[] row,
      byte[] col) {
    try {
      return integer ? codec.encodeLong(iv) : codec.encodeDouble(fv);
    } catch (IllegalArgumentException e) {
      throw new BadValueException("C(" + text(row) + ", " + text(col) + "): " + e.getMessage());
    }
  }

  /** A key as text, shortened to 60 characters. */
  public static String text(byte[] b) {
    String s = new String(b, StandardCharsets.UTF_8);
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
