package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.MultiplySpec;

class MemoryBudgetTest {

  private static MultiplySpec opts(String... kv) {
    Map<String,String> m = new HashMap<>(Map.of("job", "j"));
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return MultiplySpec.decode(m);
  }

  @Test
  void budgetsFollowTheHeapAndTheTabletsAtWork() {
    long heap = 512L << 20;
    MemoryBudget two = MemoryBudget.of(opts(), heap, 2);
    MemoryBudget eight = MemoryBudget.of(opts(), heap, 8);
    long share = (long) (heap * MemoryBudget.HEAP_SHARE) / 2;
    // a batch panel per worker, the cache and the C buffers stay within the tablet's share
    assertTrue(2 * two.batchBytes() + two.cacheBytes() + 2 * two.cBufferBytes() <= share, two
        .toString());
    assertEquals(4 * eight.cacheBytes(), two.cacheBytes(), 4.0);
    assertTrue(eight.batchBytes() < two.batchBytes());
    // fewer tablets than the compaction threads still count as that many
    assertEquals(two, MemoryBudget.of(opts(), heap, 1));
  }

  @Test
  void optionsThatAreSetWin() {
    MemoryBudget b = MemoryBudget.of(opts("maxBatchBytes", "1000",
        "cacheBytes", "2000", "cBufferBytes",
        "3000"), 1L << 30, 4);
    assertEquals(new MemoryBudget(1000, 2000, 3000), b);
  }

  @Test
  void leasesAtWorkShareTheHeapAndClosedOnesGiveItBack() {
    int before = MemoryBudget.active();
    try (MemoryBudget.Lease x = MemoryBudget.lease(opts());
        MemoryBudget.Lease y = MemoryBudget.lease(opts())) {
      MemoryBudget.Lease z = MemoryBudget.lease(opts());
      assertTrue(z.budget().cacheBytes() <= y.budget().cacheBytes(), z.budget() + " vs "
          + y.budget());
      assertEquals(before + 3, MemoryBudget.active());
      z.close();
      z.close(); // closing twice gives back nothing more
      assertEquals(before + 2, MemoryBudget.active());
      x.touch(); // a pass still at work
    }
    assertEquals(before, MemoryBudget.active());
  }
}
