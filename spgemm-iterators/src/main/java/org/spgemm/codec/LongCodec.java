package org.spgemm.codec;

/** 8-byte big-endian two's complement integers (INT64). */
final class LongCodec extends CodecBase {

  LongCodec() {
    super("long", Domain.INT64);
  }

  @Override
  public double decodeDouble(byte[] b, int off, int len) {
    return decodeLong(b, off, len);
  }

  @Override
  public long decodeLong(byte[] b, int off, int len) {
    if (len != 8) {
      throw new IllegalArgumentException("a long value has 8 bytes, this one has " + len);
    }
    return Bytes8.read(b, off);
  }

  @Override
  public byte[] encodeDouble(double v) {
    if (v != Math.rint(v)) {
      throw new IllegalArgumentException(v + " is not an integer");
    }
    if (v >= 0x1p63 || v < -0x1p63) {
      throw new IllegalArgumentException(v + " is outside the range of a 64-bit integer");
    }
    return encodeLong((long) v);
  }

  @Override
  public byte[] encodeLong(long v) {
    return Bytes8.write(v);
  }
}
