package org.spgemm.kernel;

import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.UnaryOp;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;

/**
 * Values of one domain carried in a {@code long}: an INT64 value as itself, an FP64 value as its
 * raw IEEE bits; so element-wise kernels keep primitive arrays whatever the domain.
 */
public final class DomainValues {

  private DomainValues() {}

  /** Decodes {@code bytes} with {@code codec} into domain {@code d}. */
  public static long decode(ValueCodec codec, Domain d, byte[] bytes) {
    return d == Domain.INT64 ? codec.decodeLong(bytes)
        : Double.doubleToRawLongBits(codec.decodeDouble(bytes));
  }

  /** Encodes a carried value of domain {@code d} with {@code codec}. */
  public static byte[] encode(ValueCodec codec, Domain d, long v) {
    return d == Domain.INT64 ? codec.encodeLong(v) : codec.encodeDouble(Double.longBitsToDouble(v));
  }

  /** The carried value of {@code x} (a number) in domain {@code d}. */
  public static long of(Domain d, double x) {
    return d == Domain.INT64 ? (long) x : Double.doubleToRawLongBits(x);
  }

  /** A carried value as a double (INT64 converted). */
  public static double asDouble(Domain d, long v) {
    return d == Domain.INT64 ? v : Double.longBitsToDouble(v);
  }

  public static long apply(BinaryOp op, Domain d, long x, long y) {
    return d == Domain.INT64 ? op.applyAsLong(x, y) : Double.doubleToRawLongBits(
        op.applyAsDouble(Double.longBitsToDouble(x), Double.longBitsToDouble(y)));
  }

  public static long apply(UnaryOp op, Domain d, long x) {
    return d == Domain.INT64 ? op.applyAsLong(x)
        : Double.doubleToRawLongBits(op.applyAsDouble(Double.longBitsToDouble(x)));
  }

  public static long identity(Monoid m, Domain d) {
    return d == Domain.INT64 ? m.identityInt() : Double.doubleToRawLongBits(m.identityFp());
  }
}
