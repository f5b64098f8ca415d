package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.MaskMode;
import org.spgemm.iterators.MultiplySpec.Mode;

/** {@link EngineChoice}: forced engines, what only one engine can do, and the size estimate. */
class EngineChoiceTest {

  private static final Shape B = new Shape(1000, 1000, 10_000, 4);
  private static final long LIMIT = EngineChoice.SCAN_MAX_PRODUCTS;

  private static EngineChoice choose(MultiplyOptions.Builder b, long a, long bEntries, Shape s,
      boolean cEmpty) {
    return EngineChoice.choose(b.build(), Mode.MULTIPLY, a, bEntries, s, () -> cEmpty);
  }

  @Test
  void theEstimateSplitsAtTheThreshold() {
    // nnz(A) x nnz(B) / rows(B): 10 entries per B row
    long a = LIMIT / 10;
    EngineChoice small = choose(MultiplyOptions.builder(), a, 10_000, B, true);
    assertEquals(Engine.SCAN, small.engine(), small.why());
    assertTrue(small.why().contains("about " + LIMIT + " partial products"), small.why());
    EngineChoice large = choose(MultiplyOptions.builder(), a + 1, 10_000, B, true);
    assertEquals(Engine.COMPACTION, large.engine(), large.why());
    // without B's shape, the input size stands in
    assertEquals(Engine.SCAN, choose(MultiplyOptions.builder(), LIMIT / 2, LIMIT / 2, null, true)
        .engine());
    assertEquals(Engine.COMPACTION, choose(MultiplyOptions.builder(), LIMIT, 1, null, true)
        .engine());
    assertEquals(Engine.COMPACTION, choose(MultiplyOptions.builder(), -1, -1, B, true).engine(),
        "size unknown");
  }

  @Test
  void forcedEnginesAndWhatOnlyOneEngineCanDo() {
    assertEquals("asked for", choose(MultiplyOptions.builder().engine(Engine.COMPACTION), 1, 1, B,
        true).why());
    assertEquals(Engine.SCAN, choose(MultiplyOptions.builder().engine(Engine.SCAN), LIMIT, LIMIT,
        B, false).engine());
    assertEquals(Engine.SCAN, choose(MultiplyOptions.builder().cTable("T"), LIMIT, LIMIT, B,
        false).engine(), "C in another table");
    assertEquals(Engine.COMPACTION, choose(MultiplyOptions.builder()
        .mask("X", "MK", MaskMode.STRUCTURE, false), 1, 1, B, true).engine());
    assertEquals(Engine.SCAN, EngineChoice.choose(MultiplyOptions.builder().build(), Mode.COUNT,
        LIMIT, LIMIT, B, () -> false).engine(), "counting is a scan");
  }

  @Test
  void aMergeIntoAStoredCTakesTheScanEngineOnlyWhenCIsEmpty() {
    MultiplyOptions.Builder accum = MultiplyOptions.builder().accum("plus");
    assertEquals(Engine.SCAN, choose(accum, 1, 1, B, true).engine());
    EngineChoice full = choose(accum, 1, 1, B, false);
    assertEquals(Engine.COMPACTION, full.engine());
    assertTrue(full.why().contains("holds entries"), full.why());
    // replace needs no stored C: C's emptiness is not even asked
    AtomicInteger asked = new AtomicInteger();
    EngineChoice replace = EngineChoice.choose(MultiplyOptions.builder()
        .mask("MK", MaskMode.STRUCTURE, true).replace().build(), Mode.MULTIPLY, 1, 1, B, () -> {
          asked.incrementAndGet();
          return false;
        });
    assertEquals(Engine.SCAN, replace.engine());
    assertEquals(0, asked.get());
  }
}
