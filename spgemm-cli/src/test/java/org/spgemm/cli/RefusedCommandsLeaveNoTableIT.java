package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.matrix.RmatGenerator;

/**
 * Commands with a refused option or argument, pointed at a real (the shared) cluster: each exits
 * 2 with one line and leaves no table behind (issue 21: {@code ktruss --k -5} used to create M
 * and then fail, {@code multiply --engine scan --mask} to load A, B and the mask first).
 */
@ClusterTest
class RefusedCommandsLeaveNoTableIT extends CliOnSharedCluster {

  private static String g;

  @BeforeAll
  static void files() throws IOException {
    g = write("g.mtx", RmatGenerator.generate(5, 4, 3)).toString();
  }

  private static void refusedWithoutTable(String table, String expected, String... args) {
    Object[] r = onCluster(table, args);
    String err = (String) r[1];
    assertEquals(ExitCode.USAGE.code, (int) r[0], err);
    assertTrue(err.contains("spgemm: " + expected), err);
    assertEquals(1, err.lines().filter(l -> !l.isBlank()).count(), "one line: " + err);
    try (AccumuloClient client = SharedCluster.client()) {
      assertFalse(client.tableOperations().exists(table), table + " was created");
    }
  }

  @Test
  void refusedGraphCommandsCreateNoTable() {
    String out = dir.resolve("out.mtx").toString();
    refusedWithoutTable("refused_ktruss", "ktruss: k must be at least 3, not -5",
        "ktruss", "--a", g, "--k", "-5", "--out", out);
    refusedWithoutTable("refused_jaccard", "jaccard: jaccard accumulates into families it wrote"
        + " before", "jaccard", "--a", g, "--out", out, "--engine", "scan");
    refusedWithoutTable("refused_bfs", "--source 0 is not a vertex", "bfs", "--a", g, "--source",
        "0", "--out", out);
  }

  @Test
  void refusedMultiplyOptionsCreateNoTable() {
    String out = dir.resolve("c.mtx").toString();
    refusedWithoutTable("refused_accum_scan", "--engine scan writes C beside what is there",
        "multiply", "--a", g, "--out", out, "--engine", "scan", "--accum", "plus", "--c-in", g);
    refusedWithoutTable("refused_rows", "--rows 3:1: the first index 3 is after the last 1",
        "multiply", "--a", g, "--out", out, "--rows", "3:1");
    refusedWithoutTable("refused_out", "--out /proc/c.mtx: cannot create a file in /proc",
        "multiply", "--a", g, "--out", "/proc/c.mtx");
  }
}
