package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.metrics.MultiplyMeters;

/**
 * What docs/operations.md tells an operator to type, run in Accumulo's own shell
 * ({@code org.apache.accumulo.shell.Shell}, a child JVM on the shared cluster): a running
 * compaction multiply shows in {@code listcompactions} and its job record in {@code scan -r
 * ~spgemm}; deleting the job record ({@code delete ~spgemm _spgemm job:<id>}) ends it: every pass
 * ends its C at its next check and its compaction commits, the client reports the failure, C is
 * marked FAILED and the tablet servers log and count the passes as stopped, not completed; and
 * the next multiply of the table runs. ({@code compact --cancel} while passes run can leave
 * Accumulo 2.1.4's tablets starting no user compaction again: the client waited 121 s for its
 * clearing of C, in CI and here.)
 */
@ClusterTest
class ShellWatchAndCancelIT {

  @Test
  void aCompactionMultiplyIsWatchedAndCancelledFromTheShell() throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("shell");
      SparseMatrix a = Fixtures.random(20, 20, 0.3, 7);
      SparseMatrix b = Fixtures.random(20, 20, 0.3, 8);
      Fixtures.createAndLoad(client, table, a, b, List.of("010"));
      Path dir = Files.createTempDirectory("spgemm-shell-");
      Path props = SharedCluster.clientPropertiesFile(dir, "accumulo-client.properties");
      Map<String,Double> before = ServerMeters.settled();
      Future<MultiplyResult> run = pool.submit(() -> SpGEMM.multiply(client, table,
          MultiplyOptions.builder().engine(Engine.COMPACTION)
              .semiring("class:" + StallingSemiring.class.getName()).threads(3, 4)
              .progressTimeout(Duration.ofMinutes(3)).build()));
      String job = awaitJob(client, table);
      String listing = "";
      for (int i = 0; i < 30 && !listing.contains(table); i++) {
        listing = shell(props, "listcompactions -np");
        Thread.sleep(500);
      }
      assertTrue(listing.contains(table) && listing.contains("spgemm"),
          "listcompactions shows the multiply: " + listing);
      String records = shell(props, "scan -t " + table + " -r " + TableLayout.META_ROW + " -np");
      assertTrue(records.contains(TableLayout.JOB_PREFIX + job) && records.contains("RUNNING"),
          "the job record: " + records);
      long t0 = System.nanoTime();
      shell(props, "delete " + TableLayout.META_ROW + " " + TableLayout.META_FAMILY + " "
          + TableLayout.JOB_PREFIX + job + " -t " + table);
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> run.get(200, TimeUnit.SECONDS));
      double seconds = (System.nanoTime() - t0) / 1e9;
      System.out.println("multiply ended after " + seconds + " s with: " + e.getCause());
      assertTrue(e.getCause().getMessage().contains("ended while this tablet was computing"),
          e.getCause().getMessage());
      // bounded, not timed: the clearing of C waited 120 s for tablets that would not compact
      assertTrue(seconds < 60, "the client returned after " + seconds + " s");
      assertEquals("FAILED", SpGEMM.cState(client, table, "C").get("state"));
      Map<String,Double> after = ServerMeters.settled();
      String key = MultiplyMeters.TABLETS_COMPLETED + "{engine=compaction}:count";
      assertEquals(0.0, ServerMeters.delta(before, after, key), "no tablet pass completed");
      double started = ServerMeters.delta(before, after,
          MultiplyMeters.TABLETS_STARTED + "{engine=compaction}:count");
      assertTrue(started >= 1, "passes began: " + started);
      assertEquals(started, ServerMeters.delta(before, after,
          MultiplyMeters.TABLETS_STOPPED + "{engine=compaction}:count"), "every pass stopped");
      System.out.println("meters after the cancel: " + after);
      // the tablets run user compactions again: the next multiply of the table is exact
      ItHelpers.multiplyAndCheck(client, table, a, b,
          MultiplyOptions.builder().engine(Engine.COMPACTION).build(), Semirings.PLUS_TIMES,
          ValueCodecs.DECIMAL);
    } finally {
      pool.shutdownNow();
    }
  }

  /** The id of the job running on {@code table}, once its record is there. */
  private static String awaitJob(AccumuloClient client, String table) throws Exception {
    for (int i = 0; i < 200; i++) {
      try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
        s.setRange(new Range(TableLayout.META_ROW));
        for (Map.Entry<Key,Value> x : s) {
          String q = x.getKey().getColumnQualifier().toString();
          if (q.startsWith(TableLayout.JOB_PREFIX)) {
            return q.substring(TableLayout.JOB_PREFIX.length());
          }
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no job record in " + table);
  }

  /** Runs one command in Accumulo's shell on the shared cluster; its output. */
  static String shell(Path props, String command) throws Exception {
    String cp = System.getProperty("java.class.path"); // accumulo-shell is a test dependency
    List<String> cmd = new ArrayList<>(List.of(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
        "org.apache.accumulo.shell.Shell", "--config-file", props.toString(), "-e", command));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "shell did not end: " + command);
    System.out.println("shell> " + command + "\n" + out);
    return out;
  }
}
