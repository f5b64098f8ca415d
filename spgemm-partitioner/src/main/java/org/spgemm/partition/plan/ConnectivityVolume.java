package org.spgemm.partition.plan;

import java.util.Arrays;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * The connectivity volume of an assignment of A rows and B rows to K parts: the B entries the
 * parts fetch from other parts, each B row counted once per part, other than its own, that holds
 * an A row with a nonzero in its column: the sum over B rows j of nnz(b_j) · |{p &ne; part(j) :
 * some A row of part p references j}|. This is what RRp's nested scans move; the graph model's
 * edge cut counts nnz(b_j) once per referencing A row instead.
 *
 * <p>{@link #compute} measures an assignment once. An instance tracks an assignment under moves
 * of single rows ({@link #moveARow}, {@link #moveBRow}) and keeps the volume up to date, for
 * {@link BoundaryRefiner}: it holds, per B row j, how many A rows of each part reference j, in a
 * slot of min(K, references of j) entries (indexed by part when that is K, a small list
 * otherwise), so memory stays linear in nnz(A).
 */
public final class ConnectivityVolume {

  private final BipartiteGraph g;
  private final int k;
  private final int[] aPart;
  private final int[] bPart;
  /** Slot of B row j: [slotStart[j], slotStart[j + 1]). */
  private final int[] slotStart;
  /** Part of each slot entry (-1: free); in a dense slot entry p is part p. */
  private final int[] slotPart;
  private final int[] slotCount;
  private long volume;

  /**
   * Tracks the given assignment (the arrays are copied).
   *
   * @throws IllegalArgumentException if the arrays do not match the graph or a part is out of
   *     range
   */
  public ConnectivityVolume(BipartiteGraph g, int[] aPart, int[] bPart, int k) {
    PlanMetrics.checkParts("aPart", aPart, g.numARows(), k);
    PlanMetrics.checkParts("bPart", bPart, g.numBRows(), k);
    this.g = g;
    this.k = k;
    this.aPart = aPart.clone();
    this.bPart = bPart.clone();
    int nB = g.numBRows();
    slotStart = new int[nB + 1];
    for (int j = 0; j < nB; j++) {
      slotStart[j + 1] = slotStart[j] + Math.min(k, g.bRefEnd(j) - g.bRefBegin(j));
    }
    slotPart = new int[slotStart[nB]];
    slotCount = new int[slotStart[nB]];
    for (int j = 0; j < nB; j++) {
      boolean dense = isDense(j);
      for (int s = slotStart[j]; s < slotStart[j + 1]; s++) {
        slotPart[s] = dense ? s - slotStart[j] : -1;
      }
    }
    for (int i = 0, nA = g.numARows(); i < nA; i++) {
      for (int e = g.aRowBegin(i), end = g.aRowEnd(i); e < end; e++) {
        add(g.aColumnAt(e), aPart[i], 1);
      }
    }
    volume = compute(g, aPart, bPart, k);
  }

  /** The connectivity volume of one assignment. */
  public static long compute(BipartiteGraph g, int[] aPart, int[] bPart, int k) {
    PlanMetrics.checkParts("aPart", aPart, g.numARows(), k);
    PlanMetrics.checkParts("bPart", bPart, g.numBRows(), k);
    int[] seen = new int[k];
    Arrays.fill(seen, -1);
    long volume = 0;
    for (int j = 0, nB = g.numBRows(); j < nB; j++) {
      int home = bPart[j];
      int nnzB = g.bRowNnz(j);
      for (int e = g.bRefBegin(j), end = g.bRefEnd(j); e < end; e++) {
        int p = aPart[g.bReferenceAt(e)];
        if (p != home && seen[p] != j) {
          seen[p] = j;
          volume += nnzB;
        }
      }
    }
    return volume;
  }

  /** The volume of the current assignment. */
  public long volume() {
    return volume;
  }

  public int parts() {
    return k;
  }

  public int aPart(int i) {
    return aPart[i];
  }

  public int bPart(int j) {
    return bPart[j];
  }

  /** A copy of the current parts of the A rows. */
  public int[] aParts() {
    return aPart.clone();
  }

  /** A copy of the current parts of the B rows. */
  public int[] bParts() {
    return bPart.clone();
  }

  /** How many A rows of part p reference B row j. */
  public int references(int j, int p) {
    int s = find(j, p);
    return s < 0 ? 0 : slotCount[s];
  }

  /**
   * Writes the parts whose A rows reference B row j into {@code out} (at least min(K, 1 +
   * references) long) and returns how many there are.
   */
  public int referencingParts(int j, int[] out) {
    int n = 0;
    for (int s = slotStart[j], end = slotStart[j + 1]; s < end; s++) {
      if (slotCount[s] > 0) {
        out[n++] = slotPart[s];
      }
    }
    return n;
  }

  /** Moves A row i to part {@code to}, updating the volume. */
  public void moveARow(int i, int to) {
    int from = aPart[i];
    if (from == to) {
      return;
    }
    for (int e = g.aRowBegin(i), end = g.aRowEnd(i); e < end; e++) {
      int j = g.aColumnAt(e);
      long w = g.bRowNnz(j);
      if (add(j, from, -1) == 0 && from != bPart[j]) {
        volume -= w;
      }
      if (add(j, to, 1) == 1 && to != bPart[j]) {
        volume += w;
      }
    }
    aPart[i] = to;
  }

  /** Moves B row j to part {@code to}, updating the volume. */
  public void moveBRow(int j, int to) {
    int from = bPart[j];
    if (from == to) {
      return;
    }
    long w = g.bRowNnz(j);
    // the old home now counts if it references j; the new one no longer does
    volume += (references(j, from) > 0 ? w : 0) - (references(j, to) > 0 ? w : 0);
    bPart[j] = to;
  }

  private boolean isDense(int j) {
    return slotStart[j + 1] - slotStart[j] == k;
  }

  private int find(int j, int p) {
    if (isDense(j)) {
      return slotStart[j] + p;
    }
    for (int s = slotStart[j], end = slotStart[j + 1]; s < end; s++) {
      if (slotPart[s] == p) {
        return s;
      }
    }
    return -1;
  }

  /** Adds delta to the references of j by part p; returns the new count. */
  private int add(int j, int p, int delta) {
    int s = find(j, p);
    if (s < 0) {
      // a new part for j: a sparse slot has room, since it never holds more parts than refs
      for (s = slotStart[j]; slotPart[s] >= 0; s++) {
        // find a free entry
      }
      slotPart[s] = p;
    }
    int c = slotCount[s] + delta;
    slotCount[s] = c;
    if (c == 0 && !isDense(j)) {
      slotPart[s] = -1;
    }
    return c;
  }
}
