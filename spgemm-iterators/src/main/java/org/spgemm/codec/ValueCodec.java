package org.spgemm.codec;

/**
 * Turns Accumulo value bytes into primitives and back. The codec owns the value type (as GrB_Type
 * does in GraphBLAS); the semiring only computes.
 *
 * <p>Decoding methods throw {@link IllegalArgumentException} with a short reason; callers add the
 * row and column of the bad value.
 */
public interface ValueCodec {

  /** The name used in options: {@code decimal}, {@code long} or {@code double}. */
  String name();

  /** The domain whose values this codec represents exactly. */
  Domain domain();

  double decodeDouble(byte[] bytes, int offset, int length);

  long decodeLong(byte[] bytes, int offset, int length);

  /** {@code v} encoded; the array may be shared with other callers and must not be written. */
  byte[] encodeDouble(double v);

  /** {@code v} encoded; the array may be shared with other callers and must not be written. */
  byte[] encodeLong(long v);

  default double decodeDouble(byte[] bytes) {
    return decodeDouble(bytes, 0, bytes.length);
  }

  default long decodeLong(byte[] bytes) {
    return decodeLong(bytes, 0, bytes.length);
  }
}
