package org.spgemm.env;

import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One warning a minute at most, so a repeated fault cannot flood the tablet server's log. */
public final class RateLimitedLog {

  private static final Logger LOG = LoggerFactory.getLogger("org.spgemm.iterators");
  private static final long PERIOD_MILLIS = 60_000;
  private static final AtomicLong LAST = new AtomicLong();

  private RateLimitedLog() {}

  public static void warn(String message) {
    long now = System.currentTimeMillis();
    long last = LAST.get();
    if (now - last >= PERIOD_MILLIS && LAST.compareAndSet(last, now)) {
      LOG.warn(message);
    }
  }
}
