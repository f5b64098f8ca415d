package org.spgemm.client;

import java.util.concurrent.ExecutionException;

/**
 * Follows an engine's run to its end, for both engines: waits in slices, brings the counts up to
 * date, renews the lease and watches for progress ({@link Heartbeat}), and stops the engine's
 * work on a failure, a time-out or an interrupt.
 */
final class Follower {

  /** How long one wait lasts before the counts, the lease and progress are looked at. */
  static final long SLICE_MILLIS = 500;

  /** An engine's work, started in the background. */
  interface Run {
    /**
     * Waits up to {@code millis} for the work; true once it has ended.
     *
     * @throws ExecutionException with the cause that ended it
     */
    boolean await(long millis) throws ExecutionException, InterruptedException;

    /** Brings the counts up to date (throws the error a tablet recorded, if any). */
    void refresh();

    /** Stops the work, as far as this user may. */
    void cancel();

    /** What a cause of {@link ExecutionException} means for the caller. */
    SpgemmException failure(Throwable cause);
  }

  private Follower() {}

  static void follow(Run run, Heartbeat heartbeat, RunCounts counts) {
    try {
      while (!run.await(SLICE_MILLIS)) {
        run.refresh();
        heartbeat.beat(counts.total);
      }
      run.refresh();
    } catch (ExecutionException e) {
      run.cancel();
      throw e.getCause() instanceof SpgemmException se ? se : run.failure(e.getCause());
    } catch (InterruptedException e) {
      run.cancel();
      Thread.currentThread().interrupt();
      throw new SpgemmException("interrupted; the multiply was cancelled");
    } catch (RuntimeException e) {
      run.cancel();
      throw e;
    }
  }
}
