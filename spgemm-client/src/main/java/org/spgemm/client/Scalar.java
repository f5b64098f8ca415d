package org.spgemm.client;

import org.spgemm.codec.Domain;
import org.spgemm.kernel.DomainValues;

/**
 * A scalar result ({@link ElementWise#reduce}) in its domain: exact as a long for INT64, a double
 * for FP64.
 *
 * @param domain the domain it was computed in
 * @param bits the value carried as {@link DomainValues} carries it
 */
public record Scalar(Domain domain, long bits) {

  public double asDouble() {
    return DomainValues.asDouble(domain, bits);
  }

  /** The INT64 value, or the FP64 value truncated toward zero. */
  public long asLong() {
    return domain == Domain.INT64 ? bits : (long) Double.longBitsToDouble(bits);
  }

  @Override
  public String toString() {
    return domain == Domain.INT64 ? Long.toString(bits)
        : Double.toString(Double.longBitsToDouble(bits));
  }
}
