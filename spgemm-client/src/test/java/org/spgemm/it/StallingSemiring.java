package org.spgemm.it;

import org.spgemm.algebra.Semirings;

/**
 * PLUS_TIMES that takes a second per partial product (until interrupted): a multiply that makes
 * no progress, for the progress time-out test. Loaded on the tablet servers by class name.
 */
public final class StallingSemiring extends UserSemiring {

  public StallingSemiring() {
    super("STALLING_TIMES", Semirings.PLUS, Semirings.op((x, y) -> stall(x * y),
        (x, y) -> (long) stall(x * y)));
  }

  private static double stall(double v) {
    try {
      Thread.sleep(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return v;
  }
}
