package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.spgemm.algebra.Semirings;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * {@code spgemm embedded up} leaves a cluster running in a JVM of its own; a multiply runs on it
 * through {@code -c}, with the same C as the in-memory reference; {@code embedded down} stops it
 * and every process it started (ZooKeeper, manager, tablet servers).
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class EmbeddedUpDownIT {

  @TempDir
  Path tmp;

  @Test
  void upMultiplyDown() throws Exception {
    Path d = tmp.resolve("embedded");
    String[] dir = {"--dir", d.toString()};
    Object[] up = BadInputCasesTest.run("embedded", "up", "--dir", d.toString(), "--tservers",
        "1", "--tserver-heap-mb", "384");
    Optional<ProcessHandle> daemon = Optional.empty();
    try {
      assertEquals(0, (int) up[0], (String) up[1]);
      Path props = d.resolve("accumulo-client.properties");
      assertEquals(props.toString(), ((String) up[2]).trim());
      long pid = Long.parseLong(Files.readString(d.resolve("embedded.pid")).trim());
      daemon = ProcessHandle.of(pid);
      assertTrue(daemon.isPresent() && daemon.get().isAlive(), "daemon " + pid + " runs");
      assertTrue(((String) up[1]).contains("-c " + props), (String) up[1]);
      List<ProcessHandle> children = daemon.get().descendants().toList();
      assertTrue(children.size() >= 3, "ZooKeeper, manager, tablet server: " + children.size());

      Object[] again = BadInputCasesTest.run("embedded", "up", "--dir", d.toString());
      assertEquals(ExitCode.USAGE.code, (int) again[0], (String) again[1]);
      assertTrue(((String) again[1]).contains("already running in " + d + " (pid " + pid + ")"),
          (String) again[1]);
      assertEquals(0, (int) BadInputCasesTest.run(concat("embedded", "status", dir))[0]);

      SparseMatrix a = RmatGenerator.generate(6, 4, 11);
      Path aFile = tmp.resolve("a.mtx");
      MatrixMarket.write(aFile, a);
      Path out = tmp.resolve("c.mtx");
      Object[] mul = BadInputCasesTest.run("multiply", "-c", props.toString(), "--table", "M",
          "--a", aFile.toString(), "--out", out.toString());
      assertEquals(0, (int) mul[0], (String) mul[1]);
      assertFalse(((String) mul[1]).contains("starting an embedded"), (String) mul[1]);
      MatrixComparison c = MatrixComparison.compare(ReferenceMultiply.multiply(a, a,
          Semirings.PLUS_TIMES), MatrixMarket.read(out), 1e-9);
      assertTrue(c.equal(), String.join("; ", c.firstDifferences()));

      Object[] down = BadInputCasesTest.run(concat("embedded", "down", dir));
      assertEquals(0, (int) down[0], (String) down[1]);
      assertFalse(daemon.get().isAlive(), "daemon stopped");
      for (ProcessHandle child : children) {
        assertFalse(child.isAlive(), "child " + child.pid() + " stopped: "
            + child.info().command().orElse("?"));
      }
      assertFalse(Files.exists(d.resolve("embedded.pid")), "PID file removed");
      assertFalse(Files.exists(props), "client properties removed");
      assertFalse(Files.exists(d.resolve("cluster")), "cluster directory deleted");
      assertTrue(Files.readString(d.resolve("embedded.log"), StandardCharsets.UTF_8)
          .contains("spgemm-embedded: stopped"));

      Object[] none = BadInputCasesTest.run(concat("embedded", "down", dir));
      assertEquals(0, (int) none[0], (String) none[1]);
      assertTrue(((String) none[1]).contains("no embedded cluster running in " + d),
          (String) none[1]);
      assertEquals(ExitCode.CLUSTER.code,
          (int) BadInputCasesTest.run(concat("embedded", "status", dir))[0]);
    } finally {
      daemon.filter(ProcessHandle::isAlive).ifPresent(h -> {
        h.destroy(); // a failed assertion must not leave the cluster running
        h.onExit().join();
      });
    }
  }

  private static String[] concat(String a, String b, String[] rest) {
    String[] all = new String[rest.length + 2];
    all[0] = a;
    all[1] = b;
    System.arraycopy(rest, 0, all, 2, rest.length);
    return all;
  }
}
