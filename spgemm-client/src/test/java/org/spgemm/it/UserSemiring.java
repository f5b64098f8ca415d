package org.spgemm.it;

import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;

/**
 * A user semiring of the integration tests, loaded on the tablet servers by class name: the
 * semiring {@link Semirings#of} makes of a name, an add and a multiply. Subclasses give those to
 * their public no-argument constructor.
 */
public abstract class UserSemiring implements Semiring {

  private final Semiring semiring;

  protected UserSemiring(String name, Monoid add, BinaryOp multiply) {
    semiring = Semirings.of(name, add, multiply);
  }

  @Override
  public String name() {
    return semiring.name();
  }

  @Override
  public Monoid add() {
    return semiring.add();
  }

  @Override
  public BinaryOp multiply() {
    return semiring.multiply();
  }
}
