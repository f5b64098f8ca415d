package org.spgemm.it;

import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;

/**
 * PLUS_TIMES that takes a second per partial product (until interrupted): a multiply that makes
 * no progress, for the progress time-out test. Loaded on the tablet servers by class name.
 */
public final class StallingSemiring implements Semiring {

  private static final BinaryOp SLOW_TIMES = Semirings.op((x, y) -> stall(x * y),
      (x, y) -> (long) stall(x * y));

  private static double stall(double v) {
    try {
      Thread.sleep(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return v;
  }

  @Override
  public String name() {
    return "STALLING_TIMES";
  }

  @Override
  public Monoid add() {
    return Semirings.PLUS;
  }

  @Override
  public BinaryOp multiply() {
    return SLOW_TIMES;
  }
}
