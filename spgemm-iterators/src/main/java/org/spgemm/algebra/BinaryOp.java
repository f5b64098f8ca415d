package org.spgemm.algebra;

/**
 * A binary operator over both value domains this library computes in: IEEE doubles (FP64) and
 * 64-bit integers (INT64). Primitive in and out, so inner loops never box.
 */
public interface BinaryOp {

  double applyAsDouble(double x, double y);

  long applyAsLong(long x, long y);
}
