package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.ScanMultiplyIterator;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.metrics.MultiplyMeters;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * What operators see of a multiply (Accumulo's metrics enabled on the shared cluster, read
 * through {@link FileMeterRegistryFactory}; the tablet servers' logs): on both engines the
 * servers' meters equal what the client's result reports (partial products, C entries, B entries
 * local and remote, batches, A rows), every tablet pass begun completed, with one start and one
 * end line in the logs naming the table, and no memory budget stays leased; a scan without a job
 * counts one refusal per tablet it reaches.
 */
@ClusterTest
class OperatorMetricsIT {

  @Test
  void compactionEngineMetersMatchTheResult() throws Exception {
    MultiplyResult r = multiplyAndCompare(Engine.COMPACTION, 21);
    assertTrue(r.bEntriesLocal() > 0, "the compaction reads B rows of its own tablet: " + r);
  }

  @Test
  void scanEngineMetersMatchTheResult() throws Exception {
    multiplyAndCompare(Engine.SCAN, 22);
  }

  @Test
  void aScanWithoutAJobCountsARefusalPerTablet() throws Exception {
    String e = "engine=scan";
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("refused");
      Fixtures.createAndLoad(client, table, Fixtures.random(20, 20, 0.3, 5),
          Fixtures.random(20, 20, 0.3, 6), List.of("10"));
      Map<String,Double> before = ServerMeters.settled();
      List<String> errors = new ArrayList<>();
      IteratorSetting is = new IteratorSetting(100, "spgemm", ScanMultiplyIterator.class);
      is.addOption("mode", "multiply");
      try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
        s.fetchColumnFamily(new Text("A"));
        s.addScanIterator(is);
        for (Map.Entry<Key,Value> x : s) {
          errors.add(BatchStats.decode(x.getValue().get()).error);
        }
      }
      Map<String,Double> after = ServerMeters.settled();
      assertTrue(!errors.isEmpty() && errors.stream().allMatch(x -> x != null
          && x.contains("option 'job' is required")), "error entries: " + errors);
      assertEquals(errors.size(), delta(before, after, MultiplyMeters.TABLETS_REFUSED, e),
          "one refusal counted per error entry (one per tablet holding A rows)");
      assertEquals(0, delta(before, after, MultiplyMeters.TABLETS_STARTED, e), "nothing begun");
      assertTrue(passLines(table, "refused: ") >= 1, "a refusal line naming " + table);
    }
  }

  private static MultiplyResult multiplyAndCompare(Engine engine, long seed) throws Exception {
    String e = "engine=" + engine.name().toLowerCase(Locale.ROOT);
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(8, 8, seed);
      SparseMatrix b = RmatGenerator.generate(8, 8, seed + 100);
      String table = Fixtures.uniqueTable("meters");
      Fixtures.createAndLoad(client, table, a, b, List.of("064", "128", "192"));
      Map<String,Double> before = ServerMeters.settled();
      MultiplyResult r = SpGEMM.multiply(client, table,
          MultiplyOptions.builder().engine(engine).batchLimits(32, 4096, 32 << 20).build());
      Map<String,Double> after = ServerMeters.settled();
      SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
      Fixtures.assertSameMatrix(expected,
          MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL));
      assertEquals(expected.nnz(), r.nnzC(), "reported nnz(C)");
      assertEquals(a.partialProducts(b), r.partialProducts(), "reported partial products");

      System.out.println("meters after the " + engine + " multiply (whole run so far): " + after);
      long started = delta(before, after, MultiplyMeters.TABLETS_STARTED, e);
      long completed = delta(before, after, MultiplyMeters.TABLETS_COMPLETED, e);
      long local = delta(before, after, MultiplyMeters.B_FETCHED, e + ",from=local");
      long server = delta(before, after, MultiplyMeters.B_FETCHED, e + ",from=server");
      long remote = delta(before, after, MultiplyMeters.B_FETCHED, e + ",from=remote");
      long batches = delta(before, after, MultiplyMeters.BATCHES, e);
      System.out.println(engine + " multiply: result " + r + "; meters: tablets started "
          + started + ", completed " + completed + ", batches " + batches + ", A rows "
          + delta(before, after, MultiplyMeters.A_ROWS, e) + ", partial products "
          + delta(before, after, MultiplyMeters.PARTIAL_PRODUCTS, e) + ", C written "
          + delta(before, after, MultiplyMeters.C_WRITTEN, e) + ", B local " + local
          + ", B server " + server + ", B remote " + remote);
      assertEquals(r.partialProducts(),
          delta(before, after, MultiplyMeters.PARTIAL_PRODUCTS, e), "partial products");
      assertEquals(r.nnzC(), delta(before, after, MultiplyMeters.C_WRITTEN, e), "C written");
      assertEquals(r.bEntriesFetched(), local + server + remote, "B entries fetched");
      assertEquals(r.bEntriesLocal(), local, "B entries from the tablet's own files");
      assertEquals(r.bEntriesRemote(), remote, "B entries from other servers");
      assertEquals(r.batches(), batches, "batches");
      assertEquals(r.aRows(), delta(before, after, MultiplyMeters.A_ROWS, e), "A rows");
      assertEquals(r.get(Counter.STREAMED_ROWS), delta(before, after,
          MultiplyMeters.A_ROWS_STREAMED, e), "A rows streamed");
      assertTrue(started >= 1, "tablet passes started: " + started);
      assertEquals(started, completed, "every tablet pass begun completed");
      assertEquals(0, delta(before, after, MultiplyMeters.TABLETS_FAILED, e), "failed");
      assertEquals(0, delta(before, after, MultiplyMeters.TABLETS_REFUSED, e), "refused");
      assertEquals(completed, delta(before, after, MultiplyMeters.TABLET_DURATION, e),
          "one duration per tablet pass");
      assertEquals(batches, delta(before, after, MultiplyMeters.BATCH_DURATION, e),
          "one duration per batch");
      assertEquals(0.0, after.getOrDefault(MultiplyMeters.MEMORY_BUDGET + "{}:value", 0.0),
          "no memory budget leased once the multiply is over");
      assertEquals(0.0, after.getOrDefault(MultiplyMeters.MEMORY_LEASES + "{}:value", 0.0),
          "no lease left");
      assertEquals(started, passLines(table, e + " table=" + table + " ", ": started"),
          "one start line per tablet pass");
      assertEquals(completed, passLines(table, e + " table=" + table + " ", ": completed in"),
          "one end line per tablet pass");
      return r;
    }
  }

  /** Lines of the tablet servers' logs about {@code table} that contain every one of {@code parts}. */
  private static long passLines(String table, String... parts) throws IOException {
    Path logs = SharedCluster.cluster().dir().resolve("logs");
    long n = 0;
    try (Stream<Path> files = Files.list(logs)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("TabletServer"))
          .toList()) {
        for (String line : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
          boolean all = line.contains("spgemm job ") && line.contains("table=" + table + " ");
          for (String p : parts) {
            all &= line.contains(p);
          }
          if (all) {
            System.out.println("log: " + line);
            n++;
          }
        }
      }
    }
    return n;
  }

  /** The count (or a timer's count) {@code name{tags}} went up by between the two readings. */
  private static long delta(Map<String,Double> before, Map<String,Double> after, String name,
      String tags) {
    return Math.round(ServerMeters.delta(before, after, name + "{" + tags + "}:count"));
  }
}
