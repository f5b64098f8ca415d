package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * A real cluster of two tablet-server hosts ({@code bin/cluster up --tservers 2 --fs local}):
 * network namespaces on a private bridge, processes started through Accumulo's own entry points.
 * Multiplies through the client properties {@code bin/cluster} writes, checks C entry by entry,
 * kills one tablet server (SIGKILL, by its recorded PID) in the middle of a multiply and checks C
 * again once the multiply has finished, then takes the cluster down and checks that no
 * namespace, link or process of it is left. Needs root (CI runs as root): without it the class
 * fails, it does not skip.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class RealClusterIT {

  private static final Path ROOT = projectRoot();
  private static final Path DIR = ROOT.resolve("spgemm-client/target/real-cluster");
  private static Map<String,String> env = Map.of();
  private static final Map<String,Long> PIDS = new TreeMap<>();

  @BeforeAll
  static void up() throws Exception {
    Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    if (!Integer.valueOf(0).equals(uid)) {
      fail("RealClusterIT needs root (it runs bin/cluster, which creates network namespaces, a"
          + " bridge and veth links); this JVM runs as uid " + uid + ". Run the tests as root,"
          + " as CI does (bash .ci/run).");
    }
    Files.createDirectories(DIR);
    long t0 = System.nanoTime();
    run(300, "up", "--tservers", "2", "--fs", "local", "--heap-mb", "512");
    System.err.printf("RealClusterIT: cluster up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    env = readEnv(DIR.resolve("cluster.env"));
    for (String line : Files.readAllLines(DIR.resolve("run/pids"))) {
      String[] f = line.trim().split("\\s+");
      PIDS.put(f[1], Long.parseLong(f[0]));
    }
  }

  @AfterAll
  static void down() throws Exception {
    if (env.isEmpty()) { // up failed before writing cluster.env: still clean whatever it left
      if (Files.isDirectory(DIR)) {
        run(120, "down");
      }
      return;
    }
    run(120, "down");
    String prefix = env.get("CLUSTER_PREFIX");
    assertFalse(output("ip", "netns", "list").contains(prefix),
        "no namespace " + prefix + "-* left");
    assertFalse(output("ip", "-o", "link", "show").contains(prefix), "no link " + prefix + "* left");
    for (Map.Entry<String,Long> p : PIDS.entrySet()) {
      assertFalse(ProcessHandle.of(p.getValue()).map(ProcessHandle::isAlive).orElse(false),
          p.getKey() + " (pid " + p.getValue() + ") still running");
    }
  }

  private static AccumuloClient client() {
    return Accumulo.newClient().from(Path.of(env.get("CLUSTER_CLIENT_PROPS"))).build();
  }

  @Test
  @Order(1)
  void multipliesThroughTheClientProperties() throws Exception {
    try (AccumuloClient client = client()) {
      List<String> tservers = new ArrayList<>(client.instanceOperations().getTabletServers());
      tservers.sort(null);
      assertEquals(List.of(env.get("CLUSTER_TSERVER_IPS").split(" ")).stream()
          .map(ip -> ip + ":9997").toList(), tservers, "tablet servers at their hosts' addresses");
      SparseMatrix a = RmatGenerator.generate(10, 1);
      SparseMatrix b = RmatGenerator.generate(10, 2);
      MultiplyResult r = multiplyAndCheck(client, "real_ab10", a, b, 4, MultiplyOptions.defaults());
      assertTrue(r.partialProducts() > 0);
    }
  }

  @Test
  @Order(2)
  void survivesATabletServerKilledMidMultiply() throws Exception {
    try (AccumuloClient client = client()) {
      SparseMatrix a = RmatGenerator.generate(12, 1);
      SparseMatrix b = RmatGenerator.generate(12, 2);
      CountDownLatch started = new CountDownLatch(1);
      MultiplyOptions opts = MultiplyOptions.builder()
          .listener((total, done, tablets) -> started.countDown()).build();
      String table = "real_kill12";
      KeyFormat keys = load(client, table, a, b, 8);
      CompletableFuture<MultiplyResult> multiply =
          CompletableFuture.supplyAsync(() -> SpGEMM.multiply(client, table, opts));
      assertTrue(started.await(120, TimeUnit.SECONDS) || multiply.isDone(),
          "the multiply reported no progress in 120 s");
      assertFalse(multiply.isDone(), "the multiply finished before a tablet server was killed:"
          + " make the matrices larger");
      long victim = PIDS.get("tserver2-tserver");
      long t0 = System.nanoTime();
      assertTrue(ProcessHandle.of(victim).orElseThrow().destroyForcibly(), "SIGKILL sent");
      System.err.println("RealClusterIT: killed tserver2 (pid " + victim + ") mid-multiply");
      MultiplyResult r = multiply.get(240, TimeUnit.SECONDS);
      System.err.printf("RealClusterIT: multiply finished %.1f s after the kill: %s%n",
          (System.nanoTime() - t0) / 1e9, r);
      check(client, table, a, b, keys, r);
      assertEquals(1, client.instanceOperations().getTabletServers().size(),
          "one tablet server left");
    }
  }

  private static MultiplyResult multiplyAndCheck(AccumuloClient client, String table,
      SparseMatrix a, SparseMatrix b, int tablets, MultiplyOptions opts) {
    KeyFormat keys = load(client, table, a, b, tablets);
    MultiplyResult r = SpGEMM.multiply(client, table, opts);
    check(client, table, a, b, keys, r);
    return r;
  }

  private static KeyFormat load(AccumuloClient client, String table, SparseMatrix a,
      SparseMatrix b, int tablets) {
    KeyFormat keys = KeyFormat.forSize(Math.max(a.rows(), b.cols()));
    List<String> splits = ItHelpers.splitsEvery(a.rows(), a.rows() / tablets, keys);
    return Fixtures.createAndLoad(client, table, a, b, splits);
  }

  private static void check(AccumuloClient client, String table, SparseMatrix a, SparseMatrix b,
      KeyFormat keys, MultiplyResult r) {
    SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    SparseMatrix actual =
        MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL);
    Fixtures.assertSameMatrix(expected, actual);
    assertEquals(expected.nnz(), r.nnzC(), "reported nnz(C)");
    assertTrue(SpGEMM.isComplete(client, table, "C"), "C state COMPLETE");
  }

  /** Runs bin/cluster with {@code --dir DIR}; fails with the end of its output unless it exits 0. */
  private static void run(int seconds, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("bin/cluster").toString()));
    cmd.addAll(List.of(args));
    cmd.addAll(List.of("--dir", DIR.toString()));
    Path log = DIR.resolveSibling("real-cluster-" + args[0] + ".log");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
        .start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("bin/cluster " + args[0] + " took longer than " + seconds + " s; see " + log);
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    System.err.print(out);
    if (p.exitValue() != 0) {
      fail("bin/cluster " + String.join(" ", args) + " exited " + p.exitValue() + ": " + out);
    }
  }

  private static String output(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }

  private static Map<String,String> readEnv(Path file) throws IOException {
    Map<String,String> m = new TreeMap<>();
    for (String line : Files.readAllLines(file)) {
      int eq = line.indexOf('=');
      if (!line.startsWith("#") && eq > 0) {
        m.put(line.substring(0, eq), line.substring(eq + 1).replace("\"", ""));
      }
    }
    return m;
  }

  private static Path projectRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isRegularFile(p.resolve("bin/cluster"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException("bin/cluster not found above " + Path.of("").toAbsolutePath());
    }
    return p;
  }
}
