package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.ActiveScan;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobRecord;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * Who may make the iterator write: a user with only READ on M must not get a single entry into
 * it, B may not be read from a table the user cannot read, and no credential travels in iterator
 * options or reaches a log.
 */
@ClusterTest
class SecurityIT {

  private static final SparseMatrix A = Fixtures.random(30, 25, 0.2, 91);
  private static final SparseMatrix B = Fixtures.random(25, 20, 0.2, 92);

  /** A table with A and B loaded by root, readable by {@code reader}. */
  private static String tableReadableBy(AccumuloClient root, String reader) throws Exception {
    String table = Fixtures.loadedTable(root, "sec", A, B, List.of("15"));
    root.securityOperations().grantTablePermission(reader, table, TablePermission.READ);
    return table;
  }

  /** Every option a real run sets (as MultiplyRun writes them), with the given job id and key. */
  private static IteratorSetting realRunOptions(String job, String jobKey) {
    IteratorSetting is = ItHelpers.iteratorSetting(job, jobKey, "A", "B", "C");
    is.addOption("semiring", "PLUS_TIMES");
    is.addOption("codecA", "decimal");
    is.addOption("codecB", "decimal");
    is.addOption("codecC", "decimal");
    ItHelpers.opts(is, "batchBRows", 4096, "maxBatchRows", 4096, "maxBatchBytes", 32L << 20);
    ItHelpers.opts(is, "threads", 2, "scanThreads", 4);
    return is;
  }

  private static void assertRefusedAndUnchanged(AccumuloClient root, String table,
      Map<String,String> before, List<String> errors, String... inError) {
    assertEquals(Map.of(), Fixtures.snapshot(root, table, "C"), "not one entry in C");
    assertEquals(before, ItHelpers.snapshotAll(root, table), "table unchanged");
    assertFalse(errors.isEmpty(), "the refusal is reported");
    for (String f : inError) {
      assertTrue(errors.stream().anyMatch(x -> x.contains(f)), errors + " should mention " + f);
    }
  }

  /** A test run as a reader: root's client, the reader's, table M and its entries before. */
  private interface ReaderTest {
    void run(AccumuloClient root, AccumuloClient reader, String table, Map<String,String> before)
        throws Exception;
  }

  /**
   * Runs {@code test} as a new user with password {@code pw} and only READ on a table with A and
   * B loaded by root, where root has written the record of a RUNNING multiply {@code runningJob}
   * (unless null) before {@code before} was taken.
   */
  private static void asReader(String pw, String runningJob, ReaderTest test) throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String reader = ItHelpers.user(root, "reader", pw);
      String table = tableReadableBy(root, reader);
      if (runningJob != null) {
        ItHelpers.writeJobRecord(root, table, runningJob, JobRecord.newJobKey(), "C", table,
            MultiplySpec.Mode.MULTIPLY);
      }
      Map<String,String> before = ItHelpers.snapshotAll(root, table);
      try (AccumuloClient rc = ItHelpers.as(reader, pw)) {
        test.run(root, rc, table, before);
      }
    }
  }

  /** Iterator settings a reader attaches itself, its password, what the refusal must mention. */
  static Stream<Arguments> readerSettings() {
    return Stream.of(
        Arguments.of("a made-up job", "reader-pw-1",
            ItHelpers.iteratorSetting("made-up-job", "made-up-key", "A", "B", "C"),
            new String[] {"refused", "made-up-job"}),
        // the reader sees no job record it could borrow, so it guesses one
        Arguments.of("every option of a real run", "reader-pw-2",
            realRunOptions(java.util.UUID.randomUUID().toString(), JobRecord.newJobKey()),
            new String[] {"refused"}),
        Arguments.of("no job option", "reader-pw-4",
            ItHelpers.iteratorSetting(null, null, "A", "B", "C"), new String[0]));
  }

  @ParameterizedTest(name = "[{index}] reader with {0}")
  @MethodSource("readerSettings")
  void readerAttachingTheIteratorIsRefused(String what, String pw, IteratorSetting setting,
      String[] inError) throws Exception {
    asReader(pw, null, (root, rc, table, before) -> assertRefusedAndUnchanged(root, table,
        before, ItHelpers.attach(rc, table, setting), inError));
  }

  /**
   * While the owner's multiply is RUNNING (or after its client died), its job record is in M,
   * and any reader of M can read it. Borrowing it must not let the reader write.
   */
  @Test
  void readerCannotBorrowTheJobRecordOfARunningMultiply() throws Exception {
    String job = java.util.UUID.randomUUID().toString();
    asReader("reader-pw-3", job, (root, rc, table, before) -> {
      String seen = null;
      Map<String,String> record = null;
      try (Scanner s = rc.createScanner(table, Authorizations.EMPTY)) {
        s.fetchColumnFamily(new Text(TableLayout.META_FAMILY));
        for (Map.Entry<Key,Value> e : s) {
          String cq = e.getKey().getColumnQualifier().toString();
          if (cq.startsWith(TableLayout.JOB_PREFIX)) {
            seen = cq.substring(TableLayout.JOB_PREFIX.length());
            record = JobRecord.decode(e.getValue());
          }
        }
      }
      assertEquals(job, seen, "the reader can read the job id");
      // everything the reader can learn from the record, tried as the key; and its own
      // choice of semiring on the owner's job
      List<String> tries = new ArrayList<>(record.values());
      tries.add(job);
      for (String key : tries) {
        IteratorSetting is = realRunOptions(seen, key);
        is.addOption("semiring", "MAX_PLUS");
        List<String> errors = ItHelpers.attach(rc, table, is);
        assertRefusedAndUnchanged(root, table, before, errors, "refused");
      }
    });
  }

  @Test
  void readerCannotMultiply() throws Exception {
    asReader("reader-pw-5", null, (root, rc, table, before) -> {
      SpgemmException e = assertThrows(SpgemmException.class,
          () -> SpGEMM.multiply(rc, table, MultiplyOptions.defaults()));
      assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains("permission"),
          e.getMessage());
      assertTrue(e.getMessage().contains(table), e.getMessage());
      assertEquals(before, ItHelpers.snapshotAll(root, table), "nothing written");
    });
  }

  /**
   * Between two RPCs of the owner's scan, the iterator's work waits to be adopted by the next
   * instance that resumes after the last key returned. A reader knows the job id (it is in M)
   * and that key (the last A entry of the first batch, readable in A), but not the job key: it
   * must not be able to take that work over and write C with options of its own.
   */
  @Test
  void readerCannotTakeOverTheWorkOfARunningScan() throws Exception {
    String pw = "reader-pw-6";
    try (AccumuloClient root = SharedCluster.client()) {
      String reader = ItHelpers.user(root, "reader", pw);
      String table = Fixtures.loadedTable(root, "sec", A, B, List.of()); // one tablet
      root.securityOperations().grantTablePermission(reader, table, TablePermission.READ);
      String job = java.util.UUID.randomUUID().toString();
      String key = JobRecord.newJobKey();
      ItHelpers.writeJobRecord(root, table, job, key, "C", table,
          MultiplySpec.Mode.MULTIPLY);
      IteratorSetting owner = realRunOptions(job, key);
      ItHelpers.opts(owner, "batchBRows", 1000, "maxBatchRows", 3, "maxBatchBytes", 1 << 20);
      ItHelpers.opts(owner, "threads", 1, "scanThreads", 4); // nothing in flight between RPCs
      SparseMatrix expected = ReferenceMultiply.multiply(A, B, Semirings.PLUS_TIMES);
      List<String> errors;
      try (Scanner s1 = ItHelpers.scanA(root, table, owner, new Range())) {
        Key last = s1.iterator().next().getKey(); // the owner's scan stays open after batch 1
        try (AccumuloClient rc = ItHelpers.as(reader, pw)) {
          IteratorSetting is = realRunOptions(job, "not-the-job-key");
          is.addOption("semiring", "MAX_PLUS");
          ItHelpers.opts(is, "batchBRows", 1000, "maxBatchRows", 3, "maxBatchBytes", 1 << 20);
          // bounded: a scan that never ends must not hide what it wrote
          errors = ItHelpers.attach(rc, table, is, new Range(last, false, null, true),
              2 * A.rows());
        }
      }
      // whatever is in C was written by the owner's PLUS_TIMES batches, none by MAX_PLUS
      int foreign = 0;
      StringBuilder first = new StringBuilder();
      for (Map.Entry<String,String> e : Fixtures.snapshot(root, table, "C").entrySet()) {
        String[] rc = e.getKey().split("\\|");
        double v = Double.parseDouble(
            new String(java.util.Base64.getDecoder().decode(e.getValue()), StandardCharsets.UTF_8));
        var want = expected.get(Integer.parseInt(rc[0]), Integer.parseInt(rc[1]));
        if (want.isEmpty() || !Fixtures.close(want.getAsDouble(), v)) {
          if (foreign++ < 3) {
            first.append(" C(").append(e.getKey()).append(")=").append(v).append(" expected ")
                .append(want);
          }
        }
      }
      assertEquals(0, foreign, "C entries written with the reader's semiring:" + first);
      assertFalse(errors.isEmpty(), "the refusal is reported");
    }
  }

  /**
   * DESIGN.md: the job record "needs WRITE on M". A user with READ and WRITE on a table that is
   * already set up (TableM.create sets the nested dispatch) must be able to multiply.
   */
  @Test
  void readAndWriteAreEnoughToMultiply() throws Exception {
    String pw = "writer-pw";
    try (AccumuloClient root = SharedCluster.client()) {
      String writer = ItHelpers.user(root, "writer", pw);
      String table = Fixtures.loadedTable(root, "sec", A, B, List.of("15"));
      root.securityOperations().grantTablePermission(writer, table, TablePermission.READ);
      root.securityOperations().grantTablePermission(writer, table, TablePermission.WRITE);
      try (AccumuloClient wc = ItHelpers.as(writer, pw)) {
        ItHelpers.multiplyAndCheck(wc, table, A, B, MultiplyOptions.defaults(),
            Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      }
    }
  }

  /**
   * The owner of M lists a table it cannot read as B's table; the iterator reads B with the
   * tablet server's credentials, so it must not copy that table's data into M.
   */
  @Test
  void bTableTheUserCannotRead() throws Exception {
    String pw = "mallory-pw";
    try (AccumuloClient root = SharedCluster.client()) {
      String secret = Fixtures.uniqueTable("secret");
      TableM.create(root, secret);
      MatrixStore.load(root, secret, "B", B, KeyFormat.forSize(30), ValueCodecs.DECIMAL);
      String mallory = ItHelpers.user(root, "mallory", pw);
      root.securityOperations().grantSystemPermission(mallory, SystemPermission.CREATE_TABLE);
      try (AccumuloClient mc = ItHelpers.as(mallory, pw)) {
        assertThrows(RuntimeException.class, () -> {
          try (Scanner s = mc.createScanner(secret, Authorizations.EMPTY)) {
            s.iterator().hasNext();
          }
        }, "mallory cannot read " + secret);
        String m = Fixtures.uniqueTable("mallory");
        TableM.create(mc, m); // mallory owns M
        MatrixStore.load(mc, m, "A", A, KeyFormat.forSize(30), ValueCodecs.DECIMAL);
        String readers = "table.custom." + TableLayout.B_READERS_PROPERTY;
        assertThrows(AccumuloSecurityException.class,
            () -> mc.tableOperations().setProperty(secret, readers, m),
            "only the owner of " + secret + " may let other tables read it");
        mc.tableOperations().setProperty(m, readers, secret); // on her own table: no effect

        // through the library
        assertThrows(SpgemmException.class,
            () -> SpGEMM.multiply(mc, m, MultiplyOptions.builder().bTable(secret).build()));
        assertEquals(Map.of(), Fixtures.snapshot(mc, m, "C"), "no C through SpGEMM");

        // and by hand, with a job record mallory may write into her own table
        String key = JobRecord.newJobKey();
        ItHelpers.writeJobRecord(mc, m, "own-job", key, "C", secret,
            MultiplySpec.Mode.MULTIPLY);
        IteratorSetting is = realRunOptions("own-job", key);
        is.addOption("bTable", secret);
        List<String> errors = ItHelpers.attach(mc, m, is);
        assertEquals(Map.of(), Fixtures.snapshot(mc, m, "C"),
            "not one entry of " + secret + " copied into C (refusal: " + errors + ")");
        assertFalse(errors.isEmpty(), "the refusal is reported");
      }
    }
  }

  @Test
  void noCredentialTravelsOrIsLogged() throws Exception {
    String pw = "Zq7-alice-" + Long.toHexString(System.nanoTime()) + "-sekrit";
    // the options themselves: none is meant to carry a credential
    for (Map.Entry<String,String> o : MultiplySpec.descriptions().entrySet()) {
      String text = (o.getKey() + " " + o.getValue()).toLowerCase(Locale.ROOT);
      for (String word : new String[] {"password", "token", "secret", "credential", "keytab"}) {
        assertFalse(text.contains(word), "option " + o.getKey() + " mentions " + word);
      }
    }
    try (AccumuloClient root = SharedCluster.client()) {
      String alice = ItHelpers.user(root, "alice", pw);
      String table = Fixtures.uniqueTable("sec");
      // ten tablets of three rows, one batch each: many scans to watch, each short
      Fixtures.createAndLoad(root, table, A, B,
          ItHelpers.splitsEvery(30, 3, KeyFormat.forSize(30)));
      root.securityOperations().grantTablePermission(alice, table, TablePermission.READ);
      root.securityOperations().grantTablePermission(alice, table, TablePermission.WRITE);
      // not needed in principle (see readAndWriteAreEnoughToMultiply), but lets the run happen
      root.securityOperations().grantTablePermission(alice, table, TablePermission.ALTER_TABLE);

      // watch the iterator options of alice's scans while they run
      List<Map<String,Map<String,String>>> seen = new ArrayList<>();
      AtomicBoolean done = new AtomicBoolean();
      Thread watcher = new Thread(() -> {
        while (!done.get()) {
          try {
            for (String ts : root.instanceOperations().getTabletServers()) {
              for (ActiveScan scan : root.instanceOperations().getActiveScans(ts)) {
                if (scan.getUser().equals(alice)) {
                  synchronized (seen) {
                    seen.add(scan.getSsio());
                  }
                }
              }
            }
          } catch (Exception e) {
            // a tablet server busy or a scan ending mid-listing: look again
          }
          try {
            Thread.sleep(20); // polling pace only; nothing is asserted on timing
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "scan-watcher");
      watcher.start();
      try (AccumuloClient ac = ItHelpers.as(alice, pw)) {
        // the scan engine: its iterator options travel with alice's scans, which are watched
        // (a compaction's options go with a compaction run by the system user instead)
        ItHelpers.multiplyAndCheck(ac, table, A, B, MultiplyOptions.builder().tabletParallelism(2)
            .engine(Engine.SCAN).build(), Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      } finally {
        done.set(true);
        watcher.join();
      }
      synchronized (seen) {
        assertFalse(seen.isEmpty(), "saw alice's multiply scans");
        for (Map<String,Map<String,String>> ssio : seen) {
          assertFalse(ssio.toString().contains(pw), "password in iterator options: " + ssio);
        }
      }
      List<Path> logs;
      try (Stream<Path> s = Files.walk(SharedCluster.cluster().dir().resolve("logs"))) {
        logs = s.filter(Files::isRegularFile).toList();
      }
      assertFalse(logs.isEmpty(), "cluster logs exist");
      byte[] needle = pw.getBytes(StandardCharsets.UTF_8);
      for (Path p : logs) {
        assertFalse(contains(Files.readAllBytes(p), needle), "password found in " + p);
      }
    }
  }

  private static boolean contains(byte[] hay, byte[] needle) throws IOException {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
