package org.spgemm.pipeline.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.Maps;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iteratorsImpl.system.ColumnFamilySkippingIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.pipeline.BRowCache;
import org.spgemm.pipeline.BSource;
import org.spgemm.pipeline.MemoryBudget;
import org.spgemm.pipeline.TestTables;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * A whole compaction pass in plain JUnit: the tablet's rows in a sorted map, B read from it as a
 * nested scan would, C collected from the entries the pass emits, against a reference multiply.
 */
class CompactionPassTest {

  /** What a pass told its client. */
  static final class Records implements PassRecords {
    final List<BatchStats> progress = new ArrayList<>();
    BatchStats done;
    String error;
    boolean refuseDone;

    @Override
    public void progress(BatchStats total) {
      progress.add(total);
    }

    @Override
    public boolean done(BatchStats total) {
      done = refuseDone ? null : total;
      return !refuseDone;
    }

    @Override
    public void error(String message) {
      error = message;
    }
  }

  /** Runs a pass over the whole of {@code table}; returns the entries it emitted, in order. */
  static List<Map.Entry<Key,Value>> run(SortedMap<Key,Value> table, MultiplySpec opts,
      BSource b, Records records) throws Exception {
    CompactionPass pass = new CompactionPass(new ColumnFamilySkippingIterator(
        new SortedMapIterator(table)), opts, MemoryBudget.lease(opts), b, new BRowCache(1 << 20),
        records, () -> true);
    pass.start(new Range(), null);
    List<Map.Entry<Key,Value>> out = new ArrayList<>();
    while (pass.hasTop()) {
      out.add(Map.entry(new Key(pass.getTopKey()), new Value(pass.getTopValue())));
      pass.next();
    }
    return out;
  }

  /** Key and value bytes of {@code entries}, as Accumulo counts them. */
  static long bytes(Map<Key,Value> entries) {
    return entries.entrySet().stream()
        .mapToLong(e -> e.getKey().getSize() + e.getValue().getSize()).sum();
  }

  @Test
  void computesATabletInManyBatchesInKeyOrder() throws Exception {
    var a = TestTables.random(40, 30, 0.15, 1);
    var b = TestTables.random(30, 25, 0.2, 2);
    SortedMap<Key,Value> table = TestTables.table(a, b);
    Records records = new Records();
    List<Map.Entry<Key,Value>> c = run(table, TestTables.smallBatches(),
        new TestTables.B(table, "B"), records);
    for (int i = 1; i < c.size(); i++) {
      assertTrue(c.get(i - 1).getKey().compareTo(c.get(i).getKey()) < 0, "in key order");
    }
    TreeMap<Key,Value> cm = new TreeMap<>();
    c.forEach(e -> cm.put(e.getKey(), e.getValue()));
    var expected = TestTables.multiply(a, b);
    assertEquals(expected, TestTables.family(cm, "C"));
    assertNull(records.error);
    assertEquals(cm.size(), records.done.get(Counter.C_ENTRIES));
    assertEquals(bytes(cm), records.done.get(Counter.C_BYTES), "C's key and value bytes");
    assertEquals(a.size(), records.done.get(Counter.ROWS));
    assertTrue(records.done.get(Counter.BATCHES) >= a.size() / 2, records.done.toString());
  }

  @Test
  void wholeBIsReadOnceForAllBatchesAndGivesTheSameC() throws Exception {
    var a = TestTables.random(40, 30, 0.2, 5);
    var b = TestTables.random(30, 25, 0.3, 6);
    SortedMap<Key,Value> table = TestTables.table(a, b);
    long nnzB = b.values().stream().mapToLong(Map::size).sum();
    Records perBatch = new Records();
    TestTables.B bPerBatch = new TestTables.B(table, "B");
    run(table, TestTables.smallBatches(), bPerBatch, perBatch);
    Records whole = new Records();
    TestTables.B bWhole = new TestTables.B(table, "B");
    TreeMap<Key,Value> cm = new TreeMap<>();
    run(table, TestTables.smallBatches("wholeB", true), bWhole, whole)
        .forEach(e -> cm.put(e.getKey(), e.getValue()));
    assertNull(whole.error);
    assertEquals(TestTables.multiply(a, b), TestTables.family(cm, "C"));
    assertEquals(nnzB, whole.done.get(Counter.B_FETCHED), "all of B, read once");
    assertEquals(bytes(Maps.filterKeys(table, k -> k.getColumnFamily().toString().equals("B"))),
        whole.done.get(Counter.B_BYTES),
        "B's key and value bytes, read once");
    assertEquals(0, whole.done.get(Counter.B_LOCAL_BYTES), "no B entry is local here");
    assertEquals(b.size(), bWhole.rowsRead.size(), "every B row read once");
    assertEquals(1, bWhole.reads, "one read");
    assertTrue(bPerBatch.reads > 1, "per batch, many reads");
    assertEquals(perBatch.done.get(Counter.PRODUCTS), whole.done.get(Counter.PRODUCTS));
  }

  @Test
  void wholeBThatPassesTheCacheFallsBackToTheRowsOfEachBatch() throws Exception {
    var a = TestTables.random(20, 30, 0.2, 7);
    var b = TestTables.random(30, 25, 0.3, 8);
    SortedMap<Key,Value> table = TestTables.table(a, b);
    Records records = new Records();
    TreeMap<Key,Value> cm = new TreeMap<>();
    CompactionPass pass = new CompactionPass(new ColumnFamilySkippingIterator(
        new SortedMapIterator(table)), TestTables.smallBatches("wholeB", true),
        MemoryBudget.lease(TestTables.smallBatches()), new TestTables.B(table, "B"),
        new BRowCache(200), records, () -> true);
    pass.start(new Range(), null);
    while (pass.hasTop()) {
      cm.put(new Key(pass.getTopKey()), new Value(pass.getTopValue()));
      pass.next();
    }
    assertNull(records.error);
    assertEquals(TestTables.multiply(a, b), TestTables.family(cm, "C"));
  }

  @Test
  void aHubPanelIsSplitAndARowTooLargeAloneIsStreamed() throws Exception {
    var a = TestTables.random(10, 30, 0.1, 3); // about 3 B rows a row
    var b = TestTables.random(30, 60, 0.9, 4); // rows of ~54 entries, ~540 bytes each
    SortedMap<Key,Value> table = TestTables.table(a, b);
    MultiplySpec small = TestTables.smallBatches("batchBRows", 1000, "maxBatchRows", 1000,
        "maxBatchBytes", 8_000, "cacheBytes", 1);
    Records records = new Records();
    TreeMap<Key,Value> cm = new TreeMap<>();
    run(table, small, new TestTables.B(table, "B"), records).forEach(e -> cm.put(e.getKey(),
        e.getValue()));
    assertNull(records.error);
    assertEquals(TestTables.multiply(a, b), TestTables.family(cm, "C"));
    assertTrue(records.done.get(Counter.BATCHES) > 1, "the one batch was split: "
        + records.done);
    assertEquals(0, records.done.get(Counter.STREAMED_ROWS));

    TreeMap<Integer,Long> hub = new TreeMap<>();
    for (int j = 0; j < 30; j++) {
      hub.put(j, 1L + j % 4);
    }
    a.put(3, hub); // needs all of B: ~16 KB of B rows, twice the budget
    TestTables.put(table, "A", a);
    TestTables.B bSource = new TestTables.B(table, "B");
    Records streamed = new Records();
    TreeMap<Key,Value> cs = new TreeMap<>();
    run(table, small, bSource, streamed).forEach(e -> cs.put(e.getKey(), e.getValue()));
    assertNull(streamed.error);
    assertEquals(TestTables.multiply(a, b), TestTables.family(cs, "C"));
    assertEquals(1, streamed.done.get(Counter.STREAMED_ROWS), "row 3 alone: " + streamed.done);
    assertEquals(products(a, b), streamed.done.get(Counter.PRODUCTS));
    // the hub row is cut out of its batch at once, not halved down to (log2 of the batch size
    // given-up fetches of its B rows): the batch's fetch, the row's own and its stream
    assertTrue(bSource.rowsRead.size() <= 3 * b.size(), bSource.rowsRead.size() + " B rows read");

    // all of B read at once: the streamed row takes its B rows from there, reading nothing more
    TestTables.B once = new TestTables.B(table, "B");
    Records whole = new Records();
    TreeMap<Key,Value> cw = new TreeMap<>();
    run(table, TestTables.smallBatches("batchBRows", 1000, "maxBatchRows", 1000,
        "maxBatchBytes", 8_000, "wholeB", true), once, whole).forEach(e -> cw.put(e.getKey(),
            e.getValue()));
    assertNull(whole.error);
    assertEquals(TestTables.multiply(a, b), TestTables.family(cw, "C"));
    assertEquals(1, whole.done.get(Counter.STREAMED_ROWS));
    assertEquals(1, once.reads, "the one read of all of B");
    // and counted once, although the batch that read it passed the budget and was cut: the
    // first panel made from it takes the read's counts (they were lost with the cut batch)
    long bEntries = b.values().stream().mapToLong(java.util.Map::size).sum();
    assertEquals(bEntries, whole.done.get(Counter.B_FETCHED), "B fetched: " + whole.done);

    // a C row whose columns alone pass the budget is refused by name
    var wide = TestTables.random(30, 400, 0.5, 5); // C row 3 has ~400 columns, ~27 KB
    TestTables.put(table, "B", wide);
    Records refused = new Records();
    run(table, small, new TestTables.B(table, "B"), refused);
    assertTrue(refused.error != null && refused.error.contains("holds more than 8000 bytes of"
        + " columns"), refused.error);
    assertNull(refused.done);
  }

  /**
   * Rows streamed because their B rows pass the budget give the C entries a panel gives, to the
   * visibility: plain, under a mask by value and by structure, complemented, with replace, with an
   * accumulator into the stored C, and with a column subset.
   */
  @Test
  void streamedRowsGiveTheEntriesPanelsGive() throws Exception {
    var a = TestTables.random(12, 40, 0.5, 21); // rows of ~20 B rows
    var b = TestTables.random(40, 4, 0.75, 22); // of ~3 entries: ~600 bytes of B rows a row
    SortedMap<Key,Value> table = TestTables.table(a, b);
    TestTables.put(table, "M", TestTables.random(12, 4, 0.5, 23));
    TestTables.put(table, "C", TestTables.random(12, 4, 0.3, 24));
    table.replaceAll((k, v) -> k.getColumnFamily().toString().equals("M")
        && k.getColumnQualifier().toString().endsWith("3") ? new Value("0") : v);
    for (int i : new int[] {2, 5}) { // some A entries labelled
      for (int j : a.get(i).keySet()) {
        if (j % 3 == 0) {
          Key k = new Key(TestTables.key(i), "A", TestTables.key(j));
          Value v = table.remove(k);
          table.put(new Key(TestTables.key(i), "A", TestTables.key(j), j % 2 == 0 ? "x" : "y"),
              v);
        }
      }
    }
    Object[][] variants = {{}, {"maskFamily", "M"}, {"maskFamily", "M", "maskComplement", true},
        {"maskFamily", "M", "maskStructure", true, "maskComplement", true},
        {"maskFamily", "M", "replace", true}, {"accum", "plus"},
        {"maskFamily", "M", "accum", "min"}, {"colFirst", "0001", "colLast", "0002"}};
    for (Object[] variant : variants) {
      String what = java.util.Arrays.toString(variant);
      Records panels = new Records();
      Records streamed = new Records();
      List<Map.Entry<Key,Value>> expected = cEntries(run(table, withTimestamp(variant,
          "maxBatchBytes", 1 << 20), new TestTables.B(table, "B"), panels));
      List<Map.Entry<Key,Value>> got = cEntries(run(table, withTimestamp(variant,
          "maxBatchBytes", 400), new TestTables.B(table, "B"), streamed));
      assertNull(panels.error, what);
      assertNull(streamed.error, what);
      assertEquals(0, panels.done.get(Counter.STREAMED_ROWS), what);
      // a column subset halves the rows as cached, so whether any passes the budget depends on
      // what the cache holds when (three workers)
      assertTrue(variant.length > 0 && variant[0].equals("colFirst")
          || streamed.done.get(Counter.STREAMED_ROWS) > 0, what + ": none streamed");
      assertTrue(got.stream().anyMatch(e -> e.getKey().getColumnVisibilityData().length() > 0),
          what + ": labelled C entries");
      assertEquals(expected, got, what);
      assertEquals(panels.done.get(Counter.PRODUCTS), streamed.done.get(Counter.PRODUCTS), what);
    }
  }

  /** Options of {@link TestTables#smallBatches} with a fixed C timestamp, then {@code more}. */
  private static MultiplySpec withTimestamp(Object[] variant, Object... more) {
    List<Object> all = new ArrayList<>(List.of("timestamp", 7, "batchBRows", 1000));
    all.addAll(List.of(variant));
    all.addAll(List.of(more));
    return TestTables.smallBatches(all.toArray());
  }

  /** The entries of family C (as a pass emits them, stored C merged), in order. */
  private static List<Map.Entry<Key,Value>> cEntries(List<Map.Entry<Key,Value>> emitted) {
    return emitted.stream().filter(e -> e.getKey().getColumnFamily().toString().equals("C"))
        .toList();
  }

  /** Partial products of A·B. */
  private static long products(Map<Integer,TreeMap<Integer,Long>> a,
      Map<Integer,TreeMap<Integer,Long>> b) {
    long n = 0;
    for (var row : a.values()) {
      for (int j : row.keySet()) {
        n += b.containsKey(j) ? b.get(j).size() : 0;
      }
    }
    return n;
  }

  @Test
  void twoTabletsOfOneJobSharingACacheAtOnceGiveExactCAndCountWhatTheyRead() throws Exception {
    var a = TestTables.random(60, 40, 0.15, 11);
    var b = TestTables.random(40, 30, 0.3, 12);
    SortedMap<Key,Value> table = TestTables.table(a, b);
    var expected = TestTables.multiply(a, b);
    ExecutorService tablets = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 6; round++) {
        // odd rounds split batches whose panels pass 1500 bytes: fetches are given up midway
        MultiplySpec opts = round % 2 == 0 ? TestTables.smallBatches()
            : TestTables.smallBatches("batchBRows", 20, "maxBatchRows", 6, "maxBatchBytes", 1500);
        TestTables.B bSource = new TestTables.B(table, "B");
        BRowCache cache = new BRowCache(1 << 20);
        List<Future<Records>> passes = new ArrayList<>();
        for (int half = 0; half < 2; half++) {
          SortedMap<Key,Value> tablet = new TreeMap<>();
          int from = half * 30;
          TestTables.put(tablet, "A", a.subMap(from, from + 30));
          passes.add(tablets.submit(() -> {
            Records records = new Records();
            TreeMap<Key,Value> cm = new TreeMap<>();
            CompactionPass pass = new CompactionPass(new ColumnFamilySkippingIterator(
                new SortedMapIterator(tablet)), opts, MemoryBudget.lease(opts), bSource, cache,
                records, () -> true);
            pass.start(new Range(), null);
            while (pass.hasTop()) {
              cm.put(new Key(pass.getTopKey()), new Value(pass.getTopValue()));
              pass.next();
            }
            assertNull(records.error);
            assertEquals(expected.subMap(from, from + 30), TestTables.family(cm, "C"));
            return records;
          }));
        }
        long counted = 0;
        for (Future<Records> f : passes) {
          Records r = f.get(60, TimeUnit.SECONDS);
          assertNull(r.error);
          counted += r.done.get(Counter.B_FETCHED);
        }
        long read = 0;
        for (String row : bSource.rowsRead) {
          read += b.get(Integer.parseInt(row)).size();
        }
        if (round % 2 == 0) {
          assertEquals(read, counted, "B entries counted are those read, once");
        } else {
          assertTrue(counted <= read, counted + " > " + read); // given-up reads are not counted
        }
      }
    } finally {
      tablets.shutdownNow();
    }
  }

  @Test
  void aMaskKeepsItsEntriesAndLabelsReachC() throws Exception {
    var a = TestTables.random(20, 20, 0.3, 5);
    var b = TestTables.random(20, 20, 0.3, 6);
    SortedMap<Key,Value> table = TestTables.table(a, b);
    var full = TestTables.multiply(a, b);
    var mask = new TreeMap<Integer,TreeMap<Integer,Long>>();
    full.forEach((i, row) -> row.keySet().stream().filter(j -> (i + j) % 2 == 0)
        .forEach(j -> mask.computeIfAbsent(i, x -> new TreeMap<>()).put(j, 1L)));
    TestTables.put(table, "M", mask);
    int li = full.firstKey();
    int lj = full.get(li).firstKey();
    // A(li, *) carries label x; the mask entry of (li, lj) (if any) label y
    a.get(li).forEach((j, v) -> table.put(new Key(TestTables.key(li), "A", TestTables.key(j),
        "x"), new Value(Long.toString(v))));
    a.get(li).keySet().forEach(j -> table.remove(new Key(TestTables.key(li), "A",
        TestTables.key(j))));
    Records records = new Records();
    List<Map.Entry<Key,Value>> c = run(table,
        TestTables.smallBatches("maskFamily", "M", "maskStructure", true),
        new TestTables.B(table, "B"), records);
    TreeMap<Integer,TreeMap<Integer,Long>> expected = new TreeMap<>();
    mask.forEach((i, row) -> row.keySet().forEach(j -> expected.computeIfAbsent(i,
        x -> new TreeMap<>()).put(j, full.get(i).get(j))));
    TreeMap<Key,Value> cm = new TreeMap<>();
    c.forEach(e -> cm.put(e.getKey(), e.getValue()));
    assertEquals(expected, TestTables.family(cm, "C"));
    for (Map.Entry<Key,Value> e : c) {
      boolean fromX = e.getKey().getRow().toString().equals(TestTables.key(li));
      assertEquals(fromX ? "x" : "", e.getKey().getColumnVisibility().toString(),
          e.getKey().toString());
    }
  }

  @Test
  void aBadValueIsRecordedAndTheJobEndingStopsThePass() throws Exception {
    SortedMap<Key,Value> table = TestTables.table(TestTables.random(20, 20, 0.3, 7),
        TestTables.random(20, 20, 0.3, 8));
    table.put(new Key(TestTables.key(15), "A", TestTables.key(2)), new Value("4x"));
    Records records = new Records();
    run(table, TestTables.smallBatches(), new TestTables.B(table, "B"), records);
    assertTrue(records.error != null && records.error.contains("bad value of A(0015, 0002)"),
        records.error);

    table.remove(new Key(TestTables.key(15), "A", TestTables.key(2)));
    CountDownLatch never = new CountDownLatch(1);
    BSource stuck = (ranges, home) -> {
      never.await(); // a nested scan that does not come back
      throw new AssertionError();
    };
    AtomicBoolean running = new AtomicBoolean(true);
    MultiplySpec opts = TestTables.smallBatches();
    Records stopped = new Records();
    CompactionPass pass = new CompactionPass(new ColumnFamilySkippingIterator(
        new SortedMapIterator(table)), opts, MemoryBudget.lease(opts), stuck, null, stopped,
        running::get);
    running.set(false); // the job record is gone
    // the pass ends without throwing (its compaction commits; a failed one that Accumulo saw
    // cancelled meanwhile leaves the tablet's user compactions stuck in Accumulo 2.1.4)
    pass.start(new Range(), null);
    assertFalse(pass.hasTop(), "no C once the job has ended");
    assertTrue(stopped.error != null && stopped.error.contains("ended while this tablet was"
        + " computing"), stopped.error);
    assertNull(stopped.done, "no final count: the tablet's C is partial");
  }

  /**
   * A final count that cannot be recorded (the thread interrupted while it wrote it) fails the
   * compaction, so that Accumulo runs it again, instead of ending as if the tablet were done.
   */
  @Test
  void aFinalCountThatCannotBeRecordedFailsTheCompaction() throws Exception {
    SortedMap<Key,Value> table = TestTables.table(TestTables.random(20, 20, 0.3, 9),
        TestTables.random(20, 20, 0.3, 10));
    Records lost = new Records();
    lost.refuseDone = true;
    InterruptedIOException e = assertThrows(InterruptedIOException.class,
        () -> run(table, TestTables.smallBatches(), new TestTables.B(table, "B"), lost));
    assertTrue(e.getMessage().contains("final count"), e.getMessage());
    assertNull(lost.error, "not the job's error: the compaction runs again");
  }
}
