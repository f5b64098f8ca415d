package org.spgemm.codec;

/** 8-byte big-endian IEEE 754 doubles (FP64). */
final class DoubleCodec extends CodecBase {

  DoubleCodec() {
    super("double", Domain.FP64);
  }

  @Override
  public double decodeDouble(byte[] b, int off, int len) {
    if (len != 8) {
      throw new IllegalArgumentException("a double value has 8 bytes, this one has " + len);
    }
    return Double.longBitsToDouble(Bytes8.read(b, off));
  }

  @Override
  public long decodeLong(byte[] b, int off, int len) {
    double d = decodeDouble(b, off, len);
    if (d != Math.rint(d) || Math.abs(d) >= 0x1p63) {
      throw new IllegalArgumentException(d + " is not an integer");
    }
    return (long) d;
  }

  @Override
  public byte[] encodeDouble(double v) {
    return Bytes8.write(Double.doubleToLongBits(v));
  }

  @Override
  public byte[] encodeLong(long v) {
    return encodeDouble(v);
  }
}
