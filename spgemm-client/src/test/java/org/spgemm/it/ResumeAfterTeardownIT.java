package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.job.JobRecord;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * When Accumulo tears the iterator down and re-seeks after the last entry it returned, the
 * multiply carries on after that batch: nothing reported is redone and C is still right.
 */
@ClusterTest
class ResumeAfterTeardownIT {

  /** The job key of the hand-written job records (the record keeps only its hash). */
  private static final String KEY = JobRecord.newJobKey();

  /** Progress entries of one scan of family A with the iterator attached. */
  private static final class Run {
    final List<Key> keys = new ArrayList<>();
    final BatchStats total = new BatchStats();

    void add(Map.Entry<Key,Value> e) {
      BatchStats s = BatchStats.decode(e.getValue().get());
      assertNull(s.error, "error entry at " + e.getKey());
      keys.add(e.getKey());
      total.add(s);
    }
  }

  /**
   * Writes the record of a RUNNING multiply {@code job} (key {@link #KEY}) into C family {@code
   * cFamily} of {@code table}; returns its iterator setting, 3 A rows per batch.
   */
  private static IteratorSetting runningJob(AccumuloClient client, String table, String job,
      String cFamily) {
    ItHelpers.writeJobRecord(client, table, job, KEY, cFamily, table, MultiplySpec.Mode.MULTIPLY);
    IteratorSetting is = ItHelpers.iteratorSetting(job, KEY, "A", "B", cFamily);
    ItHelpers.opts(is, "batchBRows", 1000, "maxBatchRows", 3, "maxBatchBytes", 1 << 20);
    return is;
  }

  /**
   * One entry per RPC, so Accumulo re-creates the iterator after every progress entry. When the
   * tablet's last batch is still in flight at such a re-creation, the multiply must still end
   * after exactly one entry per batch, in key order (bounded here, so a scan that starts over
   * fails instead of hanging).
   */
  @Test
  void lastBatchInFlightWhenTheIteratorIsRecreated() throws Exception {
    SparseMatrix a = Fixtures.random(12, 10, 0.4, 76);
    SparseMatrix b = Fixtures.random(10, 8, 0.4, 77);
    long aRows = a.nonEmptyRows();
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.loadedTable(client, "resume", a, b, List.of());
      // 3 rows per batch, 2 batches in flight
      IteratorSetting is = runningJob(client, table, "manual-3", "C");
      Run run = new Run();
      try (Scanner s = ItHelpers.scanA(client, table, is, new Range())) {
        Iterator<Map.Entry<Key,Value>> it = s.iterator();
        while (it.hasNext() && run.keys.size() <= 3 * aRows) {
          run.add(it.next());
        }
      }
      long batches = (aRows + 2) / 3;
      assertEquals(batches, run.keys.size(), "one entry per batch: " + run.keys);
      for (int k = 1; k < run.keys.size(); k++) {
        assertTrue(run.keys.get(k - 1).compareTo(run.keys.get(k)) < 0, "keys ascend: " + run.keys);
      }
      assertEquals(aRows, run.total.get(Counter.ROWS), "A rows reported once each");
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES),
          MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL));
    }
  }

  @Test
  void reseekAfterTheLastProgressEntryRedoesNoBatch() throws Exception {
    SparseMatrix a = Fixtures.random(120, 80, 0.06, 71);
    SparseMatrix b = Fixtures.random(80, 60, 0.08, 72);
    long aRows = a.nonEmptyRows();
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.loadedTable(client, "resume", a, b, List.of());
      SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);

      // interrupted: k entries, close (tear-down), then re-seek after the last key
      IteratorSetting is = runningJob(client, table, "manual-1", "C");
      Run first = new Run();
      try (Scanner s = ItHelpers.scanA(client, table, is, new Range())) {
        Iterator<Map.Entry<Key,Value>> it = s.iterator();
        for (int k = 0; k < 7; k++) {
          first.add(it.next());
        }
      }
      Key lastKey = first.keys.get(first.keys.size() - 1);
      Run second = new Run();
      try (Scanner s = ItHelpers.scanA(client, table, is,
          new Range(lastKey, false, null, true))) {
        s.forEach(second::add);
      }
      assertTrue(second.keys.get(0).compareTo(lastKey) > 0, "resumed after " + lastKey);
      assertTrue(!second.keys.get(0).getRow().equals(lastKey.getRow()),
          "resumed at the next row, not inside the last reported one");

      // uninterrupted, into another C family
      Run full = new Run();
      try (Scanner s = ItHelpers.scanA(client, table, runningJob(client, table, "manual-2",
          "Cfull"), new Range())) {
        s.forEach(full::add);
      }

      assertEquals(full.total.get(Counter.BATCHES), first.total.get(Counter.BATCHES) + second.total.get(Counter.BATCHES),
          "batches of the two halves");
      assertEquals(aRows, first.total.get(Counter.ROWS) + second.total.get(Counter.ROWS), "A rows reported, once each");
      assertEquals(aRows, full.total.get(Counter.ROWS));
      assertEquals(a.partialProducts(b), first.total.get(Counter.PRODUCTS) + second.total.get(Counter.PRODUCTS));
      assertEquals(expected.nnz(), first.total.get(Counter.C_ENTRIES) + second.total.get(Counter.C_ENTRIES));
      assertEquals((aRows + 2) / 3, full.total.get(Counter.BATCHES), "3 rows per batch");

      Fixtures.assertSameMatrix(expected,
          MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL));
      Fixtures.assertSameMatrix(expected,
          MatrixStore.read(client, table, "Cfull", a.rows(), b.cols(), ValueCodecs.DECIMAL));

      // a re-seek after the very last entry has nothing left to do
      Key finalKey = second.keys.get(second.keys.size() - 1);
      Run after = new Run();
      try (Scanner s = ItHelpers.scanA(client, table, is,
          new Range(finalKey, false, null, true))) {
        s.forEach(after::add);
      }
      assertEquals(0, after.keys.size());
    }
  }

  /**
   * DESIGN.md section 4: "every entry is written once, complete". Without the versioning
   * iterator every write of a C entry stays visible, so a plain run must show each C entry once.
   */
  @Test
  void aPlainRunWritesEachCEntryOnce() throws Exception {
    SparseMatrix a = Fixtures.random(90, 60, 0.08, 73);
    SparseMatrix b = Fixtures.random(60, 40, 0.1, 74);
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("resume");
      KeyFormat keys = Fixtures.createAndLoad(client, table, a, b, List.of());
      client.tableOperations().removeIterator(table, "vers", EnumSet.allOf(IteratorScope.class));
      MultiplyResult r = SpGEMM.multiply(client, table,
          MultiplyOptions.builder().batchLimits(1000, 3, 1 << 20).build());
      SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
      Map<String,List<Double>> versions = new TreeMap<>();
      int written = 0;
      try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
        s.fetchColumnFamily(new Text("C"));
        for (Map.Entry<Key,Value> e : s) {
          versions.computeIfAbsent(e.getKey().getRow() + "|" + e.getKey().getColumnQualifier(),
              k -> new ArrayList<>()).add(Double.parseDouble(e.getValue().toString()));
          written++;
        }
      }
      // the values are right (every version of an entry holds the same, complete value) ...
      assertEquals(expected.nnz(), versions.size(), "distinct C entries");
      for (int i = 0; i < expected.rows(); i++) {
        for (int p = expected.rowStart(i); p < expected.rowEnd(i); p++) {
          String k = keys.encodeString(i) + "|" + keys.encodeString(expected.colAt(p));
          for (double v : versions.get(k)) {
            assertTrue(Fixtures.close(expected.valueAt(p), v), "C(" + k + ") = " + v);
          }
        }
      }
      assertEquals(expected.nnz(), r.nnzC(), "reported nnz(C)");
      // ... but each was written once, not once per scan RPC that happened to compute it
      assertEquals(versions.size(), written, "C entries written (all versions) vs nnz(C) = "
          + versions.size() + " in " + r.batches() + " batches");
    }
  }

  /** Minor compactions re-create scan iterators; the multiply must resume correctly each time. */
  @Test
  void flushesDuringAMultiply() throws Exception {
    SparseMatrix a = RmatGenerator.generate(10, 16, 75);
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.loadedTable(client, "resume", a, a,
          List.of("0256", "0512", "0768"));
      AtomicBoolean done = new AtomicBoolean();
      AtomicInteger flushes = new AtomicInteger();
      AtomicReference<Throwable> flushError = new AtomicReference<>();
      Thread flusher = new Thread(() -> {
        try (AccumuloClient c = SharedCluster.client()) {
          while (!done.get()) {
            c.tableOperations().flush(table, null, null, true);
            flushes.incrementAndGet();
          }
        } catch (Throwable t) {
          flushError.set(t);
        }
      }, "flusher");
      flusher.start();
      MultiplyResult r;
      try {
        r = ItHelpers.multiplyAndCheck(client, table, a, a,
            MultiplyOptions.builder().batchLimits(64, 16, 1 << 20).build(), Semirings.PLUS_TIMES,
            ValueCodecs.DECIMAL);
      } finally {
        done.set(true);
        flusher.join();
      }
      assertNull(flushError.get(), "flusher failed");
      assertTrue(flushes.get() > 1, "flushes during the multiply: " + flushes.get());
      assertTrue(r.batches() > 50, "many batches: " + r.batches());
    }
  }
}
