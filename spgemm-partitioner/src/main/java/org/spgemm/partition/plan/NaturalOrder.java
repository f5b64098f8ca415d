package org.spgemm.partition.plan;

import org.spgemm.partition.graph.BipartiteGraph;

/**
 * The natural-order split: rows kept in their original (key) order and cut into K contiguous
 * blocks balanced on the weights rather than on row counts. A rows are balanced on nnz(a_i) and
 * nnz(c_i) together (each as a share of its total, so both count alike), B rows on nnz(b_j).
 * Matrices whose numbering already has locality (stencils, banded matrices) keep it, and skewed
 * rows (power-law graphs) no longer pile up in one block as in the equal-rows split.
 */
public final class NaturalOrder {

  private NaturalOrder() {}

  /** The part of every A row. */
  public static int[] aParts(BipartiteGraph g, int k) {
    int nA = g.numARows();
    double totalA = g.nnzA();
    double totalC = 0;
    for (int i = 0; i < nA; i++) {
      totalC += g.cRowNnz(i);
    }
    double[] w = new double[nA];
    for (int i = 0; i < nA; i++) {
      w[i] = (totalA > 0 ? g.aRowNnz(i) / totalA : 0) + (totalC > 0 ? g.cRowNnz(i) / totalC : 0);
    }
    return contiguous(w, k);
  }

  /** The part of every B row. */
  public static int[] bParts(BipartiteGraph g, int k) {
    int nB = g.numBRows();
    double[] w = new double[nB];
    for (int j = 0; j < nB; j++) {
      w[j] = g.bRowNnz(j);
    }
    return contiguous(w, k);
  }

  /**
   * Contiguous blocks of about equal weight: row i goes to the part its weight's midpoint falls
   * in, so parts never decrease along the rows. All-zero weights give the equal-rows split.
   */
  static int[] contiguous(double[] w, int k) {
    if (k < 1) {
      throw new IllegalArgumentException("parts must be at least 1, got " + k);
    }
    double total = 0;
    for (double x : w) {
      total += x;
    }
    if (total <= 0) {
      return PlanMetrics.equalRowBlocks(w.length, k);
    }
    int[] part = new int[w.length];
    double prefix = 0;
    for (int i = 0; i < w.length; i++) {
      part[i] = (int) Math.min(k - 1, Math.floor(k * (prefix + w[i] / 2) / total));
      prefix += w[i];
    }
    return part;
  }
}
