package org.spgemm.it;

import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;

/**
 * A user semiring for the integration tests, loaded on the tablet servers by class name: add is
 * MIN, multiply is a(i,j) - b(j,k). The multiply does not commute, so a kernel that swapped its
 * operands would be caught.
 */
public final class MinMinusSemiring implements Semiring {

  private static final BinaryOp MINUS = Semirings.op((x, y) -> x - y, (x, y) -> x - y);

  @Override
  public String name() {
    return "MIN_MINUS";
  }

  @Override
  public Monoid add() {
    return Semirings.MIN;
  }

  @Override
  public BinaryOp multiply() {
    return MINUS;
  }
}
