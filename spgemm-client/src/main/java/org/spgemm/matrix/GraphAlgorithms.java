package org.spgemm.matrix;

import java.util.Arrays;

/**
 * Plain in-memory references for the graph algorithms that the cluster computes with masked
 * products: triangle count, k-truss, Jaccard similarity and breadth-first levels. Each is written
 * directly over sorted adjacency lists (merges of two sorted rows, a queue), never through
 * {@link ReferenceMxm} or {@link ReferenceMultiply}, so it checks the mxm formulation rather than
 * repeating it.
 *
 * <p>A graph is a square matrix whose stored entries are edges; values are ignored and a stored
 * zero is an edge. All algorithms but {@link #bfsLevels} work on {@link #undirected}(g). Loops walk
 * stored rows, so memory follows the entries, not the vertex count (except bfsLevels, which
 * returns one level per vertex).
 */
public final class GraphAlgorithms {

  private GraphAlgorithms() {}

  /**
   * The undirected simple graph of g: (i,j) and (j,i) for every stored g(i,j) with i != j, every
   * value 1, INT64. Self-loops are dropped and repeated or reciprocal edges give one entry.
   *
   * @throws IllegalArgumentException if g is not square
   */
  public static SparseMatrix undirected(SparseMatrix g) {
    checkSquare(g);
    int n = g.rows();
    if (2L * g.nnz() > SparseMatrix.MAX_ENTRIES) {
      throw new IllegalArgumentException("graph has too many edges to symmetrize: " + g.nnz());
    }
    int[] r = new int[2 * g.nnz()];
    int[] c = new int[2 * g.nnz()];
    int e = 0;
    for (int s = 0; s < g.storedRows(); s++) {
      int i = g.storedRow(s);
      for (int p = g.storedRowStart(s); p < g.storedRowEnd(s); p++) {
        int j = g.colIdx[p];
        if (i != j) {
          r[e] = i;
          c[e++] = j;
          r[e] = j;
          c[e++] = i;
        }
      }
    }
    // Duplicates are summed by fromCoordinates; the pattern is all that is kept.
    SparseMatrix pattern = SparseMatrix.fromCoordinates(n, n, r, c, new long[e], e);
    long[] ones = new long[pattern.nnz()];
    Arrays.fill(ones, 1L);
    return new SparseMatrix(n, n, pattern.rowIds, pattern.rowPtr, pattern.colIdx, null, ones);
  }

  /**
   * The number of triangles of undirected(g): for each edge i &lt; j, the common neighbours
   * k &gt; j, so every triangle i &lt; j &lt; k counts once.
   *
   * @throws IllegalArgumentException if g is not square
   */
  public static long triangles(SparseMatrix g) {
    SparseMatrix u = undirected(g);
    long count = 0;
    for (int s = 0; s < u.storedRows(); s++) {
      int i = u.storedRow(s);
      int pEnd = u.storedRowEnd(s);
      for (int p = u.storedRowStart(s); p < pEnd; p++) {
        int j = u.colIdx[p];
        if (j > i) {
          // row i after j, and row j after j (row j holds i < j, so skip to past j)
          int qEnd = u.rowEnd(j);
          int q = Arrays.binarySearch(u.colIdx, u.rowStart(j), qEnd, j);
          count += common(u, null, p + 1, pEnd, -q - 1, qEnd);
        }
      }
    }
    return count;
  }

  /**
   * The k-truss of undirected(g): repeatedly, every edge in fewer than k-2 triangles (counting
   * only edges still present) is dropped, until no edge is; each pass recounts all supports and
   * then drops together. The result is symmetric, INT64, and each kept edge's value is its support:
   * the number of triangles it is in within the truss (at least k-2). For k = 3 this keeps exactly
   * the edges that end up in at least one triangle.
   *
   * @throws IllegalArgumentException if g is not square or k &lt; 3
   */
  public static SparseMatrix ktruss(SparseMatrix g, int k) {
    if (k < 3) {
      throw new IllegalArgumentException("k-truss needs k >= 3, got " + k);
    }
    SparseMatrix u = undirected(g);
    int nnz = u.nnz();
    boolean[] alive = new boolean[nnz];
    Arrays.fill(alive, true);
    long[] support = new long[nnz];
    boolean dropped = true;
    while (dropped) {
      for (int s = 0; s < u.storedRows(); s++) {
        int pEnd = u.storedRowEnd(s);
        for (int p = u.storedRowStart(s); p < pEnd; p++) {
          if (alive[p]) {
            int j = u.colIdx[p];
            support[p] = common(u, alive, u.storedRowStart(s), pEnd, u.rowStart(j), u.rowEnd(j));
          }
        }
      }
      dropped = false;
      for (int p = 0; p < nnz; p++) {
        if (alive[p] && support[p] < k - 2) {
          alive[p] = false;
          dropped = true;
        }
      }
    }
    int ns = u.storedRows();
    int[] ids = new int[Math.max(1, ns)];
    int[] ptr = new int[ns + 1];
    int[] colIdx = new int[nnz];
    long[] values = new long[nnz];
    int stored = 0;
    int n = 0;
    for (int s = 0; s < ns; s++) {
      for (int p = u.storedRowStart(s); p < u.storedRowEnd(s); p++) {
        if (alive[p]) {
          colIdx[n] = u.colIdx[p];
          values[n++] = support[p];
        }
      }
      if (n > ptr[stored]) {
        ids[stored] = u.storedRow(s);
        ptr[++stored] = n;
      }
    }
    return CsrBuilder.ofStoredRows(u.rows(), u.cols(), ids, ptr, stored, colIdx, null, values);
  }

  /**
   * Jaccard similarity on undirected(g): for every pair i &lt; j with at least one common
   * neighbour, J(i,j) = |N(i) ∩ N(j)| / (deg(i) + deg(j) - |N(i) ∩ N(j)|), FP64, upper triangle
   * only (no diagonal, nothing below it). Pairs are found as the two-hop ends j of each i, sorted
   * and counted.
   *
   * @throws IllegalArgumentException if g is not square
   */
  public static SparseMatrix jaccard(SparseMatrix g) {
    SparseMatrix u = undirected(g);
    int ns = u.storedRows();
    int[] ids = new int[Math.max(1, ns)];
    int[] ptr = new int[ns + 1];
    int[] colIdx = new int[16];
    double[] values = new double[16];
    int[] ends = new int[16];
    int stored = 0;
    int n = 0;
    for (int s = 0; s < ns; s++) {
      int i = u.storedRow(s);
      int count = 0;
      for (int p = u.storedRowStart(s); p < u.storedRowEnd(s); p++) {
        int k = u.colIdx[p];
        for (int q = u.rowStart(k); q < u.rowEnd(k); q++) {
          if (u.colIdx[q] > i) {
            if (count == ends.length) {
              ends = Arrays.copyOf(ends, grow(count));
            }
            ends[count++] = u.colIdx[q];
          }
        }
      }
      Arrays.sort(ends, 0, count);
      int degI = u.storedRowEnd(s) - u.storedRowStart(s);
      for (int a = 0; a < count;) {
        int j = ends[a];
        int b = a;
        while (b < count && ends[b] == j) {
          b++;
        }
        int common = b - a;
        if (n == colIdx.length) {
          colIdx = Arrays.copyOf(colIdx, grow(n));
          values = Arrays.copyOf(values, colIdx.length);
        }
        colIdx[n] = j;
        values[n++] = (double) common / (degI + u.rowNnz(j) - common);
        a = b;
      }
      if (n > ptr[stored]) {
        ids[stored] = i;
        ptr[++stored] = n;
      }
    }
    return CsrBuilder.ofStoredRows(u.rows(), u.cols(), ids, ptr, stored, colIdx, values, null);
  }

  /**
   * Breadth-first levels from source over the directed edges i -&gt; j of g (every stored g(i,j),
   * stored zeros and self-loops included): level[source] = 0, level[v] = the fewest edges from
   * source to v, and -1 for a vertex that cannot be reached.
   *
   * @throws IllegalArgumentException if g is not square or source is not one of its vertices
   */
  public static int[] bfsLevels(SparseMatrix g, int source) {
    checkSquare(g);
    int n = g.rows();
    if (source < 0 || source >= n) {
      throw new IllegalArgumentException(
          "source " + source + " is not a vertex of a graph with " + n + " vertices");
    }
    int[] level = new int[n];
    Arrays.fill(level, -1);
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    level[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
      int i = queue[head++];
      for (int p = g.rowStart(i), pEnd = g.rowEnd(i); p < pEnd; p++) {
        int j = g.colIdx[p];
        if (level[j] < 0) {
          level[j] = level[i] + 1;
          queue[tail++] = j;
        }
      }
    }
    return level;
  }

  /**
   * BFS parents from source, min-parent: parent[source] = source, parent[v] = the smallest u with
   * level[u] = level[v] - 1 and a stored g(u,v), -1 where unreached (one of the parents
   * LAGraph's any-parent BFS may return, the one a MIN_FIRST step picks).
   *
   * @throws IllegalArgumentException if g is not square or source is not one of its vertices
   */
  public static int[] bfsParents(SparseMatrix g, int source) {
    int[] level = bfsLevels(g, source);
    int[] parent = new int[g.rows()];
    Arrays.fill(parent, -1);
    parent[source] = source;
    for (int u = 0; u < g.rows(); u++) {
      if (level[u] < 0) {
        continue;
      }
      for (int p = g.rowStart(u), pEnd = g.rowEnd(u); p < pEnd; p++) {
        int v = g.colIdx[p];
        if (v != source && level[v] == level[u] + 1 && parent[v] < 0) {
          parent[v] = u; // u ascends, so the first parent found is the smallest
        }
      }
    }
    return parent;
  }

  /**
   * The number of columns shared by positions p..pEnd-1 and q..qEnd-1 of u (each ascending), by
   * a merge; with {@code alive} non-null only entries alive on both sides count.
   */
  private static int common(SparseMatrix u, boolean[] alive, int p, int pEnd, int q, int qEnd) {
    int count = 0;
    while (p < pEnd && q < qEnd) {
      int a = u.colIdx[p];
      int b = u.colIdx[q];
      if (a < b) {
        p++;
      } else if (a > b) {
        q++;
      } else {
        if (alive == null || (alive[p] && alive[q])) {
          count++;
        }
        p++;
        q++;
      }
    }
    return count;
  }

  private static int grow(int length) {
    if (length >= SparseMatrix.MAX_ENTRIES) {
      throw new IllegalArgumentException("more than " + SparseMatrix.MAX_ENTRIES + " entries");
    }
    return (int) Math.min(2L * length, SparseMatrix.MAX_ENTRIES);
  }

  static void checkSquare(SparseMatrix g) {
    if (g.rows() != g.cols()) {
      throw new IllegalArgumentException(
          "a graph must be a square matrix, got " + g.rows() + "x" + g.cols());
    }
  }
}
