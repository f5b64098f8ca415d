package org.spgemm.iterators;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import org.apache.accumulo.core.data.Key;
import org.spgemm.progress.BatchStats;

/**
 * The state of one tablet's multiply that must outlive an iterator instance. Accumulo re-creates
 * scan iterators between RPC batches and on minor compactions, with no close hook; the new
 * instance finds this state by job and range and, when its seek resumes exactly at
 * {@link #resumeAfter}, adopts the batches still in flight instead of redoing them.
 */
final class PendingWork {

  /** A batch handed to the worker pool; its first and last A keys bound what it covers. */
  record InFlight(Key firstKey, Key lastKey, Future<BatchResult> future) {}

  private static final long EXPIRE_MILLIS = 10 * 60_000L;
  private static final Map<String,PendingWork> REGISTRY = new ConcurrentHashMap<>();

  final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
  /** Entries of a finished batch not yet returned (count mode returns one per row). */
  final ArrayDeque<Key> pendingKeys = new ArrayDeque<>();
  final ArrayDeque<BatchStats> pendingStats = new ArrayDeque<>();
  /** The key Accumulo will resume after: the last entry returned, or the last yield position. */
  Key resumeAfter;
  /** First A key not yet read into a batch; null once A is exhausted. */
  Key nextSourceKey;
  boolean sourceExhausted;
  private volatile long touched = System.currentTimeMillis();
  /** Cleared when nobody will return this work's results: its workers stop writing. */
  private volatile boolean live = true;

  /** Registers (or replaces) the live state of {@code id}; sweeps states nobody came back for. */
  static void register(String id, PendingWork work) {
    long now = System.currentTimeMillis();
    REGISTRY.entrySet().removeIf(e -> {
      if (now - e.getValue().touched > EXPIRE_MILLIS) {
        e.getValue().abandon();
        return true;
      }
      return false;
    });
    PendingWork old = REGISTRY.put(id, work);
    if (old != null && old != work) {
      old.abandon();
    }
  }

  /**
   * Takes the state of {@code id} if a seek resuming after {@code start} continues it exactly;
   * otherwise drops it (its batches may still finish: their rows are whole, so that is harmless).
   */
  static PendingWork adopt(String id, Key start) {
    PendingWork w = REGISTRY.remove(id);
    if (w == null) {
      return null;
    }
    if (start != null && start.equals(w.resumeAfter)) {
      w.touch();
      return w;
    }
    w.abandon();
    return null;
  }

  static void remove(String id, PendingWork work) {
    REGISTRY.remove(id, work);
  }

  void touch() {
    touched = System.currentTimeMillis();
  }

  boolean isLive() {
    return live;
  }

  void abandon() {
    live = false;
    inFlight.forEach(f -> f.future().cancel(false));
    inFlight.clear();
    pendingKeys.clear();
    pendingStats.clear();
  }
}
