package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
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

/** Where a batch of A rows closes: at its B rows, its rows or its bytes. */
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

  /** The rows of every batch {@code opts} makes of the table's A. */
  private static List<Integer> batchRows(MultiplySpec opts, BRowCache cache) throws Exception {
    ColumnFamilySkippingIterator source =
        new ColumnFamilySkippingIterator(new SortedMapIterator(TABLE));
    source.seek(new Range(), Set.of(new ArrayByteSequence("A")), true);
    ARowReader reader = new ARowReader(source, opts, 1L << 20, cache, new Labels(null));
    List<Integer> rows = new ArrayList<>();
    while (reader.hasMore()) {
      rows.add(reader.readBatch().rows());
    }
    return rows;
  }

  @Test
  void bRowsCloseNoBatchOfBulkWhereAllOfBIsRead() throws Exception {
    BRowCache cache = new BRowCache(1L << 20);
    // a batch closes once it names 3 B rows: every row of 5 entries does
    List<Integer> byB = batchRows(TestTables.smallBatches("maxBatchRows", 100), cache);
    assertEquals(12, byB.size(), byB::toString);
    // the compaction engine reading all of B: the same (its C goes to one file per tablet)
    assertEquals(byB, batchRows(TestTables.smallBatches("maxBatchRows", 100, "wholeB", true),
        cache));
    // engine bulk reading all of B: each batch is a C file; only rows and bytes close one
    assertEquals(List.of(12), batchRows(TestTables.smallBatches("maxBatchRows", 100, "wholeB",
        true, "cFiles", true), cache));
    assertEquals(List.of(5, 5, 2), batchRows(TestTables.smallBatches("maxBatchRows", 5,
        "wholeB", true, "cFiles", true), cache));
    // without the job's B cache (no whole read to share), B rows close batches as before
    assertEquals(byB, batchRows(TestTables.smallBatches("maxBatchRows", 100, "wholeB", true,
        "cFiles", true), null));
  }
}
