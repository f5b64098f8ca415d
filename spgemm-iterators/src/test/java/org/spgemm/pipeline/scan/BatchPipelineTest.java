package org.spgemm.pipeline.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iteratorsImpl.system.ColumnFamilySkippingIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.pipeline.ABatch;
import org.spgemm.pipeline.ARowReader;
import org.spgemm.pipeline.BSource;
import org.spgemm.pipeline.BadInputException;
import org.spgemm.pipeline.BatchWorker;
import org.spgemm.pipeline.Labels;
import org.spgemm.pipeline.MemoryBudget;
import org.spgemm.pipeline.TestTables;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * A whole scan-engine pass in plain JUnit: A read from a sorted map, B as a nested scan would
 * return it, C written into a map, progress entries collected as the iterator returns them.
 */
class BatchPipelineTest {

  private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

  /** A and B of the multiply and count runs. */
  private static final TreeMap<Integer,TreeMap<Integer,Long>> A = TestTables.random(40, 30, 0.15,
      11);
  private static final TreeMap<Integer,TreeMap<Integer,Long>> B = TestTables.random(30, 25, 0.2,
      12);

  @AfterAll
  static void stop() {
    POOL.shutdownNow();
  }

  /** Runs the scan engine over {@code table}'s A into {@code c}; returns the emitted entries. */
  private static List<Map.Entry<Key,BatchStats>> run(SortedMap<Key,Value> table,
      MultiplySpec opts, TestTables.C c) throws Exception {
    ColumnFamilySkippingIterator source =
        new ColumnFamilySkippingIterator(new SortedMapIterator(table));
    source.seek(new Range(), Set.of(new ArrayByteSequence("A")), true);
    MemoryBudget budget = MemoryBudget.of(opts, 1L << 30, MemoryBudget.MIN_TABLETS);
    Labels labels = new Labels(opts.cVisibility());
    ARowReader reader = new ARowReader(source, opts, budget.batchBytes(), null, labels);
    BatchWorker worker = new BatchWorker(opts, budget, labels, new TestTables.B(table, "B"),
        null, c, org.spgemm.metrics.MultiplyMeters.of(org.spgemm.metrics.Engine.SCAN));
    PendingWork work = new PendingWork();
    work.hold(BatchPipelineTest.class);
    BatchPipeline pipeline = new BatchPipeline(reader, worker, POOL, opts.threads(), work);
    List<Map.Entry<Key,BatchStats>> out = new ArrayList<>();
    while (true) {
      while (!work.pendingKeys.isEmpty()) {
        out.add(Map.entry(work.pendingKeys.poll(), work.pendingStats.poll()));
      }
      pipeline.fill();
      if (pipeline.done()) {
        return out;
      }
      pipeline.awaitHead(100);
    }
  }

  @Test
  void multipliesAndReportsEveryBatchInOrder() throws Exception {
    SortedMap<Key,Value> table = TestTables.table(A, B);
    TestTables.C c = new TestTables.C("C");
    List<Map.Entry<Key,BatchStats>> progress = run(table, TestTables.smallBatches(), c);
    assertEquals(TestTables.multiply(A, B), TestTables.family(c.table, "C"));
    long rows = 0;
    long cBytes = 0;
    for (int i = 0; i < progress.size(); i++) {
      rows += progress.get(i).getValue().get(Counter.ROWS);
      cBytes += progress.get(i).getValue().get(Counter.C_BYTES);
      assertTrue(i == 0 || progress.get(i - 1).getKey().compareTo(progress.get(i).getKey()) < 0,
          "ascending");
    }
    assertEquals(A.size(), rows);
    assertEquals(c.table.entrySet().stream().mapToLong(e -> e.getKey().getSize()
        + e.getValue().getSize()).sum(), cBytes, "C's key and value bytes, batch by batch");
    assertEquals(table.headMap(new Key(TestTables.key(A.lastKey() + 1))).lastKey().getRow(),
        progress.get(progress.size() - 1).getKey().getRow(), "the last entry at A's last row");
  }

  /**
   * Rows whose B rows pass the batch budget (every row here: 30 B rows of ~5 entries against 600
   * bytes) are streamed, and the scan engine writes and counts them as it does panels' rows.
   */
  @Test
  void rowsStreamedPastTheBudgetAreWrittenAndCounted() throws Exception {
    var a = TestTables.random(10, 30, 1.0, 13);
    var b = TestTables.random(30, 8, 0.6, 14);
    SortedMap<Key,Value> table = TestTables.table(a, b);
    var expected = TestTables.multiply(a, b);
    TestTables.C c = new TestTables.C("C");
    long streamed = 0;
    for (var e : run(table, TestTables.smallBatches("maxBatchBytes", 600), c)) {
      streamed += e.getValue().get(Counter.STREAMED_ROWS);
    }
    assertEquals(a.size(), streamed);
    assertEquals(expected, TestTables.family(c.table, "C"));
    Map<String,Long> nnz = new TreeMap<>();
    for (var e : run(table, TestTables.smallBatches("mode", "count", "maxBatchBytes", 600), c)) {
      nnz.put(e.getKey().getRow().toString(), e.getValue().get(Counter.ROW_NNZ));
    }
    Map<String,Long> want = new TreeMap<>();
    expected.forEach((i, row) -> want.put(TestTables.key(i), (long) row.size()));
    assertEquals(want, nnz);
  }

  @Test
  void countModeEmitsEachRowsNnzAndWritesNothing() throws Exception {
    SortedMap<Key,Value> table = TestTables.table(A, B);
    TestTables.C c = new TestTables.C("C");
    var expected = TestTables.multiply(A, B);
    Map<String,Long> nnz = new TreeMap<>();
    for (Map.Entry<Key,BatchStats> e : run(table, TestTables.smallBatches("mode", "count"), c)) {
      nnz.put(e.getKey().getRow().toString(), e.getValue().get(Counter.ROW_NNZ));
    }
    Map<String,Long> want = new TreeMap<>();
    A.keySet().forEach(i -> want.put(TestTables.key(i), (long) (expected.containsKey(i)
        ? expected.get(i).size() : 0)));
    assertEquals(want, nnz);
    assertTrue(c.table.isEmpty());
  }

  @Test
  void transposeModeWritesATransposed() throws Exception {
    SortedMap<Key,Value> table = new TreeMap<>();
    var a = TestTables.random(20, 15, 0.3, 15);
    TestTables.put(table, "A", a);
    TestTables.C c = new TestTables.C("AT");
    run(table, TestTables.smallBatches("mode", "transpose", "cFamily", "AT"), c);
    TreeMap<Integer,TreeMap<Integer,Long>> t = new TreeMap<>();
    a.forEach((i, row) -> row.forEach((j, v) -> t.computeIfAbsent(j, x -> new TreeMap<>())
        .put(i, v)));
    assertEquals(t, TestTables.family(c.table, "AT"));
  }

  @Test
  void aBatchWhoseJobEndedStopsWithoutWriting() {
    SortedMap<Key,Value> table = TestTables.table(TestTables.random(20, 20, 0.3, 16),
        TestTables.random(20, 20, 0.3, 17));
    TestTables.C c = new TestTables.C("C");
    c.running.set(false);
    BadInputException e = assertThrows(BadInputException.class,
        () -> run(table, TestTables.smallBatches(), c));
    assertTrue(e.getMessage().startsWith("stopped while the batch"), e.getMessage());
    assertTrue(c.table.isEmpty(), "nothing written");
  }

  /**
   * Work whose job ends while a batch is in flight (the client cancelled, or failed elsewhere,
   * and nobody will come back for it) is stopped by the reaper: the batch, here blocked fetching
   * its B rows, is interrupted, writes nothing, and the work is no longer registered.
   */
  @Test
  void workWhoseJobEndsIsStoppedWhileItsBatchRuns() throws Exception {
    SortedMap<Key,Value> table = TestTables.table(A, B);
    MultiplySpec opts = TestTables.smallBatches();
    ColumnFamilySkippingIterator source =
        new ColumnFamilySkippingIterator(new SortedMapIterator(table));
    source.seek(new Range(), Set.of(new ArrayByteSequence("A")), true);
    MemoryBudget budget = MemoryBudget.of(opts, 1L << 30, MemoryBudget.MIN_TABLETS);
    Labels labels = new Labels(opts.cVisibility());
    CountDownLatch fetching = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    BSource blocked = (ranges, homeRow) -> {
      fetching.countDown();
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        interrupted.set(true);
        throw e;
      }
      throw new AssertionError("not interrupted");
    };
    TestTables.C c = new TestTables.C("C");
    BatchWorker worker = new BatchWorker(opts, budget, labels, blocked, null, c,
        org.spgemm.metrics.MultiplyMeters.of(org.spgemm.metrics.Engine.SCAN));
    PendingWork work = new PendingWork();
    work.hold(BatchPipelineTest.class);
    BatchPipeline pipeline = new BatchPipeline(
        new ARowReader(source, opts, budget.batchBytes(), null, labels), worker, POOL, 1, work);
    work.watch(c::jobRunning);
    String id = "job-that-ends|" + System.nanoTime();
    PendingWork.register(id, work);
    pipeline.fill();
    assertTrue(fetching.await(10, TimeUnit.SECONDS), "the batch started");
    work.resumeAfter = new Key("anywhere"); // where a resuming scan would adopt it
    assertFalse(pipeline.awaitHead(2 * PendingWork.REAP_MILLIS), "still running");
    c.running.set(false); // the job record is gone
    BadInputException e = assertThrows(BadInputException.class,
        () -> pipeline.awaitHead(10_000));
    assertTrue(e.getMessage().startsWith("stopped while the batch"), e.getMessage());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!interrupted.get() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertTrue(interrupted.get(), "the blocked fetch was interrupted");
    work.exit(BatchPipelineTest.class);
    assertNull(PendingWork.adopt(id, new Key("anywhere"), this, 0), "no longer registered");
    assertTrue(c.table.isEmpty(), "nothing written");
  }

  /**
   * A row whose B rows pass the budget streams them, possibly all of B: it asks whether it is
   * still wanted as it reads, and stops when not, before anything is written.
   */
  @Test
  void aStreamedRowStopsOnceNoLongerWanted() throws Exception {
    var a = TestTables.random(1, 300, 1.0, 21); // one row naming 300 B rows of 30 entries
    var b = TestTables.random(300, 30, 1.0, 22);
    SortedMap<Key,Value> table = TestTables.table(a, b);
    MultiplySpec opts = TestTables.smallBatches("maxBatchBytes", 5000);
    ColumnFamilySkippingIterator source =
        new ColumnFamilySkippingIterator(new SortedMapIterator(table));
    source.seek(new Range(), Set.of(new ArrayByteSequence("A")), true);
    MemoryBudget budget = MemoryBudget.of(opts, 1L << 30, MemoryBudget.MIN_TABLETS);
    Labels labels = new Labels(opts.cVisibility());
    TestTables.C c = new TestTables.C("C");
    BatchWorker worker = new BatchWorker(opts, budget, labels, new TestTables.B(table, "B"), null,
        c, org.spgemm.metrics.MultiplyMeters.of(org.spgemm.metrics.Engine.SCAN));
    ABatch batch = new ARowReader(source, opts, budget.batchBytes(), null, labels).readBatch();
    AtomicInteger asked = new AtomicInteger();
    assertThrows(CancellationException.class,
        () -> worker.forEachPiece(batch, () -> asked.incrementAndGet() < 2,
            (piece, panel, stats) -> fail("a row no longer wanted is not handed on")));
    assertEquals(2, asked.get(), "asked every 4096 B entries, stopped at the first no");
    assertTrue(c.table.isEmpty());
    // wanted throughout, the same row streams to its end
    long[] streamed = new long[1];
    worker.forEachPiece(batch, () -> true,
        (piece, panel, stats) -> streamed[0] += stats.get(Counter.STREAMED_ROWS));
    assertEquals(1, streamed[0]);
  }
}
