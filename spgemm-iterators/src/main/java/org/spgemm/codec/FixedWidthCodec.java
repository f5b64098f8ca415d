package org.spgemm.codec;

import java.nio.charset.StandardCharsets;

/**
 * The decimal codec with every value written at exactly {@code bytes} bytes: the normal string
 * zero-padded after its sign ("0000000000000003", "-000000000000003", "00000000000.25",
 * "0000001.0E-5"). The decimal codec, {@link Long#parseLong} and {@link Double#parseDouble}
 * (Graphulo's and D4M's readers) decode a padded value to the same number as the unpadded one, so
 * reading goes through the decimal codec unchanged. A value whose normal string is longer than
 * {@code bytes} is refused, never cut. Made by {@link ValueCodecs#fixedWidth}.
 */
final class FixedWidthCodec implements ValueCodec {

  private final ValueCodec base;
  private final int bytes;

  FixedWidthCodec(ValueCodec base, int bytes) {
    this.base = base;
    this.bytes = bytes;
  }

  /** The base codec's name: the values are that codec's, only wider. */
  @Override
  public String name() {
    return base.name();
  }

  @Override
  public Domain domain() {
    return base.domain();
  }

  /** The codec whose values these are. */
  ValueCodec base() {
    return base;
  }

  /** The size every value is written at. */
  int bytes() {
    return bytes;
  }

  @Override
  public double decodeDouble(byte[] b, int offset, int length) {
    return base.decodeDouble(b, offset, length);
  }

  @Override
  public long decodeLong(byte[] b, int offset, int length) {
    return base.decodeLong(b, offset, length);
  }

  @Override
  public byte[] encodeDouble(double v) {
    return pad(base.encodeDouble(v), bytes);
  }

  @Override
  public byte[] encodeLong(long v) {
    return pad(base.encodeLong(v), bytes);
  }

  /**
   * {@code s} (a decimal string) with zeros inserted after its sign up to {@code width} bytes.
   *
   * @throws IllegalArgumentException when {@code s} is already longer than {@code width}
   */
  static byte[] pad(byte[] s, int width) {
    if (s.length > width) {
      throw new IllegalArgumentException(new String(s, StandardCharsets.US_ASCII) + " needs "
          + s.length + " bytes, more than the value size of " + width);
    }
    if (s.length == width) {
      return s;
    }
    byte[] out = new byte[width];
    int sign = s.length > 0 && s[0] == '-' ? 1 : 0;
    int zeros = width - s.length;
    if (sign == 1) {
      out[0] = '-';
    }
    for (int i = 0; i < zeros; i++) {
      out[sign + i] = '0';
    }
    System.arraycopy(s, sign, out, sign + zeros, s.length - sign);
    return out;
  }
}
