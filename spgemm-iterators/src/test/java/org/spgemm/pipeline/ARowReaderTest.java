package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iteratorsImpl.system.ColumnFamilySkippingIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.MultiplySpec;

/** Where a batch of A rows closes: at its B rows, its rows or its A bytes. */
class ARowReaderTest {

  /** 12 A rows of 5 entries each, naming 40 B rows in all, which hold many more entries. */
  private static final SortedMap<Key,Value> TABLE = table();

  private static SortedMap<Key,Value> table() {
    TreeMap<Integer,TreeMap<Integer,Long>> a = new TreeMap<>();
    for (int i = 0; i < 12; i++) {
      TreeMap<Integer,Long> row = new TreeMap<>();
      for (int k = 0; k < 5; k++) {
        row.put((i * 7 + k * 3) % 40, 1L + k);
      }
      a.put(i, row);
    }
    return TestTables.table(a, TestTables.random(40, 400, 0.5, 32));
  }

  /** A job's B cache in which all of the table's B family was read at once. */
  private static BRowCache wholeRead() throws Exception {
    WholeB.Builder all = new WholeB.Builder(true);
    for (Map.Entry<Key,Value> e : TABLE.entrySet()) {
      if (e.getKey().getColumnFamily().toString().equals("B")) {
        all.row(e.getKey().getRowData().toArray());
        all.add(e.getKey().getColumnQualifierData().toArray(), 1, 0);
      }
    }
    WholeB b = all.build(new long[6]);
    BRowCache cache = new BRowCache(1L << 20);
    cache.whole(limit -> b);
    return cache;
  }

  /**
   * The rows of every batch {@code opts} makes of the table's A within a budget of {@code budget}
   * bytes.
   */
  private static List<Integer> batchRows(MultiplySpec opts, BRowCache cache, long budget)
      throws Exception {
    return batchRows(TABLE, opts, cache, budget);
  }

  private static List<Integer> batchRows(SortedMap<Key,Value> table, MultiplySpec opts,
      BRowCache cache, long budget) throws Exception {
    ColumnFamilySkippingIterator source =
        new ColumnFamilySkippingIterator(new SortedMapIterator(table));
    source.seek(new Range(), Set.of(new ArrayByteSequence("A")), true);
    ARowReader reader = new ARowReader(source, opts, budget, cache, new Labels(null));
    List<Integer> rows = new ArrayList<>();
    while (reader.hasMore()) {
      rows.add(reader.readBatch().rows());
    }
    return rows;
  }

  @Test
  void bRowsCloseNoBatchOfBulkOnceAllOfBIsRead() throws Exception {
    MultiplySpec plain = TestTables.smallBatches("maxBatchRows", 100);
    MultiplySpec bulk = TestTables.smallBatches("maxBatchRows", 100, "wholeB", true, "cFiles",
        true);
    BRowCache whole = wholeRead();
    // a batch closes once it names 3 B rows: every row of 5 entries does
    List<Integer> byB = batchRows(plain, whole, 1L << 20);
    assertEquals(12, byB.size(), byB::toString);
    // the compaction engine reading all of B: the same (its C goes to one file per tablet)
    assertEquals(byB, batchRows(TestTables.smallBatches("maxBatchRows", 100, "wholeB", true),
        whole, 1L << 20));
    // engine bulk once all of B is read: each batch is a C file; rows and bytes close one
    assertEquals(List.of(12), batchRows(bulk, whole, 1L << 20));
    assertEquals(List.of(5, 5, 2), batchRows(TestTables.smallBatches("maxBatchRows", 5,
        "wholeB", true, "cFiles", true), whole, 1L << 20));
    // before all of B is read (the first batches of a server), or without the job's cache, the
    // count of B rows not yet read closes batches as elsewhere
    assertEquals(byB, batchRows(bulk, new BRowCache(1L << 20), 1L << 20));
    assertEquals(byB, batchRows(bulk, null, 1L << 20));
  }

  @Test
  void bRowsStillCloseBatchesOfBulkWhereAllOfBPassesThePanelBudget() throws Exception {
    MultiplySpec bulk = TestTables.smallBatches("maxBatchRows", 100, "wholeB", true, "cFiles",
        true);
    BRowCache cache = wholeRead();
    long all = cache.wholeIfRead().totalPanelBytes();
    List<Integer> byB = batchRows(TestTables.smallBatches("maxBatchRows", 100), cache, all);
    // all of B fits the budget exactly: one batch
    assertEquals(List.of(12), batchRows(bulk, cache, all));
    // a byte short: B rows close batches, else a batch naming most of B would pass its budget
    // and be cut into pieces, more files than the B rows make
    assertEquals(byB, batchRows(bulk, cache, all - 1));
  }

  @Test
  void aBatchWaitsForTheReadOfAllOfBAnotherBatchStarted() throws Exception {
    MultiplySpec bulk = TestTables.smallBatches("maxBatchRows", 100, "wholeB", true, "cFiles",
        true);
    WholeB all = wholeRead().wholeIfRead();
    for (boolean fails : new boolean[] {false, true}) {
      BRowCache cache = new BRowCache(1L << 20);
      CountDownLatch started = new CountDownLatch(1);
      Thread worker = new Thread(() -> {
        try {
          cache.whole(limit -> {
            started.countDown();
            Thread.sleep(200);
            if (fails) {
              throw new java.io.IOException("B's tablet server went away");
            }
            return all;
          });
        } catch (Exception e) {
          // the reader sees the failure as no B at hand
        }
      });
      worker.start();
      started.await();
      // the first row names 5 B rows, over 3: rather than close, the batch waits for the read
      // and, once all of B is at hand, takes every row; a failed read leaves B rows closing it
      List<Integer> rows = batchRows(bulk, cache, 1L << 20);
      assertEquals(fails ? Collections.nCopies(12, 1) : List.of(12), rows, "fails " + fails);
      worker.join();
    }
    // with no read started there is nothing to wait for: the count of B rows closes the batch
    assertEquals(Collections.nCopies(12, 1), batchRows(bulk, new BRowCache(1L << 20), 1L << 20));
  }

  @Test
  void byDefaultOnlyBulkWithAllOfBAtHandTakesMoreThan4096Rows() throws Exception {
    TreeMap<Integer,TreeMap<Integer,Long>> a = new TreeMap<>();
    for (int i = 0; i < 5000; i++) {
      a.put(i, new TreeMap<>(Map.of(i % 4, 1L)));
    }
    SortedMap<Key,Value> table = TestTables.table(a, TestTables.random(4, 4, 1, 1));
    MultiplySpec plain = TestTables.smallBatches("maxBatchRows", 0, "batchBRows", 4096);
    MultiplySpec bulk = TestTables.smallBatches("maxBatchRows", 0, "batchBRows", 4096,
        "wholeB", true, "cFiles", true);
    BRowCache whole = new BRowCache(1L << 20);
    whole.whole(limit -> {
      WholeB.Builder b = new WholeB.Builder(true);
      for (int r = 0; r < 4; r++) {
        b.row(TestTables.key(r).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        b.add(TestTables.key(r).getBytes(java.nio.charset.StandardCharsets.UTF_8), 1, 0);
      }
      return b.build(new long[6]);
    });
    assertEquals(List.of(4096, 904), batchRows(table, plain, whole, 1L << 24));
    assertEquals(List.of(4096, 904), batchRows(table, bulk, new BRowCache(1L << 20), 1L << 24));
    assertEquals(List.of(5000), batchRows(table, bulk, whole, 1L << 24));
    // a set maxBatchRows holds everywhere
    assertEquals(List.of(3000, 2000), batchRows(table, TestTables.smallBatches("maxBatchRows",
        3000, "batchBRows", 4096, "wholeB", true, "cFiles", true), whole, 1L << 24));
  }

  @Test
  void aRowsOwnHeapCountsTowardTheBudget() throws Exception {
    TreeMap<Integer,TreeMap<Integer,Long>> a = new TreeMap<>();
    for (int i = 0; i < 1000; i++) {
      a.put(i, new TreeMap<>(Map.of(0, 1L)));
    }
    SortedMap<Key,Value> table = TestTables.table(a, TestTables.random(1, 1, 1, 1));
    // one-entry rows of a dozen stored bytes: counted by their entries alone, all 1000 fit a
    // budget of 100 rows' overhead
    List<Integer> rows = batchRows(table, TestTables.smallBatches("maxBatchRows", 100_000,
        "batchBRows", 4096), null, 100 * ABatch.ROW_BYTES);
    assertTrue(rows.stream().allMatch(r -> r < 100), rows::toString);
    assertEquals(1000, rows.stream().mapToInt(Integer::intValue).sum());
  }
}
