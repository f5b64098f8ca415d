package org.spgemm.partition.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.spgemm.partition.ModelGraphs;
import org.spgemm.partition.TestMatrices;
import org.spgemm.partition.graph.BipartiteGraph;

class ConnectivityVolumeTest {

  /** The definition, literally: per B row, the set of other parts holding a referencing A row. */
  private static long bruteForce(BipartiteGraph g, int[] aPart, int[] bPart) {
    long v = 0;
    for (int j = 0; j < g.numBRows(); j++) {
      Set<Integer> parts = new HashSet<>();
      for (int i = 0; i < g.numARows(); i++) {
        if (hasEdge(g, i, j) && aPart[i] != bPart[j]) {
          parts.add(aPart[i]);
        }
      }
      v += (long) g.bRowNnz(j) * parts.size();
    }
    return v;
  }

  private static int[] randomParts(int n, int k, Random rnd) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = rnd.nextInt(k);
    }
    return p;
  }

  @Test
  void aHandCountedExample() {
    // A = [1 1 0; 0 1 1; 1 0 1] (A·A): B rows have 2 entries each
    BipartiteGraph g = TestMatrices.squareGraph(3, new int[] {0, 2, 4, 6},
        new int[] {0, 1, 1, 2, 0, 2}, new long[3]);
    // A rows in parts 0,1,1; B rows 0,0,1. B row 0 is needed by A rows 0 (part 0, home) and 2
    // (part 1): 2. B row 1 by rows 0 (home) and 1 (part 1): 2. B row 2 by rows 1, 2 (home): 0.
    int[] a = {0, 1, 1};
    int[] b = {0, 0, 1};
    assertEquals(4, ConnectivityVolume.compute(g, a, b, 2));
    assertEquals(4, bruteForce(g, a, b));
    assertEquals(4, new ConnectivityVolume(g, a, b, 2).volume());
    assertEquals(4, PlanMetrics.compute(g, a, b, 2).remoteBVolume());
  }

  @Test
  void matchesABruteForceCountOnSmallGraphs() {
    Random rnd = new Random(12);
    BipartiteGraph[] graphs = {ModelGraphs.rmat(6, 4, 1), ModelGraphs.stencil2d9(7),
        ModelGraphs.permuted(ModelGraphs.stencil3d7(4), 3)};
    for (BipartiteGraph g : graphs) {
      for (int k : new int[] {1, 2, 3, 5, 16}) {
        int[] a = randomParts(g.numARows(), k, rnd);
        int[] b = randomParts(g.numBRows(), k, rnd);
        long expected = bruteForce(g, a, b);
        assertEquals(expected, ConnectivityVolume.compute(g, a, b, k), "K=" + k);
        assertEquals(expected, new ConnectivityVolume(g, a, b, k).volume(), "K=" + k);
      }
    }
  }

  /** The tracker stays exact under random moves, with dense (K small) and sparse slots. */
  @Test
  void movesKeepTheVolumeExact() {
    Random rnd = new Random(5);
    BipartiteGraph g = ModelGraphs.rmat(7, 6, 9);
    for (int k : new int[] {2, 4, 40}) {
      int[] a = randomParts(g.numARows(), k, rnd);
      int[] b = randomParts(g.numBRows(), k, rnd);
      ConnectivityVolume cv = new ConnectivityVolume(g, a, b, k);
      for (int step = 0; step < 2000; step++) {
        if (rnd.nextBoolean()) {
          int i = rnd.nextInt(g.numARows());
          int to = rnd.nextInt(k);
          cv.moveARow(i, to);
          a[i] = to;
        } else {
          int j = rnd.nextInt(g.numBRows());
          int to = rnd.nextInt(k);
          cv.moveBRow(j, to);
          b[j] = to;
        }
        if (step % 250 == 0) {
          assertEquals(bruteForce(g, a, b), cv.volume(), "K=" + k + " after " + step + " moves");
        }
      }
      assertEquals(ConnectivityVolume.compute(g, a, b, k), cv.volume());
      for (int j = 0; j < g.numBRows(); j++) {
        for (int p = 0; p < k; p++) {
          int refs = 0;
          for (int e = g.bRefBegin(j); e < g.bRefEnd(j); e++) {
            refs += a[g.bReferenceAt(e)] == p ? 1 : 0;
          }
          assertEquals(refs, cv.references(j, p), "references of B row " + j + " by part " + p);
        }
      }
    }
  }

  @Test
  void rejectsPartsOutOfRange() {
    BipartiteGraph g = ModelGraphs.stencil2d9(3);
    int[] ok = new int[9];
    int[] bad = new int[9];
    bad[4] = 2;
    assertThrows(IllegalArgumentException.class, () -> ConnectivityVolume.compute(g, bad, ok, 2));
    assertThrows(IllegalArgumentException.class,
        () -> new ConnectivityVolume(g, ok, new int[8], 2));
  }

  private static boolean hasEdge(BipartiteGraph g, int i, int j) {
    for (int k = g.aRowBegin(i); k < g.aRowEnd(i); k++) {
      if (g.aColumnAt(k) == j) {
        return true;
      }
    }
    return false;
  }
}
