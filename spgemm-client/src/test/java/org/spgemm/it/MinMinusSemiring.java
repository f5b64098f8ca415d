package org.spgemm.it;

import org.spgemm.algebra.Semirings;

/**
 * A user semiring for the integration tests, loaded on the tablet servers by class name: add is
 * MIN, multiply is a(i,j) - b(j,k). The multiply does not commute, so a kernel that swapped its
 * operands would be caught.
 */
public final class MinMinusSemiring extends UserSemiring {

  public MinMinusSemiring() {
    super("MIN_MINUS", Semirings.MIN, Semirings.op((x, y) -> x - y, (x, y) -> x - y));
  }
}
