package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.MaskMode;
import org.spgemm.iterators.MultiplySpec.Mode;

/** {@link EngineChoice}: forced engines, what only one engine can do, and the size estimate. */
class EngineChoiceTest {

  /** B: 1,000 rows of 10 entries (Σ r² = 100,000), so each A entry makes 10 products. */
  private static final long B_ENTRIES = 10_000;
  private static final long B = 100_000;
  private static final long LIMIT = EngineChoice.SCAN_MAX_PRODUCTS;

  private static EngineChoice choose(MultiplyOptions.Builder b, long a, long bEntries,
      long rowSquares, boolean cEmpty) {
    return EngineChoice.choose(b.build(), Mode.MULTIPLY, a, bEntries, rowSquares, false, -1,
        () -> cEmpty);
  }

  /**
   * Large work goes to bulk once every server reads all of B, if the caller may import and C is
   * not merged; small work, forced engines and merges keep their engine.
   */
  @Test
  void largeWorkWhereBIsReadWholeTakesBulk() {
    String whole = "nnz(A) 9 >= nnz(B) 8, most of A's B rows in other tablets";
    EngineChoice large = choose(MultiplyOptions.builder(), LIMIT, B_ENTRIES, B, true);
    EngineChoice bulk = large.bulkWhereBIsReadWhole(MultiplyOptions.defaults(), whole, () -> true);
    assertEquals(Engine.BULK, bulk.engine(), bulk.why());
    assertTrue(bulk.why().startsWith(large.why()) && bulk.why().contains(whole)
        && bulk.why().endsWith("C written as files and imported"), bulk.why());
    EngineChoice noRight = large.bulkWhereBIsReadWhole(MultiplyOptions.defaults(), whole,
        () -> false);
    assertEquals(Engine.COMPACTION, noRight.engine(), "without BULK_IMPORT and ALTER_TABLE");
    assertTrue(noRight.why().contains(whole), noRight.why());
    MultiplyOptions accum = MultiplyOptions.builder().accum("plus").build();
    assertEquals(Engine.COMPACTION, choose(MultiplyOptions.builder().accum("plus"), LIMIT,
        B_ENTRIES, B, false).bulkWhereBIsReadWhole(accum, whole, () -> true)
        .engine(),
        "a merge into C");
    EngineChoice small = choose(MultiplyOptions.builder(), 5, B_ENTRIES, B, true);
    assertEquals(Engine.SCAN, small.bulkWhereBIsReadWhole(MultiplyOptions.defaults(), whole,
        () -> true).engine(), "small work stays on the scan engine");
    EngineChoice forced = choose(MultiplyOptions.builder().engine(Engine.COMPACTION), LIMIT,
        B_ENTRIES, B, true);
    assertEquals(Engine.COMPACTION, forced.bulkWhereBIsReadWhole(MultiplyOptions.builder()
        .engine(Engine.COMPACTION).build(), whole, () -> true).engine(),
        "asked for");
  }

  @Test
  void theEstimateSplitsAtTheThreshold() {
    // nnz(A) x Σ r² / nnz(B): 10 products per A entry
    long a = LIMIT / 10;
    EngineChoice small = choose(MultiplyOptions.builder(), a, B_ENTRIES, B, true);
    assertEquals(Engine.SCAN, small.engine(), small.why());
    assertTrue(small.why().contains("about " + LIMIT + " partial products"), small.why());
    EngineChoice large = choose(MultiplyOptions.builder(), a + 1, B_ENTRIES, B, true);
    assertEquals(Engine.COMPACTION, large.engine(), large.why());
    // one hub row of B holding all its entries: every A entry that meets it makes 10,000
    assertEquals(Engine.COMPACTION, choose(MultiplyOptions.builder(), LIMIT / B_ENTRIES + 1,
        B_ENTRIES, B_ENTRIES * B_ENTRIES, true).engine());
    assertEquals(Engine.SCAN, choose(MultiplyOptions.builder(), 5, 0, 0, true).engine(),
        "B empty");
    assertEquals(Engine.COMPACTION, choose(MultiplyOptions.builder(), -1, -1, -1, true).engine(),
        "size unknown");
  }

  /**
   * Without B's row lengths (inputs digested from the files' summaries) the uniform bound
   * decides, which never exceeds the estimate from the row lengths.
   */
  @Test
  void withoutRowLengthsTheUniformBoundDecides() {
    long a = LIMIT / 10;
    EngineChoice large = EngineChoice.choose(MultiplyOptions.builder().build(), Mode.MULTIPLY,
        a + 1, B_ENTRIES, -1, false, 1_000, () -> true);
    assertEquals(Engine.COMPACTION, large.engine(), large.why());
    assertTrue(large.why().contains("at least " + (LIMIT + 10) + " partial products"),
        large.why());
    assertEquals(Engine.SCAN, EngineChoice.choose(MultiplyOptions.builder().build(),
        Mode.MULTIPLY, a, B_ENTRIES, -1, false, 1_000, () -> true).engine());
    assertEquals(Engine.COMPACTION, EngineChoice.choose(MultiplyOptions.builder().build(),
        Mode.MULTIPLY, a, B_ENTRIES, -1, false, -1, () -> true).engine(), "rows of B unknown");
  }

  /**
   * From the files' summaries, B's squared row lengths are a lower bound: the larger of the
   * estimate from them and the uniform bound decides, and a hub row alone can send a multiply
   * whose uniform bound is small to the compaction engine.
   */
  @Test
  void filesRowLengthsAreALowerBoundBesideTheUniformOne() {
    MultiplyOptions o = MultiplyOptions.builder().build();
    // 1,000 rows of B of 10 entries but one of 1,000: uniform bound 10 nnz(A), by rows ~ 110 nnz(A)
    long squares = 999L * 10 * 10 + 1000L * 1000;
    long a = LIMIT / 100;
    EngineChoice hub = EngineChoice.choose(o, Mode.MULTIPLY, a, 10_990, squares, true, 1_000,
        () -> true);
    assertEquals(Engine.COMPACTION, hub.engine(), hub.why());
    assertTrue(hub.why().contains("at least " + EngineChoice.byRowLengths(a, 10_990, squares)
        + " partial products") && hub.why().contains("at least " + squares + " squared"),
        hub.why());
    assertTrue(EngineChoice.beyondScan(a, 10_990, squares, 1_000));
    // a lower bound below the uniform bound: the uniform bound decides, either way
    EngineChoice uniform = EngineChoice.choose(o, Mode.MULTIPLY, LIMIT / 5, 1_000, 1_000, true,
        100, () -> true);
    assertEquals(Engine.COMPACTION, uniform.engine(), uniform.why());
    assertTrue(uniform.why().contains("/ 100 rows of B"), uniform.why());
    assertEquals(Engine.SCAN, EngineChoice.choose(o, Mode.MULTIPLY, 1_000, 1_000, 1_000, true,
        100, () -> true).engine());
    // the same squares as an exact sum decide alone
    assertEquals(Engine.SCAN, EngineChoice.choose(o, Mode.MULTIPLY, LIMIT / 5, 1_000, 1_000,
        false, 100, () -> true).engine());
  }

  /**
   * Whether B's rows may let the files decide, from the records alone: the loader's squared row
   * lengths when recorded (a Poisson-like B below the limit takes the scan digest at once), else a
   * row as long as B is wide; the record keeps them beside the shape, which reads as before.
   */
  @Test
  void theRecordsTellWhetherTheFilesMayDecide() {
    // 10,000 rows of 10: uniform bound and estimate 100 k
    assertFalse(EngineChoice.mayPassScanByRows(100_000, 100_000, 10_000, 1_000_000));
    assertTrue(EngineChoice.mayPassScanByRows(100_000, 100_000, 10_000, -1),
        "not recorded: one row of 10,000 would give 100 M");
    assertFalse(EngineChoice.mayPassScanByRows(100_000, 100_000, 100, -1),
        "not recorded, but no row can be longer than B is wide (100)");
    assertTrue(EngineChoice.mayPassScanByRows(100_000, 100_000, 10_000, 10_000L * 10_000),
        "a hub row recorded");
    Shape shape = new Shape(10, 20, 30, 2);
    Value v = shape.encode(12_345);
    assertEquals(shape, Shape.decode(v));
    assertEquals(12_345, Shape.rowSquares(v));
    assertEquals(-1, Shape.rowSquares(shape.encode()));
  }

  @Test
  void forcedEnginesAndWhatOnlyOneEngineCanDo() {
    assertEquals("asked for", choose(MultiplyOptions.builder().engine(Engine.COMPACTION), 1, 1, 1,
        true).why());
    assertEquals(Engine.SCAN, choose(MultiplyOptions.builder().engine(Engine.SCAN), LIMIT, LIMIT,
        B, false).engine());
    assertEquals(Engine.SCAN, choose(MultiplyOptions.builder().cTable("T"), LIMIT, LIMIT, LIMIT,
        false).engine(), "C in another table");
    assertEquals(Engine.COMPACTION, choose(MultiplyOptions.builder()
        .mask("X", "MK", MaskMode.STRUCTURE, false), 1, 1, 1, true).engine());
    assertEquals(Engine.SCAN, EngineChoice.choose(MultiplyOptions.builder().build(), Mode.COUNT,
        LIMIT, LIMIT, LIMIT, false, -1, () -> false).engine(), "counting is a scan");
  }

  @Test
  void aMergeIntoAStoredCTakesTheScanEngineOnlyWhenCIsEmpty() {
    MultiplyOptions.Builder accum = MultiplyOptions.builder().accum("plus");
    assertEquals(Engine.SCAN, choose(accum, 1, 1, 1, true).engine());
    EngineChoice full = choose(accum, 1, 1, 1, false);
    assertEquals(Engine.COMPACTION, full.engine());
    assertTrue(full.why().contains("holds entries"), full.why());
    // replace needs no stored C: C's emptiness is not even asked
    AtomicInteger asked = new AtomicInteger();
    EngineChoice replace = EngineChoice.choose(MultiplyOptions.builder()
        .mask("MK", MaskMode.STRUCTURE, true).replace().build(), Mode.MULTIPLY, 1, 1, 1, false, -1,
        () -> {
          asked.incrementAndGet();
          return false;
        });
    assertEquals(Engine.SCAN, replace.engine());
    assertEquals(0, asked.get());
  }

  @Test
  void allOfBIsReadAtOnceOnlyWhereEveryServerNeedsMostOfIt() {
    assertNotNull(whole(10, 4, 10, 5, 2), "scattered A*A");
    // banded (half of A's B rows or more in their own tablets): only while what each server
    // reads beyond its share of B, (k - 1) nnz(B) / k, is at most its share of A, nnz(A) / k
    assertEquals("nnz(B) 1643032 x 1 <= nnz(A) 1643032 on 2 servers, most of A's B rows in"
        + " their own tablets", whole(1_643_032, 1_500_000, 1_643_032, 64_000, 2),
        "Poisson 27-point 40³ A·A on 2 servers");
    assertNull(whole(10, 5, 10, 5, 3), "A·A banded on 3 servers");
    assertNull(whole(10, 5, 11, 5, 2), "banded, B larger than A on 2 servers");
    assertEquals("nnz(B) 10 x 1 <= nnz(A) 10 on 1 servers, most of A's B rows in their own"
        + " tablets", whole(10, 10, 10, 5, 1), "one server: B no larger than A");
    assertEquals("nnz(B) 1728 x 22 <= nnz(A) 39304 on 23 servers, most of A's B rows in their"
        + " own tablets", whole(39_304, 39_000, 1_728, 1_728, 23),
        "banded, but B small beside A (amgAP_12)");
    assertNull(whole(39_304, 39_000, 1_728, 1_728, 24), "(k - 1) nnz(B) above nnz(A)");
    assertNull(whole(10, 0, 0, 5, 2), "B empty");
    // R-MAT 13 A·B on 2 servers: a few hundred A entries fewer than B's, 6.8 per B row each
    String rmat13 = whole(110_891, 14_000, 111_133, 8_192, 2);
    assertEquals("nnz(A) 110891 / 2 servers >= 8192 rows of B, most of A's B rows in other"
        + " tablets", rmat13);
    assertNull(whole(110_891, 0, 111_133, 8_192, 14), "14 servers: 7,920 A entries each");
    assertNull(whole(9, 0, 10, 5, 2), "A smaller than B, and than B's rows on each server");
    assertNull(whole(9, 0, 10, -1, 1), "A smaller than B, B's rows not recorded");
    AtomicInteger asked = new AtomicInteger();
    assertNotNull(EngineChoice.wholeB(10, 0, 10, 5, () -> {
      asked.incrementAndGet();
      return 2;
    }, () -> null));
    assertEquals(0, asked.get(), "the servers are counted only when A is smaller than B");
  }

  private static String whole(long aEntries, long aLocal, long bEntries, long bRows,
      int servers) {
    return EngineChoice.wholeB(aEntries, aLocal, bEntries, bRows,
        () -> servers, () -> null);
  }

  @Test
  void onAGrrpCopyItsPlanDecides() {
    // 4 servers: whole reads fetch 3 nnz(B) = 300 entries remotely; row by row, the prediction
    assertNotNull(pinned(100, 0, new TableM.PinnedParts(4, 150)),
        "R-MAT: the plan fetches half of it anyway");
    assertNull(pinned(100, 0, new TableM.PinnedParts(4, 149)),
        "a stencil: the plan fetches far less");
    assertNull(pinned(100, 90, new TableM.PinnedParts(4, 12)),
        "A's rows next to their B rows, few remote");
    assertNull(pinned(100, 0, new TableM.PinnedParts(4, -1)),
        "no prediction recorded: as placed, row by row");
    assertNull(pinned(99, 0, new TableM.PinnedParts(4, 1000)), "A smaller than B");
  }

  private static String pinned(long aEntries, long aLocal, TableM.PinnedParts parts) {
    return EngineChoice.wholeB(aEntries, aLocal, 100, 50, () -> 4,
        () -> parts);
  }
}
