package org.spgemm.partition.plan;

import java.util.Arrays;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * How good an assignment of A rows and B rows to K parts is, measured on the model. Immutable.
 *
 * <ul>
 *   <li><b>cut size</b>: the sum of costs nnz(b_j) of the edges (u_i, v_j) whose ends lie in
 *       different parts; what METIS minimizes.
 *   <li><b>remote B volume</b>: the B entries the parts must fetch from other parts, each B row
 *       counted once per part that needs it: the sum over parts p and over the distinct B rows j
 *       referenced by p's A rows with part(v_j) &ne; p, of nnz(b_j). This is what RRp's nested
 *       scans actually move, since a batch fetches each B row it needs once; the cut size counts
 *       it once per referencing A row instead ({@link ConnectivityVolume}).
 *   <li><b>imbalance</b> per constraint: the heaviest part's weight over the average part weight
 *       (1.0 is perfect balance; 1.0 also when the constraint's total is 0).
 * </ul>
 */
public final class PlanMetrics {

  private final int parts;
  private final long cutSize;
  private final long cutEdges;
  private final long remoteBVolume;
  private final long[][] partWeights;

  /**
   * @param partWeights [part][constraint] weights, K rows of {@link BipartiteGraph#NCON}
   */
  public PlanMetrics(int parts, long cutSize, long cutEdges, long remoteBVolume,
      long[][] partWeights) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1, got " + parts);
    }
    if (cutSize < 0 || cutEdges < 0 || remoteBVolume < 0) {
      throw new IllegalArgumentException("metrics must be non-negative");
    }
    if (partWeights == null || partWeights.length != parts) {
      throw new IllegalArgumentException("partWeights must have one row per part (" + parts + ")");
    }
    this.parts = parts;
    this.cutSize = cutSize;
    this.cutEdges = cutEdges;
    this.remoteBVolume = remoteBVolume;
    this.partWeights = new long[parts][];
    for (int p = 0; p < parts; p++) {
      if (partWeights[p] == null || partWeights[p].length != BipartiteGraph.NCON) {
        throw new IllegalArgumentException("part " + p + " must have " + BipartiteGraph.NCON
            + " weights");
      }
      this.partWeights[p] = partWeights[p].clone();
    }
  }

  /**
   * Measures the assignment aPart (part of each A row) and bPart (part of each B row).
   *
   * @throws IllegalArgumentException if the arrays do not match the graph or a part is out of
   *     range
   */
  public static PlanMetrics compute(BipartiteGraph g, int[] aPart, int[] bPart, int k) {
    int nA = g.numARows();
    int nB = g.numBRows();
    checkParts("aPart", aPart, nA, k);
    checkParts("bPart", bPart, nB, k);
    long[][] w = new long[k][BipartiteGraph.NCON];
    long cut = 0;
    long cutCount = 0;
    for (int i = 0; i < nA; i++) {
      int p = aPart[i];
      w[p][BipartiteGraph.W_A] += g.aRowNnz(i);
      w[p][BipartiteGraph.W_C] += g.cRowNnz(i);
      for (int e = g.aRowBegin(i), end = g.aRowEnd(i); e < end; e++) {
        int j = g.aColumnAt(e);
        if (bPart[j] != p) {
          cut += g.bRowNnz(j);
          cutCount++;
        }
      }
    }
    for (int j = 0; j < nB; j++) {
      w[bPart[j]][BipartiteGraph.W_B] += g.bRowNnz(j);
    }
    return new PlanMetrics(k, cut, cutCount, ConnectivityVolume.compute(g, aPart, bPart, k), w);
  }

  /**
   * The plain row-block split: n rows in original order cut into k contiguous blocks whose sizes
   * differ by at most one (row i goes to part floor(i·k/n)). This is what evenly spaced default
   * split points give.
   */
  public static int[] equalRowBlocks(int n, int k) {
    if (n < 0 || k < 1) {
      throw new IllegalArgumentException("need n >= 0 and k >= 1, got n = " + n + ", k = " + k);
    }
    int[] part = new int[n];
    for (int i = 0; i < n; i++) {
      part[i] = (int) ((long) i * k / n);
    }
    return part;
  }

  static void checkParts(String name, int[] part, int n, int k) {
    if (part == null || part.length != n) {
      throw new IllegalArgumentException(name + " must have length " + n + ", got "
          + (part == null ? "null" : String.valueOf(part.length)));
    }
    for (int i = 0; i < n; i++) {
      if (part[i] < 0 || part[i] >= k) {
        throw new IllegalArgumentException(name + "[" + i + "] = " + part[i] + " is outside 0.."
            + (k - 1));
      }
    }
  }

  public int parts() {
    return parts;
  }

  /** Sum of the costs of cut edges. */
  public long cutSize() {
    return cutSize;
  }

  /** Number of cut edges (nonzeros a(i,j) with u_i and v_j in different parts). */
  public long cutEdges() {
    return cutEdges;
  }

  /** B entries fetched from other parts, once per (part, B row) pair. */
  public long remoteBVolume() {
    return remoteBVolume;
  }

  /** Weight of part p under constraint c. */
  public long partWeight(int p, int c) {
    return partWeights[p][c];
  }

  /** Heaviest part over average part under constraint c (1.0 if the total is 0). */
  public double imbalance(int c) {
    long total = 0;
    long max = 0;
    for (long[] w : partWeights) {
      total += w[c];
      max = Math.max(max, w[c]);
    }
    return total == 0 ? 1.0 : max * (double) parts / total;
  }

  /** {@link #imbalance(int)} for every constraint. */
  public double[] imbalance() {
    double[] imb = new double[BipartiteGraph.NCON];
    for (int c = 0; c < imb.length; c++) {
      imb[c] = imbalance(c);
    }
    return imb;
  }

  /** The largest imbalance over all constraints. */
  public double maxImbalance() {
    double max = 1.0;
    for (double x : imbalance()) {
      max = Math.max(max, x);
    }
    return max;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof PlanMetrics)) {
      return false;
    }
    PlanMetrics m = (PlanMetrics) o;
    return parts == m.parts && cutSize == m.cutSize && cutEdges == m.cutEdges
        && remoteBVolume == m.remoteBVolume && Arrays.deepEquals(partWeights, m.partWeights);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(cutSize) * 31 + Long.hashCode(remoteBVolume);
  }

  @Override
  public String toString() {
    return "PlanMetrics[parts=" + parts + ", cutSize=" + cutSize + ", cutEdges=" + cutEdges
        + ", remoteBVolume=" + remoteBVolume + ", imbalance=" + Arrays.toString(imbalance()) + "]";
  }
}
