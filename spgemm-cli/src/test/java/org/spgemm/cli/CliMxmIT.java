package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.matrix.GraphAlgorithms;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.ReferenceMxm;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * The mxm flags of {@code multiply} and the algorithm subcommands, run as bin/spgemm runs them
 * against the shared cluster, their outputs compared with the in-memory references.
 */
@ClusterTest
class CliMxmIT extends CliOnSharedCluster {

  private static int tables;

  /** Runs the command line on a new table; fails unless it exits 0; returns stdout and stderr. */
  private static String run(String... args) {
    return succeed("climxm" + ++tables, args);
  }

  private static void assertSame(SparseMatrix expected, Path actual) throws IOException {
    MatrixComparison c = MatrixComparison.compare(expected, MatrixMarket.read(actual), 1e-9);
    assertTrue(c.equal(), String.join("; ", c.firstDifferences()));
  }

  @Test
  void maskAccumulatorAndStoredCFromFiles() throws IOException {
    SparseMatrix a = RmatGenerator.generate(6, 4, 3);
    SparseMatrix mask = RmatGenerator.generate(6, 8, 4);
    SparseMatrix c0 = RmatGenerator.generate(6, 2, 5);
    Path out = dir.resolve("c1.mtx");
    run("multiply", "--a", write("a1.mtx", a).toString(), "--out", out.toString(), "--mask",
        write("m1.mtx", mask).toString(), "--mask-structure", "--mask-complement", "--accum",
        "max", "--c-in", write("c0.mtx", c0).toString(), "--replace");
    assertSame(ReferenceMxm.mxm(c0, mask, MaskMode.STRUCTURE, true, BinaryOps.MAX,
        Semirings.PLUS_TIMES, a, a, true, Domain.FP64), out);
  }

  @Test
  void transposesAndSubsets() throws IOException {
    SparseMatrix a = RmatGenerator.generate(6, 4, 6); // 64x64
    SparseMatrix b = RmatGenerator.generate(6, 4, 7);
    Path out = dir.resolve("c2.mtx");
    run("multiply", "--a", write("a2.mtx", a).toString(), "--b", write("b2.mtx", b).toString(),
        "--out", out.toString(), "--transpose-a", "--rows", "3:40", "--cols", ":50");
    assertSame(ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a, b, true,
        false, false, new int[] {2, 39}, new int[] {0, 49}, Domain.FP64), out);
  }

  @Test
  void aSquareIsLoadedOnceAndTransposedOnceForBothSides() throws Exception {
    SparseMatrix a = RmatGenerator.generate(6, 4, 9); // 64x64
    Path out = dir.resolve("c3.mtx");
    String table = "climxm" + ++tables;
    String log = succeed(table, "multiply", "--a", write("a3.mtx", a).toString(), "--out",
        out.toString(), "--transpose-a", "--transpose-b", "--tablets", "3");
    assertTrue(log.contains("B = A (stored once)"), log);
    assertSame(ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a, a, true,
        true, false, null, null, Domain.FP64), out);
    try (AccumuloClient client = SharedCluster.client()) {
      assertEquals(0, stored(client, table, "B").size(), "family B");
      assertEquals(0, stored(client, table, "B^T").size(), "family B^T");
      assertEquals(a.nnz(), stored(client, table, "A").size(), "family A");
      assertEquals(a.nnz(), stored(client, table, "A^T").size(), "family A^T");
    }
    Path out2 = dir.resolve("c4.mtx"); // A'·A: B is A itself, not its transpose
    run("multiply", "--a", dir.resolve("a3.mtx").toString(), "--out", out2.toString(),
        "--transpose-a");
    assertSame(ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a, a, true,
        false, false, null, null, Domain.FP64), out2);
  }

  @Test
  void algorithmCommandsVerifyAgainstTheReferences() throws IOException {
    SparseMatrix g = RmatGenerator.generate(7, 6, 8);
    Path gf = write("g.mtx", g);
    String tri = run("triangles", "--a", gf.toString(), "--verify");
    assertTrue(tri.contains("triangles: " + GraphAlgorithms.triangles(g)), tri);
    assertTrue(tri.contains("in-memory reference") && tri.contains("agrees"), tri);
    Path levels = dir.resolve("levels.txt");
    run("bfs", "--a", gf.toString(), "--source", "1", "--out", levels.toString(), "--verify");
    int[] expected = GraphAlgorithms.bfsLevels(g, 0);
    long reached = java.util.Arrays.stream(expected).filter(l -> l >= 0).count();
    assertEquals(reached, Files.readAllLines(levels).size());
    Path t = dir.resolve("t.mtx");
    Path stats = dir.resolve("kt.json");
    run("ktruss", "--a", gf.toString(), "--k", "3", "--out", t.toString(), "--stats",
        stats.toString());
    assertSame(GraphAlgorithms.ktruss(g, 3), t);
    assertTrue(Files.readString(stats).contains("\"multiplies\""));
  }
}
