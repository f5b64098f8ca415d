package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class JobBRowCachesTest {

  @Test
  void tabletsOfOneJobShareACacheAndOtherJobsDoNot() {
    BRowCache first = JobBRowCaches.forJob("M", "M", "job-1", 1000);
    assertSame(first, JobBRowCaches.forJob("M", "M", "job-1", 5000));
    assertNotSame(first, JobBRowCaches.forJob("M", "M", "job-2", 1000));
    assertNotSame(first, JobBRowCaches.forJob("M2", "M", "job-1", 1000));
    assertNotSame(first, JobBRowCaches.forJob("M", "B", "job-1", 1000));
  }

  @Test
  void anIdleCacheIsDroppedAndTheNextPassStartsAFreshOne() {
    long[] now = {System.nanoTime()};
    JobBRowCaches.clock = () -> now[0];
    try {
      BRowCache c = JobBRowCaches.forJob("M", "M", "job-idle", 1000);
      now[0] += TimeUnit.MILLISECONDS.toNanos(JobBRowCaches.IDLE_MILLIS - 1);
      c.touch(); // a batch used it: still registered
      now[0] += TimeUnit.MILLISECONDS.toNanos(JobBRowCaches.IDLE_MILLIS - 1);
      assertSame(c, JobBRowCaches.forJob("M", "M", "job-idle", 1000));
      now[0] += TimeUnit.MILLISECONDS.toNanos(JobBRowCaches.IDLE_MILLIS + 1);
      assertNotSame(c, JobBRowCaches.forJob("M", "M", "job-idle", 1000));
    } finally {
      JobBRowCaches.clock = com.github.benmanes.caffeine.cache.Ticker.systemTicker();
    }
  }
}
