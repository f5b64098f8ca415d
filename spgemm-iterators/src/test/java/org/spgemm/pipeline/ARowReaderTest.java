package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
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

  /** 12 A rows of 5 entries each, naming 40 B rows in all. */
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
    return TestTables.table(a, TestTables.random(40, 10, 0.3, 32));
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
    ColumnFamilySkippingIterator source =
        new ColumnFamilySkippingIterator(new SortedMapIterator(TABLE));
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
}
