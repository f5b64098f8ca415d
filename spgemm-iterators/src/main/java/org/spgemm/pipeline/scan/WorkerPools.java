package org.spgemm.pipeline.scan;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Worker pools shared by every multiply iterator in this tablet server, one per pool size. An
 * iterator has no close hook, so a pool per instance would leak threads; shared pools bound the
 * server's total multiply threads, and idle threads exit after a minute.
 */
public final class WorkerPools {

  private static final ConcurrentHashMap<Integer,ExecutorService> POOLS =
      new ConcurrentHashMap<>();

  private WorkerPools() {}

  public static ExecutorService get(int threads) {
    return POOLS.computeIfAbsent(threads, n -> {
      AtomicInteger count = new AtomicInteger();
      ThreadPoolExecutor pool = new ThreadPoolExecutor(n, n, 60, TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "spgemm-worker-" + n + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
      pool.allowCoreThreadTimeOut(true);
      return pool;
    });
  }
}
