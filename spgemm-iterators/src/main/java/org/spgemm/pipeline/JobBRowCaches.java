package org.spgemm.pipeline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.util.concurrent.TimeUnit;

/**
 * The B-row caches of this tablet server, one per multiply job: every tablet of a job that
 * compacts or is scanned here, at once or one after another, reads the B rows the others fetched
 * (a scan's iterators, re-created between its RPCs, find the same cache again). The tablets
 * of a gRRp part all sit on one server, so a B row is fetched about once per part, as the plan
 * counts it, not once per tablet (two batches missing the same row at the same moment share one
 * fetch: see {@link BRowCache#claim}). A cache no batch has used for {@link #IDLE_MILLIS} is
 * dropped (Caffeine's expiry after access: no sweeper thread); a pass that still holds it goes on
 * using it alone.
 *
 * <p>This is one of the tablet server's JVM-wide registries that must stay: the tablets of a job
 * meet only here, since Accumulo gives iterators of different tablets no shared object.
 */
public final class JobBRowCaches {

  /** A cache unused this long is dropped: the job ended here, or its passes were abandoned. */
  static final long IDLE_MILLIS = 15_000;

  /** The clock of the expiry; a test moves it. */
  static volatile Ticker clock = Ticker.systemTicker();

  private static final Cache<String,BRowCache> CACHES = Caffeine.newBuilder()
      .expireAfterAccess(IDLE_MILLIS, TimeUnit.MILLISECONDS).ticker(() -> clock.read())
      .executor(Runnable::run).build();

  private JobBRowCaches() {}

  /**
   * The cache of job {@code job} multiplying table {@code table} by B in {@code bTable}, made with
   * {@code capacity} bytes if this server has none for it.
   */
  public static BRowCache forJob(String table, String bTable, String job, long capacity) {
    String key = table + '\0' + bTable + '\0' + job;
    return CACHES.get(key, k -> new BRowCache(capacity, () -> CACHES.getIfPresent(k)));
  }
}
