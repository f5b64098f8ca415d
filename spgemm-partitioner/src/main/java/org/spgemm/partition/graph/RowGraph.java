package org.spgemm.partition.graph;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The bipartite model contracted by row key: A row i and B row j with the same key are one
 * vertex, as they are one row of table M (so they sit in one tablet anyway). Vertex weights are
 * the sums of the three constraints; an edge joins the rows of each a(i,j) (self-loops dropped,
 * both directions, weight nnz(b_j)); the size of a vertex is nnz of its B row, so METIS's
 * communication-volume objective counts exactly the remote B entries of a plan (each B row once
 * per other part whose A rows need it) when the pattern of A is symmetric, and close to it
 * otherwise. On stencils this graph is the mesh itself, which METIS cuts far better than the
 * bipartite graph with its two kinds of vertex.
 */
public final class RowGraph {

  /** A part for every A row and every B row. */
  public record Split(int[] aParts, int[] bParts) {}

  private final int[] rowOfA;
  private final int[] rowOfB;
  private final int rows;
  private final CsrGraph csr;
  private final int[] vsize;

  private RowGraph(int[] rowOfA, int[] rowOfB, int rows, CsrGraph csr, int[] vsize) {
    this.rowOfA = rowOfA;
    this.rowOfB = rowOfB;
    this.rows = rows;
    this.csr = csr;
    this.vsize = vsize;
  }

  /** Contracts {@code g}, whose A and B rows have the given keys. */
  public static RowGraph of(BipartiteGraph g, String[] aRowKeys, String[] bRowKeys) {
    int nA = g.numARows();
    int nB = g.numBRows();
    if (aRowKeys.length != nA || bRowKeys.length != nB) {
      throw new IllegalArgumentException("need a key per A row (" + nA + ") and B row (" + nB
          + "), got " + aRowKeys.length + " and " + bRowKeys.length);
    }
    Map<String,Integer> ids = new HashMap<>(2 * (nA + nB));
    int[] rowOfA = new int[nA];
    int[] rowOfB = new int[nB];
    for (int i = 0; i < nA; i++) {
      rowOfA[i] = ids.computeIfAbsent(aRowKeys[i], k -> ids.size());
    }
    for (int j = 0; j < nB; j++) {
      rowOfB[j] = ids.computeIfAbsent(bRowKeys[j], k -> ids.size());
    }
    int n = ids.size();
    long[] vwgt = new long[n * BipartiteGraph.NCON];
    int[] vsize = new int[n];
    for (int i = 0; i < nA; i++) {
      vwgt[rowOfA[i] * BipartiteGraph.NCON + BipartiteGraph.W_A] += g.aRowNnz(i);
      vwgt[rowOfA[i] * BipartiteGraph.NCON + BipartiteGraph.W_C] += g.cRowNnz(i);
    }
    for (int j = 0; j < nB; j++) {
      vwgt[rowOfB[j] * BipartiteGraph.NCON + BipartiteGraph.W_B] += g.bRowNnz(j);
      vsize[rowOfB[j]] += g.bRowNnz(j);
    }
    // edges u - v for every a(i,j) with nnz(b_j) > 0, both ways, merged per pair
    long[] pairs = new long[2 * g.nnzA()];
    int m = 0;
    for (int i = 0; i < nA; i++) {
      for (int k = g.aRowBegin(i); k < g.aRowEnd(i); k++) {
        int j = g.aColumnAt(k);
        int u = rowOfA[i];
        int v = rowOfB[j];
        if (u != v && g.bRowNnz(j) > 0) {
          pairs[m++] = ((long) u << 32) | v;
          pairs[m++] = ((long) v << 32) | u;
        }
      }
    }
    Arrays.sort(pairs, 0, m);
    int[] xadj = new int[n + 1];
    int[] adjncy = new int[m];
    int[] adjwgt = new int[m];
    int e = 0;
    for (int p = 0; p < m; p++) {
      int u = (int) (pairs[p] >>> 32);
      int v = (int) pairs[p];
      // weight: what cutting the edge costs, the larger of the two rows' B sizes
      int w = Math.max(1, Math.max(vsize[u], vsize[v]));
      if (e > 0 && p > 0 && pairs[p] == pairs[p - 1]) {
        continue;
      }
      adjncy[e] = v;
      adjwgt[e++] = w;
      xadj[u + 1] = e;
    }
    for (int u = 1; u <= n; u++) {
      xadj[u] = Math.max(xadj[u], xadj[u - 1]);
    }
    CsrGraph csr = new CsrGraph(n, BipartiteGraph.NCON, xadj, Arrays.copyOf(adjncy, e), vwgt,
        Arrays.copyOf(adjwgt, e));
    return new RowGraph(rowOfA, rowOfB, n, csr, vsize);
  }

  /** The METIS input: one vertex per row key. */
  public CsrGraph csr() {
    return csr;
  }

  /** nnz of each row vertex's B row: the vertex sizes of the volume objective. */
  public int[] vsize() {
    return vsize.clone();
  }

  public int rows() {
    return rows;
  }

  /** The part of every A row, given a part per row vertex. */
  public int[] aParts(int[] rowParts) {
    return map(rowOfA, rowParts);
  }

  /** The part of every B row, given a part per row vertex. */
  public int[] bParts(int[] rowParts) {
    return map(rowOfB, rowParts);
  }

  private int[] map(int[] rowOf, int[] rowParts) {
    if (rowParts.length != rows) {
      throw new IllegalArgumentException("need a part per row vertex (" + rows + "), got "
          + rowParts.length);
    }
    int[] out = new int[rowOf.length];
    for (int x = 0; x < out.length; x++) {
      out[x] = rowParts[rowOf[x]];
    }
    return out;
  }
}
