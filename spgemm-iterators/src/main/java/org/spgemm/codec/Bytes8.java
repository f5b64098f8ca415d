package org.spgemm.codec;

/** Big-endian 8-byte reads and writes, shared by the fixed-width codecs. */
final class Bytes8 {

  private Bytes8() {}

  static long read(byte[] b, int off) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (b[off + i] & 0xFF);
    }
    return v;
  }

  static byte[] write(long v) {
    byte[] b = new byte[8];
    for (int i = 7; i >= 0; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
    return b;
  }
}
