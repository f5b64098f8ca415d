package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.Semirings;
import org.spgemm.algebra.UnaryOps;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.matrix.GraphAlgorithms;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.ReferenceElementWise;
import org.spgemm.matrix.ReferenceMxm;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * The vector and element-wise commands on families of a table already in Accumulo, and bfs
 * --parents, run as bin/spgemm runs them on the shared cluster; results read back from the table
 * and compared with the in-memory references.
 */
@ClusterTest
class ElementWiseCommandsIT extends CliOnSharedCluster {

  private static final SparseMatrix A = RmatGenerator.generate(5, 4, 11); // 32x32
  private static final SparseMatrix B = RmatGenerator.generate(5, 4, 12);

  private static void assertSame(SparseMatrix expected, SparseMatrix actual) {
    MatrixComparison c = MatrixComparison.compare(expected, actual, 1e-9);
    assertTrue(c.equal(), String.join("; ", c.firstDifferences()));
  }

  @Test
  void commandsOnFamiliesOfATable() {
    int n = A.rows();
    KeyFormat keys = KeyFormat.forSize(n);
    String table = "cliewise";
    try (AccumuloClient client = SharedCluster.client()) {
      TableM.create(client, table, List.of("A", "B"), List.of(keys.encodeString(n / 2)));
      MatrixStore.load(client, table, "A", A, keys, ValueCodecs.DECIMAL);
      MatrixStore.load(client, table, "B", B, keys, ValueCodecs.DECIMAL);
      String s = succeed(table, "ewise-add", "--a-family", "A", "--b-family", "B",
          "--c-family", "S", "--op", "minus");
      SparseMatrix sum = ReferenceElementWise.add(A, B, BinaryOps.MINUS);
      assertTrue(s.contains(sum.nnz() + " entries written into family S"), s);
      assertSame(sum, MatrixStore.read(client, table, "S", n, n, ValueCodecs.DECIMAL));
      succeed(table, "ewise-mult", "--a-family", "A", "--b-family", "B", "--c-family", "P",
          "--op", "times");
      assertSame(ReferenceElementWise.mult(A, B, BinaryOps.TIMES),
          MatrixStore.read(client, table, "P", n, n, ValueCodecs.DECIMAL));
      succeed(table, "apply", "--a-family", "A", "--c-family", "N", "--op", "negate");
      assertSame(ReferenceElementWise.apply(A, UnaryOps.AINV),
          MatrixStore.read(client, table, "N", n, n, ValueCodecs.DECIMAL));
      succeed(table, "apply", "--a-family", "A", "--c-family", "T", "--op", "minus",
          "--scalar", "3", "--scalar-first");
      assertSame(ReferenceElementWise.applyBound(A, BinaryOps.MINUS, 3, true),
          MatrixStore.read(client, table, "T", n, n, ValueCodecs.DECIMAL));
      String total = succeed(table, "reduce", "--a-family", "A", "--monoid", "plus");
      assertTrue(total.contains(Double.toString(ReferenceElementWise.reduce(A, Semirings.PLUS))),
          total);
      int r = 1;
      String row = keys.encodeString(r);
      succeed(table, "vxm", "--u-family", "A", "--row", row, "--a-family", "B", "--c-family",
          "W", "--semiring", "min-plus");
      SparseMatrix u = A.transpose().transpose(); // a copy; only row r is taken below
      SparseMatrix expected = ReferenceMxm.mxm(null, null, null, false, null,
          Semirings.MIN_PLUS, u, B, false, false, false, new int[] {r, r}, null, Domain.FP64);
      SparseMatrix w = MatrixStore.read(client, table, "W", n, n, ValueCodecs.DECIMAL);
      for (int j = 0; j < n; j++) {
        assertEquals(expected.get(r, j), w.get(r, j), "w(" + j + ")");
      }
      assertEquals(expected.nnz(), w.nnz());
    }
  }

  @Test
  void bfsParents() throws IOException {
    SparseMatrix g = RmatGenerator.generate(6, 6, 8);
    Path parents = dir.resolve("parents.txt");
    String s = succeed("clibfsp", "bfs", "--a", write("g.mtx", g).toString(), "--source", "2",
        "--parents", "--out", parents.toString(), "--verify");
    assertTrue(s.contains("agrees"), s);
    int[] expected = GraphAlgorithms.bfsParents(g, 1);
    List<String> lines = Files.readAllLines(parents);
    assertEquals(java.util.Arrays.stream(expected).filter(p -> p >= 0).count(), lines.size());
    for (String line : lines) {
      String[] f = line.split(" ");
      assertEquals(expected[Integer.parseInt(f[0]) - 1] + 1, Integer.parseInt(f[1]), line);
    }
  }
}
