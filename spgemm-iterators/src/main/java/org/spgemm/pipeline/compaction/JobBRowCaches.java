package org.spgemm.pipeline.compaction;

import org.spgemm.pipeline.BRowCache;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The B-row caches of this tablet server, one per multiply job: every tablet of a job that
 * compacts here, at once or one after another, reads the B rows the others fetched. The tablets
 * of a gRRp part all sit on one server, so a B row is fetched about once per part, as the plan
 * counts it, not once per tablet (two batches missing the same row at the same moment both fetch
 * it: nothing waits for a fetch in flight). A cache no pass has used for {@link #IDLE_MILLIS} is
 * dropped; a pass that still holds it goes on using it alone.
 */
public final class JobBRowCaches {

  /** A cache unused this long is dropped: the job ended here, or its passes were abandoned. */
  static final long IDLE_MILLIS = 15_000;

  private static final Map<String,BRowCache> CACHES = new ConcurrentHashMap<>();
  private static ScheduledExecutorService sweeper;

  private JobBRowCaches() {}

  /**
   * The cache of job {@code job} multiplying table {@code table} by B in {@code bTable}, made with
   * {@code capacity} bytes if this server has none for it.
   */
  static BRowCache forJob(String table, String bTable, String job, long capacity) {
    startSweeper();
    BRowCache c = CACHES.computeIfAbsent(table + '\0' + bTable + '\0' + job,
        k -> new BRowCache(capacity));
    c.touch();
    return c;
  }

  /** Drops the caches unused since {@code now - IDLE_MILLIS}. */
  static void dropIdle(long now) {
    CACHES.values().removeIf(c -> now - c.lastUse() > IDLE_MILLIS);
  }

  private static synchronized void startSweeper() {
    if (sweeper == null) {
      sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "spgemm-b-cache-sweeper");
        t.setDaemon(true);
        return t;
      });
      sweeper.scheduleWithFixedDelay(() -> dropIdle(System.currentTimeMillis()), IDLE_MILLIS,
          IDLE_MILLIS / 3, TimeUnit.MILLISECONDS);
    }
  }
}
