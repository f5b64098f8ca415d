package org.spgemm.client;

import java.time.Duration;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * Called by an engine while it waits: renews the job's lease on C every few seconds, and fails
 * the multiply when its counts have not moved for the progress time-out. A renewal that gets no
 * clear answer (the state's tablet is being recovered after a tablet server died) is tried again
 * at the next beat: while that tablet is away no other job can claim C either. Another job's
 * claim, or ten minutes without an answer, stops the multiply.
 */
final class Heartbeat {

  private final CState cState;
  private final Duration timeout;
  private final String table;
  private long lastRenew = System.currentTimeMillis();
  private long lastChange = System.currentTimeMillis();
  private String lastCounts = "";

  /** @param cState the lease to renew, or null (count mode writes no C) */
  Heartbeat(CState cState, Duration timeout, String table) {
    this.cState = cState;
    this.timeout = timeout;
    this.table = table;
  }

  /**
   * @param total the counts so far
   * @throws SpgemmException when the lease was lost or nothing moved for the time-out
   */
  synchronized void beat(BatchStats total) {
    long now = System.currentTimeMillis();
    String counts = total.get(Counter.ROWS) + "/" + total.get(Counter.PRODUCTS) + "/" + total.get(Counter.B_FETCHED);
    if (!counts.equals(lastCounts)) {
      lastCounts = counts;
      lastChange = now;
    } else if (now - lastChange > timeout.toMillis()) {
      throw new SpgemmException("no progress for " + timeout.toSeconds() + " s on table " + table
          + " (progress time-out); the multiply was cancelled");
    }
    if (cState != null && now - lastRenew >= CState.RENEW_MILLIS) {
      lastRenew = now;
      if (!cState.renew() && cState.unanswered(now)) {
        throw new SpgemmException("could not renew the claim on C in " + table + " for "
            + (now - cState.lastRenewed()) / 1000 + " s: the tablet holding its state record did"
            + " not answer (is a tablet server down?); the multiply stops");
      }
    }
  }
}
