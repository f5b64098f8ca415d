package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.client.Algorithms;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.SpgemmException;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.GraphAlgorithms;
import org.spgemm.matrix.Multigrid;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceElementWise;
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
      // again on more edges: the first run's degrees, sums and coefficients must not leak in
      SparseMatrix grown = ReferenceElementWise.add(G, RmatGenerator.generate(8, 2, 12),
          BinaryOps.PLUS);
      MatrixStore.load(client, table, "G", GraphAlgorithms.undirected(grown), keys,
          ValueCodecs.DECIMAL);
      Algorithms.jaccard(client, table, "G", "J", keys, n, MultiplyOptions.builder(), steps);
      Fixtures.assertSameMatrix(GraphAlgorithms.jaccard(grown),
          MatrixStore.read(client, table, "J", n, n, ValueCodecs.DECIMAL));
      // BFS over the directed graph, from its highest-degree vertex
      MatrixStore.load(client, table, "D", G, keys, ValueCodecs.DECIMAL);
      int source = 0;
      for (int i = 0; i < n; i++) {
        source = G.rowNnz(i) > G.rowNnz(source) ? i : source;
      }
      int[] levels = Algorithms.bfs(client, table, "D", source, n, keys,
          MultiplyOptions.builder(), steps);
      assertArrayEquals(GraphAlgorithms.bfsLevels(G, source), levels);
      // again on a larger graph: the first run's visited set and levels must not leak in
      SparseMatrix more = RmatGenerator.generate(8, 2, 11);
      MatrixStore.load(client, table, "D", more, keys, ValueCodecs.DECIMAL);
      SparseMatrix union = ReferenceElementWise.add(G, more, BinaryOps.PLUS);
      assertArrayEquals(GraphAlgorithms.bfsLevels(union, source), Algorithms.bfs(client, table,
          "D", source, n, keys, MultiplyOptions.builder(), steps));
      // an edge written into the graph while the BFS runs fails it, naming the graph
      int i = 0;
      while (union.get(i, i).isPresent()) {
        i++;
      }
      String row = keys.encodeString(i);
      AtomicBoolean wrote = new AtomicBoolean();
      MultiplyOptions.Builder writing = MultiplyOptions.builder().listener((t, d, k) -> {
        if (wrote.compareAndSet(false, true)) {
          ItHelpers.put(client, table, row, "D", row, "1".getBytes(StandardCharsets.UTF_8));
        }
      });
      int s = source;
      SpgemmException e = assertThrows(SpgemmException.class,
          () -> Algorithms.bfs(client, table, "D", s, n, keys, writing, steps));
      assertTrue(e.getMessage().contains("(" + table + ":D) changed while the algorithm ran"),
          e.getMessage());
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
