package org.spgemm.client;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Numeric indices as fixed-width, zero-padded decimal keys, so lexicographic order (Accumulo's)
 * equals numeric order. Keys are 0-based indices; Matrix Market's 1-based numbers are converted
 * at the file boundary.
 */
public final class KeyFormat {

  private final int width;

  private KeyFormat(int width) {
    this.width = width;
  }

  /** Wide enough for every index below {@code n} (at least one digit). */
  public static KeyFormat forSize(long n) {
    return new KeyFormat(Math.max(1, Long.toString(Math.max(0, n - 1)).length()));
  }

  public static KeyFormat ofWidth(int width) {
    if (width < 1 || width > 19) {
      throw new IllegalArgumentException("key width must be 1..19, not " + width);
    }
    return new KeyFormat(width);
  }

  public int width() {
    return width;
  }

  public byte[] encode(long index) {
    byte[] b = new byte[width];
    long v = index;
    for (int i = width - 1; i >= 0; i--) {
      b[i] = (byte) ('0' + (v % 10));
      v /= 10;
    }
    if (v != 0 || index < 0) {
      throw new IllegalArgumentException("index " + index + " does not fit " + width + " digits");
    }
    return b;
  }

  public String encodeString(long index) {
    return new String(encode(index), StandardCharsets.US_ASCII);
  }

  /**
   * The split points that cut rows {@code 0..rows-1} into {@code tablets} equal blocks (fewer
   * when there are fewer rows than tablets), as keys of this format.
   */
  public List<String> equalSplits(long rows, int tablets) {
    List<String> splits = new ArrayList<>();
    long previous = 0;
    for (int t = 1; t < tablets; t++) {
      long row = rows * t / tablets;
      if (row > previous && row < rows) {
        splits.add(encodeString(row));
        previous = row;
      }
    }
    return splits;
  }

  /** @throws IllegalArgumentException when the key is not a decimal index */
  public int decode(byte[] b, int off, int len) {
    if (len == 0 || len > 10) {
      throw new IllegalArgumentException(
          "key '" + new String(b, off, len, StandardCharsets.UTF_8) + "' is not a numeric index");
    }
    long v = 0;
    for (int i = off; i < off + len; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        throw new IllegalArgumentException(
            "key '" + new String(b, off, len, StandardCharsets.UTF_8) + "' is not a numeric index");
      }
      v = v * 10 + d;
    }
    if (v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("index " + v + " is too large");
    }
    return (int) v;
  }
}
