package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.RmatGenerator;

/**
 * SIGTERM to {@code spgemm multiply} on an embedded cluster (a separate JVM, started as bin/spgemm
 * starts it): no stack trace, one line, and no ZooKeeper or tablet server outlives it, whether the
 * signal comes while the cluster starts or while the multiply runs.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SigtermStopsEmbeddedClusterIT {

  @TempDir
  Path dir;

  @Test
  void whileTheClusterStarts() throws Exception {
    terminate(p -> !p.toHandle().descendants().toList().isEmpty(), "first child process");
  }

  @Test
  void whileTheMultiplyRuns() throws Exception {
    terminate(p -> stderr().contains("cluster up in"), "cluster up");
  }

  private Path err() {
    return dir.resolve("stderr.txt");
  }

  private String stderr() {
    try {
      return Files.readString(err());
    } catch (IOException e) {
      return "";
    }
  }

  interface Moment {
    boolean reached(Process p);
  }

  private void terminate(Moment moment, String what) throws Exception {
    Path a = dir.resolve("a.mtx");
    MatrixMarket.write(a, RmatGenerator.generate(10, 16, 1));
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-Xmx1g", "-Djava.io.tmpdir=" + tmp, "-cp",
        System.getProperty("java.class.path"), Main.class.getName(), "multiply", "--a",
        a.toString(), "--out", dir.resolve("c.mtx").toString(), "--tservers", "1",
        "--tserver-heap-mb", "256");
    pb.environment().put("JAVA_TOOL_OPTIONS", "-Xms32m -XX:+UseSerialGC"
        + " -XX:TieredStopAtLevel=1");
    pb.redirectError(err().toFile());
    pb.redirectOutput(dir.resolve("stdout.txt").toFile());
    Process p = pb.start();
    List<ProcessHandle> children = List.of();
    try {
      assertTrue(waitFor(() -> moment.reached(p) || !p.isAlive(), 180), "reached " + what);
      assertTrue(p.isAlive(), "still running at " + what + ": " + stderr());
      children = p.toHandle().descendants().toList();
      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "exited after SIGTERM");
      assertEquals(143, p.exitValue(), "128 + SIGTERM");
    } finally {
      if (p.isAlive()) {
        p.destroyForcibly();
      }
    }
    List<ProcessHandle> kids = children;
    boolean allGone = waitFor(() -> kids.stream().noneMatch(ProcessHandle::isAlive), 60);
    kids.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    String text = stderr();
    assertTrue(allGone, "every child process (ZooKeeper, manager, tablet server) stopped; "
        + children.size() + " were running: " + text);
    assertFalse(children.isEmpty() && what.equals("cluster up") && children.size() < 2,
        "a running cluster has several processes");
    assertFalse(text.contains("\tat "), "no stack trace: " + text);
    assertFalse(text.contains("ExceptionInInitializerError"), text);
    assertTrue(text.contains("spgemm: stopped the embedded cluster (JVM shutting down)"), text);
  }

  private static boolean waitFor(BooleanSupplier condition, int seconds)
      throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < end) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(100);
    }
    return condition.getAsBoolean();
  }
}
