package org.spgemm.algebra;

/**
 * A semiring in the GraphBLAS sense: an additive {@link Monoid} and a multiplicative
 * {@link BinaryOp} (which needs no identity). C(i,k) = add over j of multiply(A(i,j), B(j,k)).
 *
 * <p>User semirings implement this interface in a public class with a public no-argument
 * constructor, put that class on the tablet servers' classpath, and name it {@code class:<fqcn>}
 * wherever a semiring name is accepted.
 */
public interface Semiring {

  /** The name under which the semiring travels to the tablet servers. */
  String name();

  Monoid add();

  BinaryOp multiply();
}
