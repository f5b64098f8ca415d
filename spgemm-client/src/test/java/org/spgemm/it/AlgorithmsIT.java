package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.spgemm.client.Algorithms;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.GraphAlgorithms;
import org.spgemm.matrix.Multigrid;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * Triangles, k-truss, Jaccard, BFS and Galerkin as sequences of multiplies on the cluster,
 * against the plain in-memory references of {@link GraphAlgorithms} and {@link Multigrid}, on a
 * skewed R-MAT graph and a Poisson stencil.
 */
@ClusterTest
class AlgorithmsIT {

  /** A skewed (R-MAT) directed graph with 256 vertices. */
  private static final SparseMatrix G = RmatGenerator.generate(8, 6, 7);

  private static String load(AccumuloClient client, String family, SparseMatrix m, KeyFormat keys) {
    String table = Fixtures.uniqueTable("algo");
    TableM.create(client, table, List.of(family), List.of(keys.encodeString(m.rows() / 3),
        keys.encodeString(2 * m.rows() / 3)));
    MatrixStore.load(client, table, family, m, keys, ValueCodecs.DECIMAL);
    return table;
  }

  /** The strict lower triangle of {@code g}, every value 1. */
  private static SparseMatrix lower(SparseMatrix g) {
    return ItHelpers.mapValues(ItHelpers.entriesWhere(g, (i, j, v) -> j < i), v -> 1);
  }

  @Test
  void trianglesAndKtruss() {
    SparseMatrix u = GraphAlgorithms.undirected(G);
    KeyFormat keys = KeyFormat.forSize(u.rows());
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, "L", lower(u), keys);
      Algorithms.Steps steps = new Algorithms.Steps();
      long t = Algorithms.triangles(client, table, "L", "T", MultiplyOptions.builder(), steps);
      assertEquals(GraphAlgorithms.triangles(G), t);
      assertTrue(t > 0, "the graph has triangles");
      MatrixStore.load(client, table, "G", u, keys, ValueCodecs.DECIMAL);
      for (int k : new int[] {3, 4}) {
        String f = Algorithms.ktruss(client, table, "G", k, MultiplyOptions.builder(), steps);
        SparseMatrix expected = GraphAlgorithms.ktruss(G, k);
        Fixtures.assertSameMatrix(expected,
            MatrixStore.read(client, table, f, u.rows(), u.cols(), ValueCodecs.DECIMAL));
      }
    }
  }

  @Test
  void jaccardAndBfs() {
    SparseMatrix u = GraphAlgorithms.undirected(G);
    int n = u.rows();
    KeyFormat keys = KeyFormat.forSize(n);
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, "G", u, keys);
      Algorithms.Steps steps = new Algorithms.Steps();
      Algorithms.jaccard(client, table, "G", "J", keys, n, MultiplyOptions.builder(), steps);
      Fixtures.assertSameMatrix(GraphAlgorithms.jaccard(G),
          MatrixStore.read(client, table, "J", n, n, ValueCodecs.DECIMAL));
      assertEquals(7, steps.multiplies.size(), "multiplies of Jaccard");
      // BFS over the directed graph, from its highest-degree vertex
      MatrixStore.load(client, table, "D", G, keys, ValueCodecs.DECIMAL);
      int source = 0;
      for (int i = 0; i < n; i++) {
        source = G.rowNnz(i) > G.rowNnz(source) ? i : source;
      }
      int[] levels = Algorithms.bfs(client, table, "D", source, n, keys,
          MultiplyOptions.builder(), steps);
      assertArrayEquals(GraphAlgorithms.bfsLevels(G, source), levels);
    }
  }

  @Test
  void galerkinCoarseOperator() {
    SparseMatrix a = Poisson3D.generate(6, 27);
    SparseMatrix p = Multigrid.piecewiseConstantP(6, 2);
    KeyFormat keys = KeyFormat.forSize(a.rows());
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, "A", a, keys);
      MatrixStore.load(client, table, "P", p, keys, ValueCodecs.DECIMAL);
      Algorithms.galerkin(client, table, "A", "P", "C", MultiplyOptions.builder(),
          new Algorithms.Steps());
      Fixtures.assertSameMatrix(Multigrid.galerkin(a, p),
          MatrixStore.read(client, table, "C", p.cols(), p.cols(), ValueCodecs.DECIMAL));
    }
  }
}
