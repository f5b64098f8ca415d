package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Consent;
import org.spgemm.client.Engine;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.RefusedException;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.CompactionMultiplyIterator;
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobRecord;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.progress.Counter;

/**
 * The tablet servers read and write with their own rights, so the library keeps Accumulo's
 * promise itself: nothing a user can write into M grants authority over another table (a forged
 * job record, a re-created table name, Accumulo's own tables), clearing C removes entries of
 * every label, a refused multiply changes nothing, inputs changing underneath a multiply and
 * readers racing a multiply never yield a C that is not one finished product, and labels are
 * reported and carried. Each test tries the attack and checks the data entry by entry.
 */
@ClusterTest
class TrustIT {

  private static final SparseMatrix A = Fixtures.random(30, 25, 0.2, 191);
  private static final SparseMatrix B = Fixtures.random(25, 20, 0.2, 192);
  private static final KeyFormat KEYS = KeyFormat.forSize(30);

  /** Creates table M {@code table} holding {@code x} as {@code family} (KEYS, decimal values). */
  private static void createWith(AccumuloClient client, String table, String family,
      SparseMatrix x) {
    TableM.create(client, table);
    MatrixStore.load(client, table, family, x, KEYS, ValueCodecs.DECIMAL);
  }

  /** A new table M holding B, whose owner has consented to no other table's reads. */
  private static String secretB(AccumuloClient root) {
    String t = Fixtures.uniqueTable("trust_secret");
    createWith(root, t, "B", B);
    return t;
  }

  private static String key(KeyFormat keys, int i) {
    return new String(keys.encode(i), java.nio.charset.StandardCharsets.UTF_8);
  }

  /** The scan iterator of a job with every option a real run sets, plus {@code extra}. */
  private static IteratorSetting scanJob(String job, String key, Map<String,String> extra) {
    IteratorSetting is = ItHelpers.iteratorSetting(job, key, "A", "B", "C");
    is.addOption("semiring", "PLUS_TIMES");
    is.addOption("codecA", "decimal");
    is.addOption("codecB", "decimal");
    is.addOption("codecC", "decimal");
    extra.forEach(is::addOption);
    return is;
  }

  private static Map<String,String> record(String key, String bTable, String cTable) {
    Map<String,String> f = JobRecord.jobFields(JobRecord.State.RUNNING.name(), key, "C", bTable,
        "MULTIPLY", cTable);
    f.put("principal", "root"); // what earlier versions trusted: any writer of M can put it
    return f;
  }

  /**
   * A user with READ and WRITE on M only (READ on T too) forges a job record naming root and
   * C in T: the tablet servers write nothing into T, by hand or through the library, until T's
   * owner consents; then the library writes C there.
   */
  @Test
  void aForgedJobRecordWritesNothingIntoAnotherTable() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String m = Fixtures.uniqueTable("trust_m");
      Fixtures.createAndLoad(root, m, A, B, List.of("15"));
      String t = Fixtures.uniqueTable("trust_t");
      TableM.create(root, t);
      String eve = ItHelpers.user(root, "eve", "eve-pw");
      root.securityOperations().grantTablePermission(eve, m, TablePermission.READ);
      root.securityOperations().grantTablePermission(eve, m, TablePermission.WRITE);
      root.securityOperations().grantTablePermission(eve, t, TablePermission.READ);
      Map<String,String> before = ItHelpers.snapshotAll(root, t);
      try (AccumuloClient ec = ItHelpers.as(eve, "eve-pw")) {
        String key = JobRecord.newJobKey();
        ItHelpers.writeJobRecord(ec, m, "forged", record(key, m, t));
        List<String> errors = ItHelpers.attach(ec, m,
            scanJob("forged", key, Map.of("cTable", t)));
        assertEquals(before, ItHelpers.snapshotAll(root, t), "nothing written into " + t);
        assertTrue(errors.stream().anyMatch(x -> x.contains("does not let table " + m)),
            errors.toString());
        assertThrows(SpgemmException.class, () -> SpGEMM.multiply(ec, m,
            MultiplyOptions.builder().cTable(t).build()));
        assertEquals(before, ItHelpers.snapshotAll(root, t), "nothing through the library");
      }
      Consent.grant(root, t, m, Consent.Access.WRITE);
      MultiplyResult r = SpGEMM.multiply(root, m, MultiplyOptions.builder().cTable(t).build());
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(A, B, Semirings.PLUS_TIMES),
          MatrixStore.read(root, t, "C", A.rows(), B.cols(), ValueCodecs.DECIMAL));
      assertEquals(r.nnzC(), ItHelpers.count(root, t, "C"));
    }
  }

  /**
   * T consents to M's reads; M is deleted and a user who may only create tables creates a new M
   * under the same name: its jobs read nothing of T. A consent listing the name is refused
   * with a message saying consent is by id.
   */
  @Test
  void consentIsBoundToTheTableIdNotItsName() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String t = secretB(root);
      String m = Fixtures.uniqueTable("trust_m");
      TableM.create(root, m);
      Consent.grant(root, t, m, Consent.Access.READ);
      root.tableOperations().delete(m);
      String mallory = ItHelpers.user(root, "mallory", "mal-pw");
      root.securityOperations().grantSystemPermission(mallory, SystemPermission.CREATE_TABLE);
      try (AccumuloClient mc = ItHelpers.as(mallory, "mal-pw")) {
        createWith(mc, m, "A", A); // the same name, a new id
        String key = JobRecord.newJobKey();
        ItHelpers.writeJobRecord(mc, m, "own-job", record(key, t, null));
        List<String> errors = ItHelpers.attach(mc, m,
            scanJob("own-job", key, Map.of("bTable", t)));
        assertEquals(Map.of(), Fixtures.snapshot(mc, m, "C"), "nothing of " + t + " read");
        assertTrue(errors.stream().anyMatch(x -> x.contains("does not let table " + m)),
            errors.toString());
        assertThrows(SpgemmException.class, () -> SpGEMM.multiply(mc, m,
            MultiplyOptions.builder().bTable(t).build()));
        assertEquals(Map.of(), Fixtures.snapshot(mc, m, "C"), "nothing through the library");
      }
      String own = Fixtures.uniqueTable("trust_own");
      createWith(root, own, "A", A);
      root.tableOperations().setProperty(t, Consent.Access.READ.propertyName(), own);
      RefusedException e = assertThrows(RefusedException.class, () -> SpGEMM.multiply(root, own,
          MultiplyOptions.builder().bTable(t).build()));
      assertTrue(e.getMessage().contains("consent is by table id"), e.getMessage());
    }
  }

  /** Accumulo's own tables are never read or written, whatever their properties say. */
  @Test
  void accumuloTablesAreNeverReadOrWritten() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String m = Fixtures.uniqueTable("trust_sys");
      Fixtures.createAndLoad(root, m, A, B, List.of());
      String id = root.tableOperations().tableIdMap().get(m);
      String readers = Consent.Access.READ.propertyName();
      root.tableOperations().setProperty("accumulo.metadata", readers, id);
      try {
        for (MultiplyOptions o : List.of(MultiplyOptions.builder().bTable("accumulo.metadata")
            .build(), MultiplyOptions.builder().cTable("accumulo.root").build(),
            MultiplyOptions.builder().engine(Engine.COMPACTION)
                .mask("accumulo.metadata", "B", MaskMode.STRUCTURE, false).build())) {
          Map<String,String> before = ItHelpers.snapshotAll(root, m);
          SpgemmException e = assertThrows(SpgemmException.class,
              () -> SpGEMM.multiply(root, m, o));
          assertTrue(e.getMessage().contains("Accumulo's own tables"), e.getMessage());
          assertEquals(before, ItHelpers.snapshotAll(root, m), "M unchanged");
        }
        String key = JobRecord.newJobKey();
        ItHelpers.writeJobRecord(root, m, "sys-job", record(key, "accumulo.metadata", null));
        List<String> errors = ItHelpers.attach(root, m, scanJob("sys-job", key,
            Map.of("bTable", "accumulo.metadata")));
        assertEquals(Map.of(), Fixtures.snapshot(root, m, "C"));
        assertTrue(errors.stream().anyMatch(x -> x.contains("Accumulo's own tables")),
            errors.toString());
      } finally {
        root.tableOperations().removeProperty("accumulo.metadata", readers);
      }
    }
  }

  /**
   * The compaction engine by hand: a user with WRITE on M starts a compaction of M carrying the
   * multiply iterator with B in a table that never consented, or naming another table's id: the
   * passes refuse and nothing of B reaches M.
   */
  @Test
  void aCompactionByHandReadsNothingWithoutConsent() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String secret = secretB(root);
      String m = Fixtures.uniqueTable("trust_cm");
      String other = Fixtures.uniqueTable("trust_other");
      TableM.create(root, other);
      String eve = ItHelpers.user(root, "eve", "eve-pw");
      root.securityOperations().grantSystemPermission(eve, SystemPermission.CREATE_TABLE);
      try (AccumuloClient ec = ItHelpers.as(eve, "eve-pw")) {
        createWith(ec, m, "A", A);
        String mid = ec.tableOperations().tableIdMap().get(m);
        String oid = ec.tableOperations().tableIdMap().get(other);
        for (String tableOption : List.of(mid, oid)) {
          String job = "by-hand-" + tableOption;
          ItHelpers.writeJobRecord(ec, m, job, record(JobRecord.newJobKey(), secret, null));
          IteratorSetting is = new IteratorSetting(TableLayout.ITERATOR_PRIORITY,
              TableLayout.ITERATOR_NAME, CompactionMultiplyIterator.class);
          ItHelpers.opts(is, "job", job, "table", tableOption, "timestamp", 1L);
          is.addOption("bTable", secret);
          ec.tableOperations().compact(m, new CompactionConfig().setIterators(List.of(is))
              .setFlush(true).setWait(true));
          assertEquals(Map.of(), Fixtures.snapshot(ec, m, "C"), "no C from " + secret);
        }
      }
    }
  }

  /**
   * C written by the compaction engine carries A's labels, which a later runner without them
   * cannot see; that runner's multiply (scan engine) still replaces all of C, and a failed
   * multiply leaves no labelled entry behind.
   */
  @Test
  void clearingRemovesEntriesOfEveryLabel() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      root.securityOperations().changeUserAuthorizations("root", new Authorizations("secret"));
      String m = Fixtures.uniqueTable("trust_labels");
      TableM.create(root, m);
      SparseMatrix b = Fixtures.random(25, 20, 0.3, 7);
      MatrixStore.load(root, m, "B", b, KEYS, ValueCodecs.DECIMAL);
      SparseMatrix plain = writeHalfLabelledA(root, m);
      SpGEMM.multiply(root, m, MultiplyOptions.defaults());
      assertTrue(ItHelpers.entries(root, m, "C", new Authorizations("secret")).keySet().stream()
          .anyMatch(k -> k.endsWith("|secret")), "C carries A's label");
      String bob = ItHelpers.user(root, "bob", "bob-pw");
      root.securityOperations().grantTablePermission(bob, m, TablePermission.READ);
      root.securityOperations().grantTablePermission(bob, m, TablePermission.WRITE);
      try (AccumuloClient bc = ItHelpers.as(bob, "bob-pw")) {
        SpGEMM.multiply(bc, m, MultiplyOptions.builder().engine(Engine.SCAN).build());
      }
      Map<String,String> seen = ItHelpers.entries(root, m, "C", new Authorizations("secret"));
      assertTrue(seen.keySet().stream().noneMatch(k -> k.endsWith("|secret")),
          "stale labelled entries: " + seen.keySet().stream().filter(k -> k.endsWith("|secret"))
              .count());
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(plain, b, Semirings.PLUS_TIMES),
          MatrixStore.read(root, m, "C", 30, 20, ValueCodecs.DECIMAL));

      // a failing multiply (a bad value in a late row of A) after a labelled C
      SpGEMM.multiply(root, m, MultiplyOptions.defaults());
      ItHelpers.put(root, m, key(KEYS, 29), "A", key(KEYS, 0), "not-a-number".getBytes());
      assertThrows(SpgemmException.class, () -> SpGEMM.multiply(root, m,
          MultiplyOptions.builder().batchLimits(1, 1, 1 << 20).build()));
      assertEquals(Map.of(), ItHelpers.entries(root, m, "C", new Authorizations("secret")),
          "no entry of the failed C, whatever its label");
      assertEquals("FAILED", SpGEMM.cState(root, m, "C").get("state"));
    } finally {
      try (AccumuloClient root = SharedCluster.client()) {
        root.securityOperations().changeUserAuthorizations("root", Authorizations.EMPTY);
      }
    }
  }

  /** Writes A with every other row labelled "secret"; returns its unlabelled part. */
  private static SparseMatrix writeHalfLabelledA(AccumuloClient root, String m) throws Exception {
    SparseMatrix a = Fixtures.random(30, 25, 0.2, 8);
    SparseMatrix plain = ItHelpers.withoutRowsAndCols(a, oddRows(30), java.util.Set.of());
    try (BatchWriter w = root.createBatchWriter(m)) {
      for (int i = 0; i < a.rows(); i++) {
        Mutation mu = new Mutation(KEYS.encode(i));
        for (int p = a.rowPtr()[i]; p < a.rowPtr()[i + 1]; p++) {
          mu.put(new Text("A"), new Text(KEYS.encode(a.colIdx()[p])),
              new ColumnVisibility(i % 2 == 1 ? "secret" : ""),
              new Value(Long.toString((long) a.values()[p])));
        }
        if (mu.size() > 0) {
          w.addMutation(mu);
        }
      }
    }
    return plain;
  }

  private static java.util.Set<Integer> oddRows(int n) {
    java.util.Set<Integer> s = new java.util.HashSet<>();
    for (int i = 1; i < n; i += 2) {
      s.add(i);
    }
    return s;
  }

  /**
   * C2 is COMPLETE; while a compaction multiply into C runs, a compaction multiply into C2 is
   * refused (Accumulo runs one compaction with iterators per table; a scan multiply would run):
   * C2 and its state are untouched. So are they when the tablet servers refuse a job (B in a
   * table that never consented), and when overwrite(false) finds C non-empty through labels the
   * runner cannot read.
   */
  @Test
  void aRefusedMultiplyChangesNothing() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String m = Fixtures.uniqueTable("trust_refused");
      SparseMatrix a = RmatGenerator.generate(10, 16, 41);
      // 16 tablets, about 5 per server: Accumulo's manager looks again at a user compaction only
      // 500 ms x the tablets pending on one server after it starts, so the first multiply's
      // compaction (and its hold on the table) outlasts its tablets by a couple of seconds
      Fixtures.createAndLoad(root, m, a, a,
          ItHelpers.splitsEvery(a.rows(), 64, KeyFormat.forSize(a.rows())));
      SpGEMM.multiply(root, m, MultiplyOptions.builder().families("A", "B", "C2").build());
      Map<String,String> c2 = ItHelpers.snapshotAll(root, m);
      int c2Entries = ItHelpers.count(root, m, "C2");
      Map<String,String> state = SpGEMM.cState(root, m, "C2");
      assertEquals("COMPLETE", state.get("state"));
      SpgemmException[] second = new SpgemmException[1];
      // small batches on one thread: many progress reports while the first tablet still runs
      SpGEMM.multiply(root, m, MultiplyOptions.builder().threads(1).batchLimits(4, 16, 1 << 20)
          .engine(Engine.COMPACTION).listener((total, done, n) -> {
        // the first report comes while Accumulo's compaction of M still runs (the client waits
        // for it to end), whether or not its tablets are done: every server may read all of B
        // at once and finish within the first poll, but the manager has not looked again yet
        if (second[0] == null) {
          second[0] = assertThrows(RefusedException.class, () -> SpGEMM.multiply(root, m,
              MultiplyOptions.builder().families("A", "B", "C2").engine(Engine.COMPACTION)
                  .build()));
        }
      }).build());
      assertNotNull(second[0], "the listener saw the first multiply running");
      assertTrue(second[0].getMessage().contains("another multiply"), second[0].getMessage());
      // the refused second multiply did not stop the first
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES),
          MatrixStore.read(root, m, "C", a.rows(), a.cols(), ValueCodecs.DECIMAL));
      assertEquals(state, SpGEMM.cState(root, m, "C2"), "state of C2 as it was");
      Map<String,String> now = ItHelpers.snapshotAll(root, m);
      now.keySet().removeIf(k -> k.split("\\|")[1].equals("C") || k.startsWith("~"));
      c2.keySet().removeIf(k -> k.split("\\|")[1].equals("C") || k.startsWith("~"));
      assertEquals(c2, now, "C2's entries as they were");

      String noConsent = Fixtures.uniqueTable("trust_nc");
      TableM.create(root, noConsent);
      MatrixStore.load(root, noConsent, "B", a, KeyFormat.forSize(a.rows()), ValueCodecs.DECIMAL);
      for (Engine engine : Engine.values()) {
        assertThrows(RefusedException.class, () -> SpGEMM.multiply(root, m, MultiplyOptions
            .builder().engine(engine).bTable(noConsent).families("A", "B", "C2").build()));
        assertEquals(state, SpGEMM.cState(root, m, "C2"), engine + ": state of C2 as it was");
        assertEquals(c2Entries, ItHelpers.count(root, m, "C2"), engine + ": C2 as it was");
      }
    }
  }

  /** overwrite(false) sees labelled entries the runner cannot read, and changes nothing. */
  @Test
  void overwriteFalseSeesEveryLabel() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String m = Fixtures.uniqueTable("trust_nooverwrite");
      Fixtures.createAndLoad(root, m, A, B, List.of("15"));
      try (BatchWriter w = root.createBatchWriter(m)) {
        Mutation mu = new Mutation(KEYS.encode(3));
        mu.put(new Text("C"), new Text(KEYS.encode(4)), new ColumnVisibility("topsecret"),
            new Value("42"));
        w.addMutation(mu);
      }
      Map<String,String> before = ItHelpers.snapshotAll(root, m);
      RefusedException e = assertThrows(RefusedException.class, () -> SpGEMM.multiply(root, m,
          MultiplyOptions.builder().overwrite(false).build()));
      assertTrue(e.getMessage().contains("already holds entries"), e.getMessage());
      assertEquals(before, ItHelpers.snapshotAll(root, m), "M unchanged");
      assertEquals(Map.of(), SpGEMM.cState(root, m, "C"), "no state was left behind");
      root.securityOperations().changeUserAuthorizations("root",
          new Authorizations("topsecret"));
      try {
        assertEquals(1, ItHelpers.entriesOnceAuthorized(root, m, "C",
            new Authorizations("topsecret")).size());
      } finally {
        root.securityOperations().changeUserAuthorizations("root", Authorizations.EMPTY);
      }
    }
  }

  /**
   * B rewritten while a multiply runs: the multiply fails with a message saying so, and removes
   * C, instead of reporting a C that is neither A·B1 nor A·B2.
   */
  @ParameterizedTest
  @EnumSource(value = Engine.class, names = {"COMPACTION", "SCAN", "BULK"})
  void inputsChangingUnderneathAreDetected(Engine engine) throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String m = Fixtures.uniqueTable("trust_change");
      SparseMatrix a = RmatGenerator.generate(10, 16, 51);
      KeyFormat keys = Fixtures.createAndLoad(root, m, a, a, List.of("0300", "0600"));
      boolean[] written = new boolean[1];
      SpgemmException e = assertThrows(SpgemmException.class, () -> SpGEMM.multiply(root, m,
          MultiplyOptions.builder().engine(engine).listener((total, done, n) -> {
            if (!written[0]) {
              written[0] = true;
              ItHelpers.put(root, m, key(keys, 5), "B", key(keys, 7), "3".getBytes());
            }
          }).build()));
      assertTrue(e.getMessage().contains("B (" + m + ":B) changed while the multiply ran"),
          e.getMessage());
      assertEquals("FAILED", SpGEMM.cState(root, m, "C").get("state"));
      assertEquals(0, ItHelpers.count(root, m, "C"), "no C left");
    }
  }

  /**
   * A reader of C racing a multiply that rewrites C gets one finished product (the old or the
   * new) or a clear error, never a mix of both.
   */
  @Test
  void readersNeverTakeAMixedC() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String m = Fixtures.uniqueTable("trust_read");
      SparseMatrix a = RmatGenerator.generate(11, 16, 61);
      KeyFormat keys = Fixtures.createAndLoad(root, m, a, a, List.of("0500", "1000", "1500"));
      MatrixStore.load(root, m, "A2", ItHelpers.mapValues(a, v -> v + 1), keys,
          ValueCodecs.DECIMAL);
      SparseMatrix first = ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES);
      SparseMatrix second = ReferenceMultiply.multiply(ItHelpers.mapValues(a, v -> v + 1), a,
          Semirings.PLUS_TIMES);
      SpGEMM.multiply(root, m, MultiplyOptions.defaults());
      int[] outcomes = new int[3]; // first, second, refused
      java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
      Thread reader = new Thread(() -> {
        while (!done.get()) {
          try {
            SparseMatrix c = MatrixStore.read(root, m, "C", a.rows(), a.cols(),
                ValueCodecs.DECIMAL);
            if (c.equals(first)) {
              outcomes[0]++;
            } else if (c.equals(second)) {
              outcomes[1]++;
            } else {
              throw new AssertionError("a read returned a C that is neither product");
            }
          } catch (SpgemmException e) {
            outcomes[2]++;
          }
        }
      });
      Throwable[] failure = new Throwable[1];
      reader.setUncaughtExceptionHandler((t, e) -> failure[0] = e);
      reader.start();
      SpGEMM.multiply(root, m, MultiplyOptions.builder().families("A2", "B", "C").build());
      done.set(true);
      reader.join();
      assertEquals(null, failure[0], "every read was one finished product or refused");
      assertTrue(outcomes[0] + outcomes[1] + outcomes[2] > 0, "the reader read");
      Fixtures.assertSameMatrix(second, MatrixStore.read(root, m, "C", a.rows(), a.cols(),
          ValueCodecs.DECIMAL));
    }
  }

  /**
   * Labelled B entries take no part in C (the servers read B with empty authorizations): they
   * are counted and named in a warning even when the caller holds the label, and
   * refuseUnreadableLabels refuses instead.
   */
  @Test
  void unreadableLabelsOfBAreCountedOrRefused() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      root.securityOperations().changeUserAuthorizations("root", new Authorizations("secret"));
      String m = Fixtures.uniqueTable("trust_blabels");
      createWith(root, m, "A", A);
      int labelled = 0;
      List<Integer> pr = new ArrayList<>();
      List<Integer> pc = new ArrayList<>();
      List<Double> pv = new ArrayList<>();
      try (BatchWriter w = root.createBatchWriter(m)) {
        for (int j = 0; j < B.rows(); j++) {
          Mutation mu = new Mutation(KEYS.encode(j));
          for (int p = B.rowPtr()[j]; p < B.rowPtr()[j + 1]; p++) {
            boolean secret = (p % 3) == 0;
            labelled += secret ? 1 : 0;
            if (!secret) {
              pr.add(j);
              pc.add(B.colIdx()[p]);
              pv.add(B.values()[p]);
            }
            mu.put(new Text("B"), new Text(KEYS.encode(B.colIdx()[p])),
                new ColumnVisibility(secret ? "secret" : ""),
                new Value(Long.toString((long) B.values()[p])));
          }
          if (mu.size() > 0) {
            w.addMutation(mu);
          }
        }
      }
      MultiplyResult r = SpGEMM.multiply(root, m, MultiplyOptions.builder()
          .engine(Engine.COMPACTION).build());
      assertEquals(labelled, r.get(Counter.B_LABELLED));
      assertEquals(1, r.warnings().size(), r.warnings().toString());
      assertTrue(r.warnings().get(0).startsWith(labelled + " entries of B (" + m + ":B) carry"
          + " labels"), r.warnings().get(0));
      assertTrue(r.toJson().contains("\"bEntriesLabelledUnread\": " + labelled), r.toJson());
      // C = A times B's unlabelled entries, whether B's rows were read locally or by a scan
      assertTrue(r.bEntriesLocal() > 0, "B rows of the tablet read from its files: " + r);
      SparseMatrix unlabelled = SparseMatrix.fromCoordinates(B.rows(), B.cols(),
          pr.stream().mapToInt(Integer::intValue).toArray(),
          pc.stream().mapToInt(Integer::intValue).toArray(),
          pv.stream().mapToDouble(Double::doubleValue).toArray(), pr.size());
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(A, unlabelled, Semirings.PLUS_TIMES),
          MatrixStore.read(root, m, "C", A.rows(), B.cols(), ValueCodecs.DECIMAL));
      MultiplyResult scan = SpGEMM.multiply(root, m,
          MultiplyOptions.builder().engine(Engine.SCAN).build());
      assertEquals(labelled, scan.get(Counter.B_LABELLED));
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(A, unlabelled, Semirings.PLUS_TIMES),
          MatrixStore.read(root, m, "C", A.rows(), B.cols(), ValueCodecs.DECIMAL));
      Map<String,String> state = SpGEMM.cState(root, m, "C");
      SpgemmException e = assertThrows(SpgemmException.class, () -> SpGEMM.multiply(root, m,
          MultiplyOptions.builder().refuseUnreadableLabels().build()));
      assertTrue(e.getMessage().contains("refused (refuseUnreadableLabels)"), e.getMessage());
      assertEquals(state, SpGEMM.cState(root, m, "C"), "C's state as it was");
    } finally {
      try (AccumuloClient root = SharedCluster.client()) {
        root.securityOperations().changeUserAuthorizations("root", Authorizations.EMPTY);
      }
    }
  }

  /**
   * A mask entry's label reaches the C entry it lets through, so a reader without it does not
   * learn where the mask is; a complemented mask with a labelled entry is refused.
   */
  @Test
  void maskLabelsAreCarriedAndComplementsRefused() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      root.securityOperations().changeUserAuthorizations("root", new Authorizations("secret"));
      String m = Fixtures.uniqueTable("trust_mask");
      Fixtures.createAndLoad(root, m, A, B, List.of("15"));
      SparseMatrix c = ReferenceMultiply.multiply(A, B, Semirings.PLUS_TIMES);
      String labelledAt = null;
      try (BatchWriter w = root.createBatchWriter(m)) {
        for (int i = 0; i < c.rows(); i++) {
          for (int p = c.rowPtr()[i]; p < c.rowPtr()[i + 1]; p++) {
            boolean secret = labelledAt == null;
            Mutation mu = new Mutation(KEYS.encode(i));
            mu.put(new Text("MK"), new Text(KEYS.encode(c.colIdx()[p])),
                new ColumnVisibility(secret ? "secret" : ""), new Value("1"));
            w.addMutation(mu);
            labelledAt = secret ? key(KEYS, i) + "|" + key(KEYS, c.colIdx()[p]) : labelledAt;
          }
        }
      }
      SpGEMM.multiply(root, m, MultiplyOptions.builder().mask("MK", MaskMode.STRUCTURE, false)
          .build());
      Map<String,String> all = ItHelpers.entries(root, m, "C", new Authorizations("secret"));
      assertEquals(c.nnz(), all.size());
      assertTrue(all.containsKey(labelledAt + "|secret"), "the label reached C: " + labelledAt);
      Map<String,String> without = ItHelpers.entries(root, m, "C", Authorizations.EMPTY);
      assertEquals(c.nnz() - 1, without.size(), "a reader without the label misses one entry");

      Map<String,String> state = SpGEMM.cState(root, m, "C");
      SpgemmException e = assertThrows(SpgemmException.class, () -> SpGEMM.multiply(root, m,
          MultiplyOptions.builder().mask("MK", MaskMode.STRUCTURE, true).build()));
      assertTrue(e.getMessage().contains("an absence cannot carry a label"), e.getMessage());
      assertEquals(state, SpGEMM.cState(root, m, "C"), "C's state as it was");
      assertEquals(all, ItHelpers.entries(root, m, "C", new Authorizations("secret")), "C as it was");
    } finally {
      try (AccumuloClient root = SharedCluster.client()) {
        root.securityOperations().changeUserAuthorizations("root", Authorizations.EMPTY);
      }
    }
  }
}
