package org.spgemm.partition.metis;

import java.util.Arrays;
import org.spgemm.partition.graph.CsrGraph;
import org.spgemm.partition.graph.CsrPointers;

/**
 * Checks a graph in Java before METIS sees it. METIS trusts its input: malformed CSR, an
 * asymmetric adjacency or weights that overflow idx_t corrupt memory or raise a signal, and any
 * native crash takes the whole JVM down. Every problem becomes an
 * {@link IllegalArgumentException} naming the first offending vertex or value.
 *
 * <p>Checked: 1 &le; nparts &le; nvtxs and ncon &ge; 1; xadj has nvtxs + 1 non-decreasing
 * entries from 0; neighbours lie in range, are not the vertex itself and do not repeat; every edge u→v has the
 * reverse v→u with the same weight; weights are non-negative and fit in idx_t, and so do the
 * per-constraint vertex-weight totals and the total edge weight (METIS sums them in idx_t).
 */
public final class MetisInputValidator {

  private MetisInputValidator() {}

  /**
   * @param maxIdx the largest idx_t value of the library ({@link JMetis#maxIdx()})
   * @throws IllegalArgumentException naming the first problem found
   */
  public static void validate(CsrGraph g, int nparts, long maxIdx) {
    if (g == null) {
      throw new IllegalArgumentException("graph must not be null");
    }
    if (nparts < 1) {
      throw new IllegalArgumentException("nparts must be at least 1, got " + nparts);
    }
    int n = g.nvtxs();
    int ncon = g.ncon();
    if (n < 0) {
      throw new IllegalArgumentException("nvtxs must be non-negative, got " + n);
    }
    if (ncon < 1) {
      throw new IllegalArgumentException("ncon must be at least 1, got " + ncon);
    }
    if (n > 0 && nparts > n) {
      throw new IllegalArgumentException("nparts = " + nparts + " exceeds the " + n
          + " vertices (METIS cannot split a graph into more parts than vertices)");
    }
    int[] xadj = g.xadj();
    int[] adjncy = g.adjncy();
    if (xadj.length != n + 1) {
      throw new IllegalArgumentException("xadj has length " + xadj.length
          + ", expected nvtxs + 1 = " + (n + 1));
    }
    if (xadj[0] != 0) {
      throw new IllegalArgumentException("xadj[0] must be 0 (0-based numbering), got "
          + xadj[0]);
    }
    int m = CsrPointers.checkNonDecreasing(xadj, n, "xadj", "vertex", "nvtxs", adjncy.length,
        "adjncy");
    if (m % 2 != 0) {
      throw new IllegalArgumentException("the adjacency has an odd number of entries (" + m
          + "), so some edge lacks its reverse");
    }
    checkVertexWeights(g, maxIdx);
    int[] adjwgt = g.adjwgt();
    if (adjwgt != null) {
      if (adjwgt.length < m) {
        throw new IllegalArgumentException("adjwgt has length " + adjwgt.length
            + ", expected at least xadj[nvtxs] = " + m);
      }
      long total = 0;
      for (int k = 0; k < m; k++) {
        if (adjwgt[k] < 0) {
          throw new IllegalArgumentException("edge weight at adjacency position " + k
              + " is negative: " + adjwgt[k]);
        }
        total += adjwgt[k];
      }
      if (total > maxIdx) {
        throw new IllegalArgumentException("the total edge weight " + total
            + " (both directions) does not fit in METIS's idx_t (max " + maxIdx
            + "); scale the edge weights down");
      }
    } else if (m > maxIdx) {
      throw new IllegalArgumentException("the adjacency length " + m
          + " does not fit in METIS's idx_t (max " + maxIdx + ")");
    }
    boolean sorted = checkNeighbours(xadj, adjncy, n);
    if (sorted) {
      checkSymmetrySorted(xadj, adjncy, adjwgt, n);
    } else {
      checkSymmetryUnsorted(xadj, adjncy, adjwgt, n);
    }
  }

  private static void checkVertexWeights(CsrGraph g, long maxIdx) {
    long[] vwgt = g.vwgt();
    int n = g.nvtxs();
    int ncon = g.ncon();
    if (vwgt == null) {
      return; // METIS then uses 1 for every weight
    }
    if (vwgt.length != (long) n * ncon) {
      throw new IllegalArgumentException("vwgt has length " + vwgt.length
          + ", expected nvtxs * ncon = " + ((long) n * ncon));
    }
    for (int c = 0; c < ncon; c++) {
      long total = 0;
      for (int v = 0; v < n; v++) {
        long w = vwgt[v * ncon + c];
        if (w < 0 || w > maxIdx) {
          throw new IllegalArgumentException("weight " + c + " of vertex " + v + " is " + w
              + ", outside 0.." + maxIdx + " (METIS idx_t)");
        }
        total += w;
        if (total > maxIdx || total < 0) {
          throw new IllegalArgumentException("the total of vertex weight " + c
              + " does not fit in METIS's idx_t (max " + maxIdx + "); scale the weights down");
        }
      }
    }
  }

  /**
   * Range, self-loop and duplicate checks.
   *
   * @return whether every list is strictly ascending (then duplicates are already excluded)
   */
  private static boolean checkNeighbours(int[] xadj, int[] adjncy, int n) {
    boolean sorted = true;
    for (int v = 0; v < n; v++) {
      for (int k = xadj[v]; k < xadj[v + 1]; k++) {
        int u = adjncy[k];
        if (u < 0 || u >= n) {
          throw new IllegalArgumentException("vertex " + v + " lists neighbour " + u
              + ", outside 0.." + (n - 1));
        }
        if (u == v) {
          throw new IllegalArgumentException("self loop at vertex " + v
              + " (METIS graphs must not have them)");
        }
        if (k > xadj[v] && adjncy[k - 1] >= u) {
          sorted = false;
        }
      }
    }
    if (!sorted) {
      int[] mark = new int[n];
      Arrays.fill(mark, -1);
      for (int v = 0; v < n; v++) {
        for (int k = xadj[v]; k < xadj[v + 1]; k++) {
          int u = adjncy[k];
          if (mark[u] == v) {
            throw new IllegalArgumentException("vertex " + v + " lists neighbour " + u
                + " twice (METIS graphs must not have parallel edges)");
          }
          mark[u] = v;
        }
      }
    }
    return sorted;
  }

  /** Every u→v finds v→u by binary search; no extra memory. */
  private static void checkSymmetrySorted(int[] xadj, int[] adjncy, int[] adjwgt, int n) {
    for (int u = 0; u < n; u++) {
      for (int k = xadj[u]; k < xadj[u + 1]; k++) {
        int v = adjncy[k];
        int r = Arrays.binarySearch(adjncy, xadj[v], xadj[v + 1], u);
        if (r < 0) {
          throw asymmetric(u, v);
        }
        if (adjwgt != null && adjwgt[r] != adjwgt[k]) {
          throw unequalWeights(u, v, adjwgt[k], adjwgt[r]);
        }
      }
    }
  }

  /**
   * Builds the transpose (in-edges of each vertex) and matches it against the out-edges with a
   * marker array. Without duplicates, equal in/out degrees plus every in-edge matched means the
   * two sets are equal.
   */
  private static void checkSymmetryUnsorted(int[] xadj, int[] adjncy, int[] adjwgt, int n) {
    int m = xadj[n];
    int[] tptr = new int[n + 1];
    for (int k = 0; k < m; k++) {
      tptr[adjncy[k] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      tptr[v + 1] += tptr[v];
    }
    int[] next = Arrays.copyOf(tptr, n);
    int[] tsrc = new int[m];
    int[] tpos = new int[m];
    for (int u = 0; u < n; u++) {
      for (int k = xadj[u]; k < xadj[u + 1]; k++) {
        int slot = next[adjncy[k]]++;
        tsrc[slot] = u;
        tpos[slot] = k;
      }
    }
    int[] mark = new int[n];
    Arrays.fill(mark, -1);
    int[] markPos = new int[n];
    for (int v = 0; v < n; v++) {
      for (int k = xadj[v]; k < xadj[v + 1]; k++) {
        mark[adjncy[k]] = v;
        markPos[adjncy[k]] = k;
      }
      for (int t = tptr[v]; t < tptr[v + 1]; t++) {
        int u = tsrc[t];
        if (mark[u] != v) {
          throw asymmetric(u, v);
        }
        if (adjwgt != null && adjwgt[tpos[t]] != adjwgt[markPos[u]]) {
          throw unequalWeights(u, v, adjwgt[tpos[t]], adjwgt[markPos[u]]);
        }
      }
      if (tptr[v + 1] - tptr[v] != xadj[v + 1] - xadj[v]) {
        for (int k = xadj[v]; k < xadj[v + 1]; k++) {
          mark[adjncy[k]] = -1;
        }
        for (int t = tptr[v]; t < tptr[v + 1]; t++) {
          mark[tsrc[t]] = v;
        }
        for (int k = xadj[v]; k < xadj[v + 1]; k++) {
          if (mark[adjncy[k]] != v) {
            throw asymmetric(v, adjncy[k]);
          }
        }
      }
    }
  }

  private static IllegalArgumentException asymmetric(int u, int v) {
    return new IllegalArgumentException("asymmetric adjacency: edge " + u + " -> " + v
        + " has no reverse edge " + v + " -> " + u);
  }

  private static IllegalArgumentException unequalWeights(int u, int v, int wuv, int wvu) {
    return new IllegalArgumentException("asymmetric edge weights: " + u + " -> " + v + " has "
        + wuv + " but " + v + " -> " + u + " has " + wvu);
  }
}
