package org.spgemm.codec;

/** The value domain a multiply computes in: IEEE 754 doubles or 64-bit integers. */
public enum Domain {
  FP64, INT64
}
