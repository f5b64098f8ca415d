package org.spgemm.pipeline.compaction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

class CRowChannelTest {

  private static final MultiplySpec OPTS = MultiplySpec.decode(Map.of("job", "j"));

  private static CRowChannel.CRow row(String key, long bytes) {
    return new CRowChannel.CRow(key.getBytes(StandardCharsets.UTF_8), new byte[0][],
        new byte[0][], null, bytes);
  }

  @Test
  void aWriterAheadOfTheReaderWaitsAndRowsKeepTheirOrder() throws Exception {
    CRowChannel ch = new CRowChannel(100, OPTS, () -> true);
    Thread worker = new Thread(() -> {
      try {
        for (int i = 0; i < 5; i++) {
          ch.put(row("r" + i, 60)); // two rows never fit: each waits for the last
        }
        BatchStats s = new BatchStats();
        s.set(Counter.ROWS, 5);
        ch.finish(s);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    worker.start();
    for (int i = 0; i < 5; i++) {
      CRowChannel.CRow r = null;
      while (r == null) {
        r = ch.poll(1000);
      }
      assertArrayEquals(("r" + i).getBytes(StandardCharsets.UTF_8), r.row());
    }
    worker.join(10_000);
    assertNull(ch.poll(10));
    assertTrue(ch.isOver());
    assertEquals(5, ch.stats().get(Counter.ROWS));
  }

  @Test
  void aWaitingWriterStopsWhenTheWorkIsNoLongerWanted() throws Exception {
    AtomicBoolean live = new AtomicBoolean(true);
    CRowChannel ch = new CRowChannel(100, OPTS, live::get);
    ch.put(row("a", 80));
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread worker = new Thread(() -> {
      try {
        ch.put(row("b", 80));
      } catch (Throwable t) {
        thrown.set(t);
      }
    });
    worker.start();
    Thread.sleep(300);
    assertTrue(worker.isAlive(), "waits while the first row is not taken");
    live.set(false);
    worker.join(5_000);
    assertFalse(worker.isAlive());
    assertTrue(thrown.get() instanceof CancellationException, String.valueOf(thrown.get()));
  }

  @Test
  void aFailureIsHandedToTheReader() throws Exception {
    CRowChannel ch = new CRowChannel(100, OPTS, () -> true);
    IllegalStateException boom = new IllegalStateException("boom");
    ch.fail(boom);
    assertNull(ch.poll(10));
    assertTrue(ch.isOver());
    assertSame(boom, ch.failure());
  }

  @Test
  void rowsTakenTogetherCountAgainstTheCapacityUntilTheNextTake() throws Exception {
    CRowChannel ch = new CRowChannel(100, OPTS, () -> true);
    for (int i = 0; i < 3; i++) {
      ch.put(row("r" + i, 30));
    }
    assertArrayEquals("r0".getBytes(StandardCharsets.UTF_8), ch.poll(10).row());
    Thread worker = new Thread(() -> {
      try {
        ch.put(row("r3", 30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    worker.start();
    Thread.sleep(200);
    assertTrue(worker.isAlive(), "r1 and r2, taken with r0 and not yet written, still count");
    assertArrayEquals("r1".getBytes(StandardCharsets.UTF_8), ch.poll(10).row());
    assertArrayEquals("r2".getBytes(StandardCharsets.UTF_8), ch.poll(10).row());
    assertTrue(worker.isAlive());
    CRowChannel.CRow r = null;
    while (r == null) {
      r = ch.poll(1000); // frees what was written, then waits for r3
    }
    assertArrayEquals("r3".getBytes(StandardCharsets.UTF_8), r.row());
    worker.join(5_000);
    assertFalse(worker.isAlive());
    assertFalse(ch.isOver());
    ch.finish(new BatchStats());
    assertNull(ch.poll(10));
    assertTrue(ch.isOver());
  }
}
