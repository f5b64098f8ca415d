package org.spgemm.pipeline.scan;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

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
      ThreadPoolExecutor pool = new ThreadPoolExecutor(n, n, 60, TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(), new ThreadFactoryBuilder().setDaemon(true)
              .setNameFormat("spgemm-worker-" + n + "-%d").build());
      pool.allowCoreThreadTimeOut(true);
      return pool;
    });
  }
}
