package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.CompactionMultiplyIterator;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobRecord;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.metrics.MultiplyMeters;
import org.spgemm.progress.Counter;

/**
 * The compaction engine (the default): C computed inside a user compaction of M equals the
 * in-memory product and the scan engine's C; B rows are fetched once per tablet; bad values,
 * refusals and hub rows end cleanly (no retry loop, A and B unchanged, C marked FAILED).
 */
@ClusterTest
class CompactionEngineIT {

  /** Every multiply here runs on the compaction engine (AUTO would pick the scan for most). */
  private static MultiplyOptions.Builder compaction() {
    return MultiplyOptions.builder().engine(Engine.COMPACTION);
  }


  @Test
  void sameCAsTheScanEngineAndTheReference() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(9, 16, 11);
      SparseMatrix b = RmatGenerator.generate(9, 16, 12);
      List<String> splits = List.of("100", "200", "300", "400");
      MultiplyResult compaction = RowByRowMultiplyIT.multiplyAndCheck(client, a, b, splits,
          compaction().batchLimits(64, 4096, 32 << 20).build());
      MultiplyResult scan = RowByRowMultiplyIT.multiplyAndCheck(client, a, b, splits,
          MultiplyOptions.builder().engine(Engine.SCAN).batchLimits(64, 4096, 32 << 20).build());
      assertEquals(scan.nnzC(), compaction.nnzC());
      assertEquals(5, compaction.tablets());
      assertTrue(compaction.batches() > 5, "several batches per tablet: " + compaction.batches());
    }
  }

  @Test
  void bRowsAreFetchedOncePerTablet() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix p = Poisson3D.generate(10, 27);
      List<String> splits = List.of("250", "500", "750");
      MultiplyOptions small = compaction().batchLimits(40, 4096, 32 << 20).build();
      MultiplyResult r = RowByRowMultiplyIT.multiplyAndCheck(client, p, p, splits, small);
      // the scan engine with a cache of one byte, which keeps nothing: each batch reads its rows
      MultiplyResult scan = RowByRowMultiplyIT.multiplyAndCheck(client, p, p, splits,
          MultiplyOptions.builder().engine(Engine.SCAN).batchLimits(40, 4096, 32 << 20)
              .cacheBytes(1).build());
      // each tablet reads a B row at most once: at most nnz(B) per tablet, far less than per batch
      assertTrue(r.bEntriesFetched() <= 4L * p.nnz(), r.bEntriesFetched() + " > 4 x " + p.nnz());
      assertTrue(r.bEntriesFetched() < scan.bEntriesFetched(),
          "cache: " + r.bEntriesFetched() + " vs per batch: " + scan.bEntriesFetched());
    }
  }

  /**
   * B rows in the tablet being compacted are read from its own files, with no scan; the rest by
   * nested scans; the scan engine reads every row by scan. C is the same either way.
   */
  @Test
  void bRowsOfTheTabletAreReadFromItsFiles() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix p = Poisson3D.generate(10, 27);
      List<String> splits = List.of("250", "500", "750");
      MultiplyResult r = RowByRowMultiplyIT.multiplyAndCheck(client, p, p, splits,
          compaction().build());
      // a banded matrix: most B rows an A row needs sit in the A row's own tablet
      assertTrue(r.bEntriesLocal() > r.bEntriesFetched() / 2, r.toString());
      assertTrue(r.bEntriesLocal() < r.bEntriesFetched(), "rows across tablet edges: " + r);
      MultiplyResult scan = RowByRowMultiplyIT.multiplyAndCheck(client, p, p, splits,
          MultiplyOptions.builder().engine(Engine.SCAN).build());
      assertEquals(0, scan.bEntriesLocal());
      MultiplyResult nested = RowByRowMultiplyIT.multiplyAndCheck(client, p, p, splits,
          compaction().localB(false).build());
      assertEquals(0, nested.bEntriesLocal());
      // every B row is needed, so each is read at least once either way; how often more depends
      // on which batches of a server miss it at the same moment (they share one fetch then)
      assertTrue(r.bEntriesFetched() >= p.nnz(), r.toString());
      assertTrue(nested.bEntriesFetched() >= p.nnz(), nested.toString());
    }
  }

  /**
   * A tablet whose final count is missing when the compaction ends (a record write lost while a
   * killed server's tablets were recovered, or a tablet Accumulo skipped) is compacted again, with
   * a warning, and C is exact. The record is taken away by hand here, while the other, slower
   * tablet still computes.
   */
  @Test
  void aTabletWithoutAFinalCountIsCompactedAgain() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(11, 16, 21);
      SparseMatrix b = RmatGenerator.generate(11, 16, 22);
      String table = Fixtures.uniqueTable("lost");
      Fixtures.createAndLoad(client, table, a, b, List.of("0010"));
      String first = ":" + JobRecord.tabletName(new Range(null, false, new Text("0010"), true));
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger deleted = new AtomicInteger();
      Thread thief = new Thread(() -> {
        while (!stop.get() && deleted.get() == 0) {
          try (Scanner s = client.createScanner(table, Authorizations.EMPTY);
              BatchWriter w = client.createBatchWriter(table)) {
            s.setRange(new Range(TableLayout.META_ROW));
            for (Map.Entry<Key,Value> e : s) {
              String q = e.getKey().getColumnQualifier().toString();
              if (q.startsWith(TableLayout.DONE_PREFIX) && q.endsWith(first)) {
                Mutation m = new Mutation(TableLayout.META_ROW);
                m.putDelete(TableLayout.META_FAMILY, q);
                w.addMutation(m);
                deleted.incrementAndGet();
              }
            }
            Thread.sleep(50);
          } catch (InterruptedException e) {
            return;
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }
      });
      thief.start();
      MultiplyResult r;
      try {
        // one thread, tiny batches: the second tablet computes for seconds after the first
        r = SpGEMM.multiply(client, table,
            compaction().threads(1).batchLimits(2, 8, 1 << 20).build());
      } finally {
        stop.set(true);
        thief.join();
      }
      assertEquals(1, deleted.get());
      assertTrue(r.warnings().stream().anyMatch(w -> w.contains("compacted again")),
          r.warnings().toString());
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES),
          MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL));
      assertTrue(SpGEMM.isComplete(client, table, "C"));
    }
  }

  @Test
  void malformedValueInAFailsCleanlyWithoutRetrying() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(30, 30, 0.2, 5);
      String table = Fixtures.loadedTable(client, "cbad", a, a, List.of("10", "20"));
      ItHelpers.put(client, table, "15", "A", "03", bytes("not-a-number"));
      Map<String,String> before = ItHelpers.snapshotAll(client, table);
      SpgemmException e = assertThrows(SpgemmException.class,
          () -> SpGEMM.multiply(client, table, compaction().build()));
      assertTrue(e.getMessage().contains("A(15, 03)") && e.getMessage().contains("not-a-number"),
          e.getMessage());
      assertEquals(Map.of(), Fixtures.snapshot(client, table, "C"), "no C left behind");
      assertEquals("FAILED", SpGEMM.cState(client, table, "C").get("state"));
      Map<String,String> after = ItHelpers.snapshotAll(client, table);
      after.keySet().removeIf(k -> k.startsWith(TableLayout.META_ROW));
      before.keySet().removeIf(k -> k.startsWith(TableLayout.META_ROW));
      assertEquals(before, after, "A and B unchanged");
      // the compaction has ended: a second multiply is not refused as "another is running"
      SpgemmException again = assertThrows(SpgemmException.class,
          () -> SpGEMM.multiply(client, table, compaction().build()));
      assertTrue(again.getMessage().contains("not-a-number"), again.getMessage());
    }
  }

  @Test
  void malformedValueInBNamesBsEntry() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(30, 30, 0.3, 6);
      String table = Fixtures.loadedTable(client, "cbadb", a, a, List.of("10"));
      ItHelpers.put(client, table, "05", "B", "07", bytes("1.2.3"));
      SpgemmException e = assertThrows(SpgemmException.class,
          () -> SpGEMM.multiply(client, table, compaction().build()));
      assertTrue(e.getMessage().contains("B(05, 07)"), e.getMessage());
      assertEquals(Map.of(), Fixtures.snapshot(client, table, "C"));
      assertFalse(SpGEMM.isComplete(client, table, "C"));
    }
  }

  @Test
  void aCRunningUnderALiveLeaseIsRefusedAndAnAbandonedOneTakenOver() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(20, 20, 0.3, 7);
      String table = Fixtures.loadedTable(client, "clease", a, a, List.of());
      long now = System.currentTimeMillis();
      ItHelpers.put(client, table, TableLayout.META_ROW, TableLayout.META_FAMILY, TableLayout.C_STATE_PREFIX + "C",
          bytes("state=RUNNING;job=other;lease=" + now));
      SpgemmException e = assertThrows(SpgemmException.class,
          () -> SpGEMM.multiply(client, table, compaction().build()));
      assertTrue(e.getMessage().contains("being written by job other"), e.getMessage());
      assertEquals(Map.of(), Fixtures.snapshot(client, table, "C"), "nothing written");
      // the other client died: its lease lapsed a minute ago
      ItHelpers.put(client, table, TableLayout.META_ROW, TableLayout.META_FAMILY, TableLayout.C_STATE_PREFIX + "C",
          bytes("state=RUNNING;job=other;lease=" + (now - 120_000)));
      assertEquals("FAILED", SpGEMM.cState(client, table, "C").get("state"), "reads as FAILED");
      SpGEMM.multiply(client, table, compaction().build());
      assertTrue(SpGEMM.isComplete(client, table, "C"));
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES),
          MatrixStore.read(client, table, "C", 20, 20, ValueCodecs.DECIMAL));
    }
  }

  @Test
  void writerOfOneTableCannotPointTheIteratorAtAnother() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(20, 20, 0.3, 8);
      String secret = Fixtures.loadedTable(root, "csecret", a, a, List.of());
      String user = Fixtures.uniqueTable("cwriter");
      root.securityOperations().createLocalUser(user, new PasswordToken("pw"));
      String own = Fixtures.uniqueTable("cown");
      TableM.create(root, own);
      for (TablePermission p : List.of(TablePermission.READ, TablePermission.WRITE)) {
        root.securityOperations().grantTablePermission(user, own, p);
      }
      try (AccumuloClient u = Accumulo.newClient()
          .from(SharedCluster.cluster().clientProperties()).as(user, new PasswordToken("pw"))
          .build()) {
        ItHelpers.put(u, own, "01", "A", "01", bytes("1"));
        // B from the secret table: it does not list `own` as a reader
        ItHelpers.writeJobRecord(u, own, "j1", "k", "C", secret,
            MultiplySpec.Mode.MULTIPLY);
        Map<String,String> ids = root.tableOperations().tableIdMap();
        compact(u, own, "j1", ids.get(own), secret);
        // the compaction of `own` names another table as the job's
        ItHelpers.writeJobRecord(u, own, "j2", "k", "C", own, MultiplySpec.Mode.MULTIPLY);
        compact(u, own, "j2", ids.get(secret), null);
      }
      assertEquals(Map.of(), Fixtures.snapshot(root, own, "C"), "nothing computed");
      List<String> errors = new ArrayList<>();
      ItHelpers.snapshotAll(root, own).forEach((k, v) -> {
        if (k.contains(TableLayout.ERROR_PREFIX)) {
          errors.add(new String(java.util.Base64.getDecoder().decode(v),
              java.nio.charset.StandardCharsets.UTF_8));
        }
      });
      assertEquals(2, errors.size(), errors.toString());
      assertTrue(errors.stream().anyMatch(x -> x.contains("does not let table " + own)), errors
          .toString());
      assertTrue(errors.stream().anyMatch(x -> x.contains("but the job runs on table " + own)),
          errors.toString());
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  private static void compact(AccumuloClient u, String table, String job, String tableOption,
      String bTable) throws Exception {
    IteratorSetting is = new IteratorSetting(100, "spgemm", CompactionMultiplyIterator.class);
    ItHelpers.opts(is, "job", job, "table", tableOption, "timestamp", 1);
    if (bTable != null) {
      is.addOption("bTable", bTable);
    }
    u.tableOperations().compact(table,
        new CompactionConfig().setIterators(List.of(is)).setFlush(true).setWait(true));
  }

  @Test
  void progressReachesAUserWithoutSystemPermission() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(9, 8, 21);
      String table = Fixtures.loadedTable(root, "cprog", a, a, List.of("100", "300"));
      String user = Fixtures.uniqueTable("cuser");
      root.securityOperations().createLocalUser(user, new PasswordToken("pw"));
      for (TablePermission p : List.of(TablePermission.READ, TablePermission.WRITE)) {
        root.securityOperations().grantTablePermission(user, table, p);
      }
      AtomicInteger calls = new AtomicInteger();
      long[] lastRows = new long[1];
      try (AccumuloClient u = Accumulo.newClient()
          .from(SharedCluster.cluster().clientProperties()).as(user, new PasswordToken("pw"))
          .build()) {
        MultiplyResult r = SpGEMM.multiply(u, table, compaction()
            .listener((total, done, tablets) -> {
              calls.incrementAndGet();
              lastRows[0] = total.get(Counter.ROWS);
            }).build());
        assertEquals(a.nonEmptyRows(), r.aRows());
        assertEquals(a.partialProducts(a), r.partialProducts());
        assertEquals(a.nonEmptyRows(), lastRows[0], "the listener saw every row");
      }
      assertTrue(calls.get() > 0);
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES),
          MatrixStore.read(root, table, "C", a.rows(), a.cols(), ValueCodecs.DECIMAL));
    }
  }

  /**
   * Two A rows whose B rows (~30 KB) pass a 10 KB batch budget are computed while those rows stream by, on
   * both engines, and C is exact; the multiply reports them.
   */
  @Test
  void rowsWhoseBRowsPassTheBudgetAreStreamed() {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(41);
    int n = 2000;
    List<int[]> entries = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      for (int e = 0; e < (i == 0 || i == 107 ? 600 : 5); e++) {
        entries.add(new int[] {i, rnd.nextInt(n)});
      }
    }
    SparseMatrix a = coordinates(200, n, entries, rnd);
    entries.clear();
    for (int j = 0; j < n; j++) {
      for (int e = 0; e < 5; e++) {
        entries.add(new int[] {j, rnd.nextInt(100)});
      }
    }
    SparseMatrix b = coordinates(n, 100, entries, rnd);
    try (AccumuloClient client = SharedCluster.client()) {
      Map<String,Double> before = ServerMeters.settled();
      for (Engine engine : new Engine[] {Engine.COMPACTION, Engine.SCAN}) {
        MultiplyResult r = RowByRowMultiplyIT.multiplyAndCheck(client, a, b, List.of("100"),
            MultiplyOptions.builder().engine(engine).batchLimits(64, 4096, 10 << 10).build());
        assertEquals(2, r.get(Counter.STREAMED_ROWS), engine + ": rows 0 and 107 streamed");
      }
      Map<String,Double> after = ServerMeters.settled();
      for (String engine : new String[] {"compaction", "scan"}) {
        assertEquals(2.0, ServerMeters.delta(before, after, MultiplyMeters.A_ROWS_STREAMED
            + "{engine=" + engine + "}:count"), "the servers' meter, " + engine);
      }
      // the symbolic count (B's columns only, no values fetched) streams them too, exactly
      String table = Fixtures.uniqueTable("streamcount");
      var keys = Fixtures.createAndLoad(client, table, a, b, List.of("100"));
      Map<String,Long> counts = SpGEMM.countRowNnz(client, table,
          MultiplyOptions.builder().batchLimits(64, 4096, 10 << 10).build());
      SparseMatrix c = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES); // values 1-9
      for (int i = 0; i < a.rows(); i++) {
        assertEquals(c.rowNnz(i), counts.getOrDefault(keys.encodeString(i), 0L), "row " + i);
      }
    } catch (java.io.IOException | InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /** A matrix of the given (row, column) entries, duplicates summed, random values 1-9. */
  private static SparseMatrix coordinates(int rows, int cols, List<int[]> entries,
      java.util.SplittableRandom rnd) {
    int[] r = new int[entries.size()];
    int[] c = new int[entries.size()];
    double[] v = new double[entries.size()];
    for (int k = 0; k < r.length; k++) {
      r[k] = entries.get(k)[0];
      c[k] = entries.get(k)[1];
      v[k] = 1 + rnd.nextInt(9);
    }
    return SparseMatrix.fromCoordinates(rows, cols, r, c, v, r.length);
  }

  @Test
  void hubRowsOfTwoHundredThousandEntriesFinishOnSmallServers() {
    int hub = 200_000;
    // A row 0 refers to every row of B; B row 1 holds an entry in every column, the others one
    int[] ar = new int[hub];
    int[] ac = new int[hub];
    double[] av = new double[hub];
    for (int j = 0; j < hub; j++) {
      ac[j] = j;
      av[j] = 1 + j % 3;
    }
    int[] br = new int[2 * hub];
    int[] bc = new int[2 * hub];
    double[] bv = new double[2 * hub];
    int m = 0;
    for (int j = 0; j < hub; j++) {
      if (j != 1) {
        br[m] = j;
        bc[m] = j % 997;
        bv[m++] = 2;
      }
    }
    for (int k = 0; k < hub; k++) {
      br[m] = 1;
      bc[m] = k;
      bv[m++] = 3;
    }
    SparseMatrix a = SparseMatrix.fromCoordinates(hub, hub, ar, ac, av, hub);
    SparseMatrix b = SparseMatrix.fromCoordinates(hub, hub, br, bc, bv, m);
    try (AccumuloClient client = SharedCluster.client()) {
      RowByRowMultiplyIT.multiplyAndCheck(client, a, b, List.of("100000"),
          compaction().build());
    }
  }
}
