package org.spgemm.algebra;

/**
 * A unary operator over both value domains (GraphBLAS GrB_UnaryOp): FP64 doubles and INT64
 * longs, primitive in and out.
 */
public interface UnaryOp {

  double applyAsDouble(double x);

  long applyAsLong(long x);
}
