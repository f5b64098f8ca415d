package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.spgemm.codec.Domain;

class GraphAlgorithmsTest {

  /** A graph from (i, j) pairs, each edge stored one way with value 1.0. */
  static SparseMatrix graph(int n, int... pairs) {
    int m = pairs.length / 2;
    int[] r = new int[m];
    int[] c = new int[m];
    double[] v = new double[m];
    for (int e = 0; e < m; e++) {
      r[e] = pairs[2 * e];
      c[e] = pairs[2 * e + 1];
      v[e] = 1.0;
    }
    return SparseMatrix.fromCoordinates(n, n, r, c, v, m);
  }

  /** An INT64 matrix from (i, j, value) triples. */
  static SparseMatrix int64(int n, long... triples) {
    return Triples.int64(n, n, triples);
  }

  private static final SparseMatrix CLIQUE4 = graph(4, 0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3);

  /** A check of one random graph g, seen also as a dense undirected adjacency without loops. */
  private interface RandomGraphCheck {
    void check(long seed, SplittableRandom rnd, SparseMatrix g, boolean[][] adj);
  }

  /**
   * Runs the check on random directed graphs with self loops, reciprocal edges and stored zeros,
   * for seeds 1..seeds: n in 1..maxN-1 vertices, then the density drawn from the same generator.
   */
  private static void onRandomGraphs(int seeds, int maxN,
      ToDoubleFunction<SplittableRandom> density, RandomGraphCheck check) {
    for (long seed = 1; seed <= seeds; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      int n = rnd.nextInt(1, maxN);
      SparseMatrix g = RandomMatrices.smallIntegers(rnd, n, n, density.applyAsDouble(rnd));
      check.check(seed, rnd, g, denseUndirected(g));
    }
  }

  private static boolean[][] denseUndirected(SparseMatrix g) {
    int n = g.rows();
    boolean[][] adj = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      for (int p = g.rowStart(i); p < g.rowEnd(i); p++) {
        int j = g.colAt(p);
        if (i != j) {
          adj[i][j] = true;
          adj[j][i] = true;
        }
      }
    }
    return adj;
  }

  // --- undirected ------------------------------------------------------------------------------

  @Test
  void undirectedSymmetrizesDropsSelfLoopsAndSetsOnes() {
    // (0,1) both ways with different values, a self loop, a stored zero (2,1), a value 5 at (3,0)
    SparseMatrix g = SparseMatrix.fromCoordinates(4, 4, new int[] {0, 1, 2, 2, 3},
        new int[] {1, 0, 2, 1, 0}, new double[] {7, 3, 9, 0, 5}, 5);
    SparseMatrix expected = int64(4, 0, 1, 1, 0, 3, 1, 1, 0, 1, 1, 2, 1, 2, 1, 1, 3, 0, 1);
    SparseMatrix u = GraphAlgorithms.undirected(g);
    assertEquals(expected, u);
    assertEquals(Domain.INT64, u.domain());
    assertThrows(IllegalArgumentException.class,
        () -> GraphAlgorithms.undirected(SparseMatrix.empty(2, 3)));
  }

  @Test
  void hypersparseGraphsWork() {
    int n = 1 << 30;
    SparseMatrix g = graph(n, 5, 1_000_000, 1_000_000, 900_000_000, 900_000_000, 5);
    assertEquals(1, GraphAlgorithms.triangles(g));
    assertEquals(6, GraphAlgorithms.ktruss(g, 3).nnz());
    assertEquals(3, GraphAlgorithms.jaccard(g).nnz());
  }

  // --- triangles -------------------------------------------------------------------------------

  @Test
  void trianglesOfSmallGraphs() {
    assertEquals(4, GraphAlgorithms.triangles(CLIQUE4));
    assertEquals(4, GraphAlgorithms.triangles(CLIQUE4.transpose()));
    // the clique stored both ways, plus self loops: still 4
    assertEquals(4, GraphAlgorithms.triangles(graph(4, 0, 1, 1, 0, 0, 2, 2, 0, 0, 3, 1, 2, 1, 3,
        2, 3, 3, 2, 0, 0, 3, 3)));
    // a triangle with a pendant vertex, a path, an empty graph
    assertEquals(1, GraphAlgorithms.triangles(graph(4, 0, 1, 1, 2, 2, 0, 2, 3)));
    assertEquals(0, GraphAlgorithms.triangles(graph(4, 0, 1, 1, 2, 2, 3)));
    assertEquals(0, GraphAlgorithms.triangles(SparseMatrix.empty(0, 0)));
    assertEquals(10, GraphAlgorithms.triangles(complete(5)));
  }

  private static SparseMatrix complete(int n) {
    int[] pairs = new int[n * (n - 1)];
    int e = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        pairs[e++] = i;
        pairs[e++] = j;
      }
    }
    return graph(n, pairs);
  }

  @Test
  void trianglesAreTraceOfACubedOverSix() {
    onRandomGraphs(60, 30, rnd -> rnd.nextDouble() * 0.5, (seed, rnd, g, adj) -> {
      int n = g.rows();
      long trace = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          for (int k = 0; k < n; k++) {
            trace += adj[i][j] && adj[j][k] && adj[k][i] ? 1 : 0;
          }
        }
      }
      assertEquals(trace / 6, GraphAlgorithms.triangles(g), "seed " + seed);
    });
  }

  // --- k-truss ---------------------------------------------------------------------------------

  @Test
  void ktrussOfCliqueWithTriangleAndPendant() {
    // 4-clique {0,1,2,3}, triangle {3,4,5}, pendant edge 5-6
    SparseMatrix g = graph(7, 0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3, 3, 4, 4, 5, 3, 5, 5, 6);
    SparseMatrix k3 = GraphAlgorithms.ktruss(g, 3);
    assertEquals(Domain.INT64, k3.domain());
    assertEquals(18, k3.nnz()); // 9 edges both ways, the pendant gone
    assertEquals(2, k3.longAt(k3.rowStart(0))); // clique edges are in 2 triangles
    assertEquals(1, k3.get(3, 4).getAsDouble());
    assertEquals(1, k3.get(5, 3).getAsDouble());
    assertTrue(!k3.hasEntry(5, 6) && !k3.hasEntry(6, 5));
    SparseMatrix k4 = GraphAlgorithms.ktruss(g, 4);
    assertEquals(symmetric(7, 2, 0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3), k4);
    assertEquals(0, GraphAlgorithms.ktruss(g, 5).nnz());
    assertThrows(IllegalArgumentException.class, () -> GraphAlgorithms.ktruss(g, 2));
  }

  @Test
  void ktrussRemovalCascades() {
    // two triangles sharing edge 1-2: 1-2 has support 2, the others 1. For k = 4 the first pass
    // drops the four outer edges, which leaves 1-2 in no triangle, so the second pass drops it.
    SparseMatrix diamond = graph(4, 0, 1, 0, 2, 1, 2, 1, 3, 2, 3);
    assertEquals(0, GraphAlgorithms.ktruss(diamond, 4).nnz());
    SparseMatrix k3 = GraphAlgorithms.ktruss(diamond, 3);
    assertEquals(10, k3.nnz());
    assertEquals(2, k3.get(1, 2).getAsDouble());
    assertEquals(1, k3.get(0, 1).getAsDouble());
  }

  /** A symmetric n×n INT64 matrix with every (i,j) and (j,i) of the pairs set to value. */
  private static SparseMatrix symmetric(int n, long value, int... pairs) {
    long[] t = new long[3 * pairs.length];
    for (int e = 0; e < pairs.length / 2; e++) {
      t[6 * e] = pairs[2 * e];
      t[6 * e + 1] = pairs[2 * e + 1];
      t[6 * e + 2] = value;
      t[6 * e + 3] = pairs[2 * e + 1];
      t[6 * e + 4] = pairs[2 * e];
      t[6 * e + 5] = value;
    }
    return int64(n, t);
  }

  @Test
  void ktrussMatchesOneEdgeAtATimePeeling() {
    onRandomGraphs(60, 25, rnd -> 0.1 + rnd.nextDouble() * 0.5, (seed, rnd, g, adj) -> {
      int n = g.rows();
      int k = rnd.nextInt(3, 7);
      // The k-truss is unique, so peeling one edge at a time must end at the same subgraph.
      boolean peeled = true;
      while (peeled) {
        peeled = false;
        for (int i = 0; i < n && !peeled; i++) {
          for (int j = 0; j < n && !peeled; j++) {
            if (adj[i][j] && support(adj, i, j) < k - 2) {
              adj[i][j] = false;
              adj[j][i] = false;
              peeled = true;
            }
          }
        }
      }
      SparseMatrix truss = GraphAlgorithms.ktruss(g, k);
      assertEquals(Domain.INT64, truss.domain());
      int entries = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (adj[i][j]) {
            entries++;
            assertEquals(support(adj, i, j), truss.get(i, j).orElse(-1), "seed " + seed);
            assertTrue(support(adj, i, j) >= k - 2);
          }
        }
      }
      assertEquals(entries, truss.nnz(), "seed " + seed);
    });
  }

  private static int support(boolean[][] adj, int i, int j) {
    int s = 0;
    for (int k = 0; k < adj.length; k++) {
      s += adj[i][k] && adj[j][k] ? 1 : 0;
    }
    return s;
  }

  // --- Jaccard ---------------------------------------------------------------------------------

  @Test
  void jaccardByHand() {
    // N(0)={1,2}, N(1)={0,2}, N(2)={0,1,3}, N(3)={2}; 2 and 3 share no neighbour
    SparseMatrix g = graph(4, 0, 1, 0, 2, 1, 2, 3, 2);
    SparseMatrix expected = SparseMatrix.fromCoordinates(4, 4, new int[] {0, 0, 0, 1, 1},
        new int[] {1, 2, 3, 2, 3}, new double[] {1.0 / 3, 1.0 / 4, 1.0 / 2, 1.0 / 4, 1.0 / 2}, 5);
    assertEquals(expected, GraphAlgorithms.jaccard(g));
    // in a clique every pair shares the other n-2 vertices: (n-2) / (2(n-1) - (n-2)) = 2/4
    SparseMatrix j4 = GraphAlgorithms.jaccard(CLIQUE4);
    assertEquals(6, j4.nnz());
    for (int p = 0; p < j4.nnz(); p++) {
      assertEquals(0.5, j4.valueAt(p));
    }
  }

  @Test
  void jaccardAgainstSetsOnRandomGraphs() {
    onRandomGraphs(60, 25, rnd -> rnd.nextDouble() * 0.4, (seed, rnd, g, adj) -> {
      int n = g.rows();
      SparseMatrix jac = GraphAlgorithms.jaccard(g);
      int entries = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          int common = support(adj, i, j);
          if (i < j && common > 0) {
            entries++;
            double expected = (double) common / (degree(adj, i) + degree(adj, j) - common);
            assertEquals(expected, jac.get(i, j).orElse(-1), "seed " + seed);
          }
        }
      }
      assertEquals(entries, jac.nnz(), "seed " + seed);
    });
  }

  private static int degree(boolean[][] adj, int i) {
    int d = 0;
    for (boolean b : adj[i]) {
      d += b ? 1 : 0;
    }
    return d;
  }

  // --- BFS -------------------------------------------------------------------------------------

  @Test
  void bfsFollowsDirectedEdgesIncludingStoredZeros() {
    // path 0->1->2->3 (2->3 stored as an explicit zero), a back edge 3->0, a self loop on 1,
    // 5->0 (5 is not reachable from 0) and an isolated vertex 4
    SparseMatrix g = SparseMatrix.fromCoordinates(6, 6, new int[] {0, 1, 1, 2, 3, 5},
        new int[] {1, 1, 2, 3, 0, 0}, new double[] {1, 1, 1, 0, 1, 1}, 6);
    assertArrayEquals(new int[] {0, 1, 2, 3, -1, -1}, GraphAlgorithms.bfsLevels(g, 0));
    assertArrayEquals(new int[] {1, 2, 3, 4, -1, 0}, GraphAlgorithms.bfsLevels(g, 5));
    assertArrayEquals(new int[] {-1, -1, -1, -1, 0, -1}, GraphAlgorithms.bfsLevels(g, 4));
    assertThrows(IllegalArgumentException.class, () -> GraphAlgorithms.bfsLevels(g, 6));
    assertThrows(IllegalArgumentException.class, () -> GraphAlgorithms.bfsLevels(g, -1));
  }

  @Test
  void bfsLevelsAreShortestPathLengths() {
    onRandomGraphs(40, 30, rnd -> rnd.nextDouble() * 0.2, (seed, rnd, g, adj) -> {
      int n = g.rows();
      int source = rnd.nextInt(n);
      // Bellman-Ford style relaxation over the dense edge set
      int[] dist = new int[n];
      java.util.Arrays.fill(dist, Integer.MAX_VALUE);
      dist[source] = 0;
      for (int round = 0; round < n; round++) {
        for (int i = 0; i < n; i++) {
          for (int p = g.rowStart(i); p < g.rowEnd(i); p++) {
            if (dist[i] != Integer.MAX_VALUE && dist[i] + 1 < dist[g.colAt(p)]) {
              dist[g.colAt(p)] = dist[i] + 1;
            }
          }
        }
      }
      int[] levels = GraphAlgorithms.bfsLevels(g, source);
      for (int v = 0; v < n; v++) {
        assertEquals(dist[v] == Integer.MAX_VALUE ? -1 : dist[v], levels[v], "seed " + seed);
      }
    });
  }
}
