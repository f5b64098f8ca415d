package org.spgemm.partition.plan;

import org.spgemm.partition.graph.BipartiteGraph;

/**
 * Lowers the connectivity volume of an assignment by greedy moves of boundary rows, keeping the
 * three balance constraints. METIS minimises the edge cut, which counts a B row once per
 * referencing A row in another part; the traffic counts it once per such part, so a METIS
 * assignment often has moves left that cut traffic.
 *
 * <p>A pass visits every A row, then every B row, in index order. An A row moves to the part
 * that lowers the volume most (dropping parts from the B rows only it needed, adding its part
 * to B rows no row of the target part needed yet); a B row none of whose referencing A rows is
 * in its own part moves to the part referencing it most, which saves nnz(b_j). A move is made
 * only if it lowers the volume and the target part stays within the balance limit of every
 * constraint the row weighs on: (1 + ε_c) times the average part, or the heaviest part before
 * refinement if that is already above (METIS treats ε as a target), so no constraint's
 * imbalance grows beyond max(1 + ε_c, its imbalance before). Passes repeat until one moves
 * nothing or {@code maxPasses} have run; every move lowers the volume, so it never rises.
 */
public final class BoundaryRefiner {

  /** Passes run at most by default. */
  public static final int DEFAULT_MAX_PASSES = 8;

  private final BipartiteGraph g;
  private final int k;
  private final ConnectivityVolume cv;
  private final long[][] weight;
  private final double[] limit;
  private final int[] buf;
  private final long[] benefit;
  private final int[] touched;
  private int moves;

  private BoundaryRefiner(BipartiteGraph g, int[] aPart, int[] bPart, int k, double[] epsilon) {
    this.g = g;
    this.k = k;
    this.cv = new ConnectivityVolume(g, aPart, bPart, k);
    PlanMetrics m = PlanMetrics.compute(g, aPart, bPart, k);
    this.weight = new long[k][BipartiteGraph.NCON];
    this.limit = new double[BipartiteGraph.NCON];
    for (int c = 0; c < BipartiteGraph.NCON; c++) {
      long total = 0;
      long max = 0;
      for (int p = 0; p < k; p++) {
        weight[p][c] = m.partWeight(p, c);
        total += weight[p][c];
        max = Math.max(max, weight[p][c]);
      }
      limit[c] = Math.max((1 + epsilon[c]) * total / k, max);
    }
    this.buf = new int[k];
    this.benefit = new long[k];
    this.touched = new int[k];
  }

  /**
   * Refines an assignment (the arrays are not modified).
   *
   * @param epsilon ε of each of the {@link BipartiteGraph#NCON} constraints
   * @param maxPasses passes at most (0 returns the assignment as it is)
   * @throws IllegalArgumentException if the arrays do not match the graph or a part is out of
   *     range
   */
  public static Result refine(BipartiteGraph g, int[] aPart, int[] bPart, int k,
      double[] epsilon, int maxPasses) {
    if (epsilon == null || epsilon.length != BipartiteGraph.NCON) {
      throw new IllegalArgumentException("need one epsilon per constraint ("
          + BipartiteGraph.NCON + ")");
    }
    if (maxPasses < 0) {
      throw new IllegalArgumentException("maxPasses must not be negative, got " + maxPasses);
    }
    BoundaryRefiner r = new BoundaryRefiner(g, aPart, bPart, k, epsilon);
    long before = r.cv.volume();
    int passes = 0;
    while (passes < maxPasses && k > 1) {
      passes++;
      int movedBefore = r.moves;
      r.passOverARows();
      r.passOverBRows();
      if (r.moves == movedBefore) {
        break;
      }
    }
    return new Result(r.cv.aParts(), r.cv.bParts(), before, r.cv.volume(), passes, r.moves);
  }

  private void passOverARows() {
    for (int i = 0, nA = g.numARows(); i < nA; i++) {
      int to = bestTarget(i);
      if (to >= 0) {
        int from = cv.aPart(i);
        cv.moveARow(i, to);
        shift(from, to, BipartiteGraph.W_A, g.aRowNnz(i));
        shift(from, to, BipartiteGraph.W_C, g.cRowNnz(i));
        moves++;
      }
    }
  }

  /** The part A row i should move to, or -1 if no allowed move lowers the volume. */
  private int bestTarget(int i) {
    int p = cv.aPart(i);
    long leave = 0;
    long all = 0;
    int nTouched = 0;
    for (int e = g.aRowBegin(i), end = g.aRowEnd(i); e < end; e++) {
      int j = g.aColumnAt(e);
      long w = g.bRowNnz(j);
      if (w == 0) {
        continue;
      }
      all += w;
      int home = cv.bPart(j);
      if (home != p && cv.references(j, p) == 1) {
        leave += w; // p needs j only for row i
      }
      boolean homeReferences = false;
      for (int n = cv.referencingParts(j, buf), s = 0; s < n; s++) {
        int q = buf[s];
        homeReferences |= q == home;
        if (q != p) {
          nTouched = touch(q, nTouched);
          benefit[q] += w; // q has j already
        }
      }
      if (!homeReferences && home != p) {
        nTouched = touch(home, nTouched);
        benefit[home] += w; // j lives there
      }
    }
    int best = -1;
    long bestGain = 0;
    for (int t = 0; t < nTouched; t++) {
      int q = touched[t];
      long gain = leave - (all - benefit[q]);
      if (gain > bestGain && fits(q, BipartiteGraph.W_A, g.aRowNnz(i))
          && fits(q, BipartiteGraph.W_C, g.cRowNnz(i))) {
        best = q;
        bestGain = gain;
      }
      benefit[q] = 0;
    }
    return best;
  }

  /** Lists q among the candidates unless it is there (benefits added are always positive). */
  private int touch(int q, int nTouched) {
    if (benefit[q] == 0) {
      touched[nTouched++] = q;
    }
    return nTouched;
  }

  private void passOverBRows() {
    for (int j = 0, nB = g.numBRows(); j < nB; j++) {
      long w = g.bRowNnz(j);
      int home = cv.bPart(j);
      if (w == 0 || cv.references(j, home) > 0) {
        continue;
      }
      int best = -1;
      for (int n = cv.referencingParts(j, buf), s = 0; s < n; s++) {
        int q = buf[s];
        if (fits(q, BipartiteGraph.W_B, w)
            && (best < 0 || cv.references(j, q) > cv.references(j, best))) {
          best = q;
        }
      }
      if (best >= 0) {
        cv.moveBRow(j, best);
        shift(home, best, BipartiteGraph.W_B, w);
        moves++;
      }
    }
  }

  private boolean fits(int q, int c, long w) {
    return w == 0 || weight[q][c] + w <= limit[c];
  }

  private void shift(int from, int to, int c, long w) {
    weight[from][c] -= w;
    weight[to][c] += w;
  }

  /**
   * A refined assignment and what it took.
   *
   * @param aParts the refined parts of the A rows (the accessor returns a copy)
   * @param bParts the refined parts of the B rows (the accessor returns a copy)
   * @param volumeBefore the connectivity volume of the assignment given
   * @param volumeAfter the connectivity volume after the moves
   * @param passes passes run
   * @param moves rows moved, A and B
   */
  public record Result(int[] aParts, int[] bParts, long volumeBefore, long volumeAfter,
      int passes, int moves) {

    /** A copy of the refined parts of the A rows. */
    @Override
    public int[] aParts() {
      return aParts.clone();
    }

    /** A copy of the refined parts of the B rows. */
    @Override
    public int[] bParts() {
      return bParts.clone();
    }
  }
}
