package org.spgemm.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/** The tablet named in log lines, and what a batch and a pass add to the meters. */
class TabletPassTest {

  @Test
  void aTabletsDataRangeShowsAsTheTablet() {
    assertEquals("(064, 128]", TabletPass.extent(new Range(new Text("064"), false,
        new Text("128"), true)));
    assertEquals("(-inf, +inf)", TabletPass.extent(new Range()));
    assertEquals("[a, b)", TabletPass.extent(new Range(new Key("a"), true, new Key("b"), false)));
    assertEquals("(x\\x01y, +inf)", TabletPass.extent(new Range(new Text("x\u0001y"), false,
        null, true)));
  }

  @Test
  void batchesAndPassesAreCounted() {
    SimpleMeterRegistry r = new SimpleMeterRegistry();
    Metrics.globalRegistry.add(r);
    try {
      BatchStats s = new BatchStats();
      s.set(Counter.BATCHES, 1);
      s.set(Counter.ROWS, 7);
      s.set(Counter.PRODUCTS, 100);
      s.set(Counter.B_FETCHED, 50);
      s.set(Counter.B_LOCAL, 20);
      s.set(Counter.B_REMOTE, 10);
      s.set(Counter.C_ENTRIES, 30);
      MultiplyMeters m = MultiplyMeters.of(Engine.SCAN);
      double c0 = count(r, MultiplyMeters.C_WRITTEN, "engine", "scan");
      double p0 = count(r, MultiplyMeters.PARTIAL_PRODUCTS, "engine", "scan");
      double s0 = r.get(MultiplyMeters.B_FETCHED).tags("engine", "scan", "from", "server")
          .counter().count();
      m.batch(s, 1_000_000, true);
      m.batch(s, 1_000_000, false); // count mode: nothing written
      assertEquals(30, count(r, MultiplyMeters.C_WRITTEN, "engine", "scan") - c0);
      assertEquals(200, count(r, MultiplyMeters.PARTIAL_PRODUCTS, "engine", "scan") - p0);
      assertEquals(40, r.get(MultiplyMeters.B_FETCHED).tags("engine", "scan", "from", "server")
          .counter().count() - s0);

      double started = count(r, MultiplyMeters.TABLETS_STARTED, "engine", "compaction");
      double done = count(r, MultiplyMeters.TABLETS_COMPLETED, "engine", "compaction");
      TabletPass p = TabletPass.start(Engine.COMPACTION, "j", "M", "1", new Range(), "started");
      p.completed(s);
      p.failed("late"); // a pass ends once
      assertEquals(1, count(r, MultiplyMeters.TABLETS_STARTED, "engine", "compaction") - started);
      assertEquals(1, count(r, MultiplyMeters.TABLETS_COMPLETED, "engine", "compaction") - done);
      assertEquals(0, count(r, MultiplyMeters.TABLETS_FAILED, "engine", "compaction"));
    } finally {
      Metrics.globalRegistry.remove(r);
    }
  }

  private static double count(SimpleMeterRegistry r, String name, String... tags) {
    var c = r.find(name).tags(tags).counter();
    return c == null ? 0 : c.count();
  }
}
