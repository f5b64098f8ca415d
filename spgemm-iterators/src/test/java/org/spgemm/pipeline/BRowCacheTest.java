package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.junit.jupiter.api.Test;

class BRowCacheTest {

  private static ArrayByteSequence key(String s) {
    return new ArrayByteSequence(s.getBytes(StandardCharsets.UTF_8));
  }

  private static BRow row(long bytes) {
    return new BRow(new byte[0][], new long[0], null, 0, bytes);
  }

  @Test
  void keepsWhatFitsWithinItsBytes() {
    BRowCache c = new BRowCache(1000);
    BRow a = row(180); // costs 180 + 1 + 64 = 245: four fit, a fifth does not
    c.put(key("a"), a);
    assertSame(a, c.get(key("a")));
    for (String k : new String[] {"b", "c", "d", "e"}) {
      c.put(key(k), row(180));
    }
    int kept = 0;
    for (String k : new String[] {"a", "b", "c", "d", "e"}) {
      kept += c.contains(key(k)) ? 1 : 0;
    }
    assertEquals(4, kept);
    assertEquals(4 * 245, c.bytes());
  }

  @Test
  void aRowOverAQuarterOfTheBudgetIsNotKept() {
    BRowCache c = new BRowCache(1000);
    c.put(key("hub"), row(300));
    assertFalse(c.contains(key("hub")));
    assertEquals(0, c.bytes());
  }

  @Test
  void replacingARowKeepsTheCountRight() {
    BRowCache c = new BRowCache(10_000);
    c.put(key("a"), row(100));
    c.put(key("a"), row(300));
    assertEquals(300 + 1 + 64, c.bytes());
  }

  @Test
  void allOfBIsReadByOneCallerWhileTheOthersWaitAndAFailedReadIsRetried() throws Exception {
    BRowCache c = new BRowCache(1000);
    assertThrows(IllegalStateException.class, () -> c.whole(limit -> {
      throw new IllegalStateException("nested scan failed");
    }));
    AtomicInteger reads = new AtomicInteger();
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    byte[] r = "r".getBytes(StandardCharsets.UTF_8);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<WholeB>> got = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        got.add(pool.submit(() -> c.whole(limit -> {
          reads.incrementAndGet();
          reading.countDown();
          release.await();
          assertEquals(1000, limit);
          WholeB.Builder rows = new WholeB.Builder(false);
          rows.row(r);
          rows.add("c".getBytes(StandardCharsets.UTF_8), 0, 2.5);
          return rows.build(new long[6]);
        })));
      }
      reading.await();
      release.countDown();
      WholeB first = got.get(0).get();
      assertEquals(2.5, first.fps[first.rowPtr[first.index(r)]]);
      for (Future<WholeB> f : got) {
        assertSame(first, f.get(), "one read, one numbering, for every caller");
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, reads.get(), "read once");
    BRowCache tooSmall = new BRowCache(10);
    assertNull(tooSmall.whole(limit -> null));
    assertNull(tooSmall.whole(limit -> {
      throw new AssertionError("a read that did not fit is not tried again");
    }));
  }

  @Test
  void aClaimTakesTheRowsNobodyFetchesAndPointsAtTheFetchOfTheOthers() throws Exception {
    BRowCache c = new BRowCache(1000);
    BRow hub = row(400); // too large to keep, still handed to the waiters
    try (BRowCache.Claim first = c.claim(List.of(key("a"), key("b"), key("hub")))) {
      assertEquals(List.of(key("a"), key("b"), key("hub")), first.mine());
      assertEquals(3, c.inFlight());
      try (BRowCache.Claim second = c.claim(List.of(key("b"), key("c"), key("hub")))) {
        assertEquals(List.of(key("c")), second.mine());
        assertEquals(1, second.theirs().size());
        var fetch = second.theirs().keySet().iterator().next();
        assertEquals(List.of(key("b"), key("hub")), second.theirs().get(fetch));
        assertFalse(fetch.isDone());
        first.publish(Map.of(key("a"), BRow.EMPTY, key("b"), row(10), key("hub"), hub));
        assertSame(hub, fetch.get().get(key("hub")));
        assertFalse(c.contains(key("hub")));
        assertTrue(c.contains(key("b")));
        assertEquals(1, c.inFlight(), "c, still claimed by the second");
      }
    }
    assertEquals(0, c.inFlight());
    try (BRowCache.Claim third = c.claim(List.of(key("b"), key("c")))) {
      assertSame(c.get(key("b")), third.found().get(key("b")), "published after the lookup");
      assertEquals(List.of(key("c")), third.mine(), "given up by the second: claimed again");
    }
  }

  @Test
  void closingAClaimGivesUpWhatItDidNotPublish() throws Exception {
    BRowCache c = new BRowCache(1000);
    BRowCache.Claim first = c.claim(List.of(key("a")));
    BRowCache.Claim second = c.claim(List.of(key("a")));
    var fetch = second.theirs().keySet().iterator().next();
    first.close();
    assertTrue(fetch.get().isEmpty(), "the waiter reads the row itself");
    assertEquals(0, c.inFlight());
    first.publish(Map.of(key("a"), row(10))); // too late: nobody waits for it any more
    assertTrue(fetch.get().isEmpty());
    second.close();
  }
}
