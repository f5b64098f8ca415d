package org.spgemm.partition;

import java.util.Arrays;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.graph.CsrGraph;
import org.spgemm.partition.graph.RowGraph;
import org.spgemm.partition.metis.JMetis;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.plan.PlanChoice;
import org.spgemm.partition.plan.PlanMetrics;

/**
 * gRRp's partitioning step on an in-memory model: model → METIS → plan. Static facade. (The
 * table-level facade, which also runs the symbolic multiply and reads the model from table M, is
 * {@code org.spgemm.client.Partitioner} in spgemm-client; {@link
 * org.spgemm.partition.table.TableGraphReader} and {@link org.spgemm.partition.table.PlanApplier}
 * are its table-side steps.)
 *
 * <p>{@link #partitionVertices} runs METIS on the 3-constraint model (K = 1 needs no METIS and
 * does not load it); {@link #plan} turns a part per vertex into a {@link PartitionPlan} with new
 * keys, split points and metrics against the equal-rows split; {@link #choose} measures METIS's
 * assignment against a refined one, the natural order and the equal-rows split and plans the
 * best ({@link PlanChoice}); {@link #partition} runs METIS and chooses.
 *
 * <p>METIS adds weights up in its idx_t, which is 32-bit in Debian's build: the total edge
 * cost of the model is the number of partial products of A·B (counted twice, once per
 * direction), easily beyond 2^31 for real matrices. {@link #fitWeights} therefore divides each
 * weight kind whose total would exceed half of idx_t's range by a common factor, rounding up so
 * that no positive weight becomes 0. The partition is computed on the scaled weights; the plan's
 * metrics are always computed on the exact model.
 */
public final class GraphPartitioner {

  private GraphPartitioner() {}

  /**
   * The part of every vertex of g: entries 0..nA-1 for the A rows, nA..nA+nB-1 for the B rows.
   * Loads METIS ({@link JMetis#load()}) unless K = 1.
   *
   * @throws org.spgemm.partition.metis.MetisUnavailableException if METIS is needed but missing
   */
  public static int[] partitionVertices(BipartiteGraph g, PartitionOptions options) {
    checkArgs(g, options);
    if (options.parts() == 1) {
      return new int[g.numVertices()];
    }
    return partitionVertices(g, options, JMetis.load());
  }

  /** As {@link #partitionVertices(BipartiteGraph, PartitionOptions)} with a given METIS. */
  public static int[] partitionVertices(BipartiteGraph g, PartitionOptions options,
      JMetis metis) {
    checkArgs(g, options);
    if (options.parts() == 1) {
      return new int[g.numVertices()];
    }
    if (metis == null) {
      throw new IllegalArgumentException("metis must not be null for more than one part");
    }
    CsrGraph csr = fitWeights(g.toCsrGraph(), metis.maxIdx());
    // more parts than vertices: METIS cannot do it; the extra parts (tablets) stay empty
    int k = Math.min(options.parts(), Math.max(1, csr.nvtxs()));
    if (k == 1) {
      return new int[g.numVertices()];
    }
    return metis.partGraphKway(csr, k, options.kwayOptions()).parts();
  }

  /**
   * The plan for a part per vertex (as {@link #partitionVertices} returns).
   *
   * @param aRowKeys original row key of each A row (index i), e.g. fixed-width decimal strings
   * @param bRowKeys original row key of each B row (index j)
   */
  public static PartitionPlan plan(BipartiteGraph g, int[] vertexParts, int k, String[] aRowKeys,
      String[] bRowKeys) {
    if (g == null || vertexParts == null) {
      throw new IllegalArgumentException("graph and parts must not be null");
    }
    int nA = g.numARows();
    int nB = g.numBRows();
    if (vertexParts.length != nA + nB) {
      throw new IllegalArgumentException("expected a part for each of the " + (nA + nB)
          + " vertices, got " + vertexParts.length);
    }
    int[] aPart = Arrays.copyOfRange(vertexParts, 0, nA);
    int[] bPart = Arrays.copyOfRange(vertexParts, nA, nA + nB);
    PlanMetrics metrics = PlanMetrics.compute(g, aPart, bPart, k);
    PlanMetrics baseline = PlanMetrics.compute(g, PlanMetrics.equalRowBlocks(nA, k),
        PlanMetrics.equalRowBlocks(nB, k), k);
    return new PartitionPlan(k, aPart, bPart, aRowKeys, bRowKeys, metrics, baseline);
  }

  /**
   * The candidates for a METIS assignment (as {@link #partitionVertices} returns) and the plan of
   * the one chosen, with the options' ε per constraint as balance tolerance.
   */
  public static PlanChoice choose(BipartiteGraph g, int[] vertexParts, PartitionOptions options,
      String[] aRowKeys, String[] bRowKeys) {
    checkArgs(g, options);
    double[] epsilon = new double[BipartiteGraph.NCON];
    for (int c = 0; c < epsilon.length; c++) {
      epsilon[c] = options.kwayOptions().epsilon(c, BipartiteGraph.NCON);
    }
    return PlanChoice.choose(g, vertexParts, rowGraphParts(g, options, aRowKeys, bRowKeys),
        options.parts(), epsilon, aRowKeys, bRowKeys);
  }

  /**
   * METIS on the row graph (A and B rows of one key together) with the communication-volume
   * objective: a part per row vertex, or null for K = 1 or an empty graph.
   */
  static RowGraph.Split rowGraphParts(BipartiteGraph g, PartitionOptions options, String[] aRowKeys,
      String[] bRowKeys) {
    RowGraph rg = RowGraph.of(g, aRowKeys, bRowKeys);
    int k = Math.min(options.parts(), rg.rows());
    if (k <= 1) {
      return null;
    }
    JMetis metis = JMetis.load();
    CsrGraph csr = fitWeights(rg.csr(), metis.maxIdx());
    int[] parts = metis.partGraphKway(csr, rg.vsize(), k, options.kwayOptions()).parts();
    return new RowGraph.Split(rg.aParts(parts), rg.bParts(parts));
  }

  /** {@link #partitionVertices} then {@link #choose}: the chosen plan. */
  public static PartitionPlan partition(BipartiteGraph g, String[] aRowKeys, String[] bRowKeys,
      PartitionOptions options) {
    int[] parts = partitionVertices(g, options);
    return choose(g, parts, options, aRowKeys, bRowKeys).plan();
  }

  /**
   * g itself if its weight totals fit comfortably in an idx_t of the given maximum, otherwise a
   * copy whose too-heavy weight kinds (edge weights; each vertex-weight constraint) are divided
   * by a common factor and rounded up, so that each total stays at or below maxIdx / 2 and
   * positive weights stay positive.
   */
  public static CsrGraph fitWeights(CsrGraph g, long maxIdx) {
    long target = maxIdx / 2;
    int n = g.nvtxs();
    int m = g.xadj()[n];
    int[] adjwgt = g.adjwgt();
    int[] newAdj = adjwgt;
    if (adjwgt != null) {
      long total = 0;
      long positive = 0;
      for (int k = 0; k < m; k++) {
        total += adjwgt[k];
        positive += adjwgt[k] > 0 ? 1 : 0;
      }
      if (total > target) {
        long d = divisor(total, target - positive);
        newAdj = new int[m];
        for (int k = 0; k < m; k++) {
          newAdj[k] = (int) ceilDiv(adjwgt[k], d);
        }
      }
    }
    long[] vwgt = g.vwgt();
    long[] newV = vwgt;
    if (vwgt != null) {
      int ncon = g.ncon();
      for (int c = 0; c < ncon; c++) {
        long total = 0;
        long positive = 0;
        for (int v = 0; v < n; v++) {
          long w = vwgt[v * ncon + c];
          total = total > Long.MAX_VALUE - w ? Long.MAX_VALUE : total + w;
          positive += w > 0 ? 1 : 0;
        }
        if (total > target) {
          long d = divisor(total, target - positive);
          if (newV == vwgt) {
            newV = vwgt.clone();
          }
          for (int v = 0; v < n; v++) {
            newV[v * ncon + c] = ceilDiv(vwgt[v * ncon + c], d);
          }
        }
      }
    }
    return newAdj == adjwgt && newV == vwgt ? g
        : new CsrGraph(n, g.ncon(), g.xadj(), g.adjncy(), newV, newAdj);
  }

  /** d with total / d &le; room (so the rounded-up sum stays within room + #positive). */
  private static long divisor(long total, long room) {
    return room <= 0 ? Long.MAX_VALUE : ceilDiv(total, room);
  }

  private static long ceilDiv(long w, long d) {
    return w <= 0 ? w : (w - 1) / d + 1;
  }

  private static void checkArgs(BipartiteGraph g, PartitionOptions options) {
    if (g == null || options == null) {
      throw new IllegalArgumentException("graph and options must not be null");
    }
  }
}
