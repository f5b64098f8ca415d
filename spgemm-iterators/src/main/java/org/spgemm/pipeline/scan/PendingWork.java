package org.spgemm.pipeline.scan;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.accumulo.core.data.Key;
import org.spgemm.pipeline.BatchResult;
import org.spgemm.pipeline.BatchScheduler;
import org.spgemm.progress.BatchStats;

/**
 * The state of one tablet's multiply that must outlive an iterator instance. Accumulo re-creates
 * scan iterators between RPC batches and on minor compactions, with no close hook; the new
 * instance finds this state by job and range and, when its seek resumes exactly at
 * {@link #resumeAfter}, adopts the batches still in flight instead of redoing them.
 */
public final class PendingWork {


  private static final long EXPIRE_MILLIS = 10 * 60_000L;
  private static final Map<String,PendingWork> REGISTRY = new ConcurrentHashMap<>();

  /** Batches handed to the worker pool, oldest first. */
  final ArrayDeque<BatchScheduler.InFlight<Future<BatchResult>>> inFlight = new ArrayDeque<>();
  /** Entries of a finished batch not yet returned (count mode returns one per row). */
  public final ArrayDeque<Key> pendingKeys = new ArrayDeque<>();
  public final ArrayDeque<BatchStats> pendingStats = new ArrayDeque<>();
  /** The key Accumulo will resume after: the last entry returned, or the last yield position. */
  public Key resumeAfter;
  /** First A key not yet read into a batch; null once A is exhausted. */
  public Key nextSourceKey;
  public boolean sourceExhausted;
  /** The tablet pass this work is, as logged and counted for operators; null in tests. */
  public volatile org.spgemm.metrics.TabletPass pass;
  private volatile long touched = System.currentTimeMillis();
  /** Cleared when nobody will return this work's results: its workers stop writing. */
  private volatile boolean live = true;
  /** Whether this work's job still runs (its record says RUNNING); null: not watched. */
  private volatile BooleanSupplier jobRunning;
  /**
   * The iterator instance that may use this state, and whether it is inside a call now. Accumulo
   * may still be running a read-ahead on an old instance when a new scan resumes the work: only
   * one instance at a time may touch the queues, and a predecessor never again once replaced.
   */
  private Object holder;
  private boolean busy;

  /**
   * Registers (or replaces) the live state of {@code id}; sweeps states nobody came back for. A
   * replaced state is not stopped: a scan may still hold it (a stale read-ahead can seek after a
   * newer scan took over), and its batches write whole rows, so finishing them is harmless.
   */
  public static void register(String id, PendingWork work) {
    long now = System.currentTimeMillis();
    REGISTRY.entrySet().removeIf(e -> {
      if (now - e.getValue().touched > EXPIRE_MILLIS) {
        e.getValue().abandon();
        return true;
      }
      return false;
    });
    REGISTRY.put(id, work);
  }

  /**
   * Takes the state of {@code id} if a seek resuming after {@code start} continues it exactly,
   * waiting up to {@code waitMillis} for a call still using it to end; otherwise leaves it to its
   * holder and returns null (the caller starts afresh after {@code start}).
   */
  public static PendingWork adopt(String id, Key start, Object who, long waitMillis) {
    PendingWork w = REGISTRY.get(id);
    if (w == null || !w.takeOver(who, start, waitMillis)) {
      return null;
    }
    w.touch();
    return w;
  }

  /** Makes {@code who} the holder of fresh work, inside a call. */
  public synchronized void hold(Object who) {
    holder = who;
    busy = true;
  }

  /** Starts a call by {@code who}; false if another instance has taken the work over. */
  public synchronized boolean enter(Object who) {
    if (holder != who) {
      return false;
    }
    busy = true;
    return true;
  }

  public synchronized void exit(Object who) {
    if (holder == who) {
      busy = false;
      notifyAll();
    }
  }

  /**
   * Waits until no call is using the work; then, if it resumes exactly after {@code start}, makes
   * {@code who} its holder.
   */
  private synchronized boolean takeOver(Object who, Key start, long waitMillis) {
    long deadline = System.currentTimeMillis() + waitMillis;
    while (busy) {
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) {
        return false;
      }
      try {
        wait(left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    if (start == null || !start.equals(resumeAfter)) {
      return false;
    }
    holder = who;
    busy = true;
    return true;
  }

  /**
   * Stops this work once {@code jobRunning} says its job ended (its record removed: the multiply
   * was cancelled, timed out or failed elsewhere). Nobody returns its results then, and without
   * this its batches in flight would run to their end, and could write C rows after the client
   * cleared C.
   */
  public void watch(BooleanSupplier jobRunning) {
    this.jobRunning = jobRunning;
  }

  /** How often registered work is checked against its job ({@link #watch}). */
  static final long REAP_MILLIS = 250;

  private static final ScheduledExecutorService REAPER = Executors.newSingleThreadScheduledExecutor(
      new ThreadFactoryBuilder().setDaemon(true).setNameFormat("spgemm-scan-reaper").build());

  static {
    REAPER.scheduleWithFixedDelay(PendingWork::reap, REAP_MILLIS, REAP_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  /**
   * Stops and unregisters the work whose job ended, logging its pass as failed. A job's answer
   * is one cached read of its record for all its tablets here ({@code JobAuthorization}). A
   * read that fails is tried again next time; nothing thrown here may end the schedule.
   */
  static void reap() {
    for (Map.Entry<String,PendingWork> e : REGISTRY.entrySet()) {
      PendingWork w = e.getValue();
      BooleanSupplier running = w.jobRunning;
      try {
        if (running == null || running.getAsBoolean()) {
          continue;
        }
        // interrupted: a batch waiting on B or its writer stops now
        w.fail(e.getKey(), "the job ended while this tablet was computing (cancelled or failed"
            + " elsewhere); its batches were stopped", true);
      } catch (RuntimeException x) {
        // asked again in REAP_MILLIS
      }
    }
  }

  /**
   * Ends this work, registered as {@code id}, on an error of its job: it is stopped (its batches
   * cancelled, interrupted if {@code interrupt}; its workers write nothing more), unregistered,
   * and its pass logged as failed with {@code why}.
   */
  public void fail(String id, String why, boolean interrupt) {
    stop(interrupt);
    REGISTRY.remove(id, this);
    if (pass != null) {
      pass.failed(why);
    }
  }

  public static void remove(String id, PendingWork work) {
    REGISTRY.remove(id, work);
  }

  void touch() {
    touched = System.currentTimeMillis();
  }

  boolean isLive() {
    return live;
  }

  /**
   * Stops the work: its batches are cancelled and its workers write nothing more. Safe from any
   * thread; the queues are left to their holder (or the garbage collector).
   */
  public void abandon() {
    stop(false);
  }

  private void stop(boolean interrupt) {
    live = false;
    // another thread may be changing the queue: a slot read mid-change may be empty
    for (BatchScheduler.InFlight<?> f : inFlight.toArray(new BatchScheduler.InFlight<?>[0])) {
      if (f != null) {
        f.future().cancel(interrupt);
      }
    }
  }
}
