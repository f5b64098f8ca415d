package org.spgemm.partition.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.spgemm.partition.ModelGraphs;
import org.spgemm.partition.graph.BipartiteGraph;

class NaturalOrderTest {

  private static void assertContiguous(int[] parts, int k) {
    assertEquals(0, parts[0]);
    assertEquals(k - 1, parts[parts.length - 1]);
    for (int i = 1; i < parts.length; i++) {
      assertTrue(parts[i] == parts[i - 1] || parts[i] == parts[i - 1] + 1,
          "blocks in row order, none skipped, at row " + i);
    }
  }

  @Test
  void skewedRowsAreBalancedBetterThanByRowCount() {
    BipartiteGraph g = ModelGraphs.rmat(10, 8, 4);
    int k = 4;
    int[] a = NaturalOrder.aParts(g, k);
    int[] b = NaturalOrder.bParts(g, k);
    assertContiguous(a, k);
    assertContiguous(b, k);
    PlanMetrics natural = PlanMetrics.compute(g, a, b, k);
    PlanMetrics equal = PlanMetrics.compute(g, PlanMetrics.equalRowBlocks(g.numARows(), k),
        PlanMetrics.equalRowBlocks(g.numBRows(), k), k);
    for (int c = 0; c < BipartiteGraph.NCON; c++) {
      assertTrue(natural.imbalance(c) < equal.imbalance(c),
          "constraint " + c + ": natural " + natural + " vs equal rows " + equal);
    }
    assertTrue(natural.imbalance(BipartiteGraph.W_B) < 1.05, natural.toString());
  }

  @Test
  void aStencilInNaturalOrderIsSplitAlongItsPlanes() {
    BipartiteGraph g = ModelGraphs.stencil3d27(10);
    int k = 4;
    int[] a = NaturalOrder.aParts(g, k);
    assertContiguous(a, k);
    PlanMetrics natural = PlanMetrics.compute(g, a, NaturalOrder.bParts(g, k), k);
    assertTrue(natural.maxImbalance() < 1.06, natural.toString());
    // each of the 3 boundaries needs about two planes of 100 rows (27 entries or fewer each)
    assertTrue(natural.remoteBVolume() < 3 * 2 * 100 * 27, natural.toString());
  }

  @Test
  void equalWeightsGiveEqualBlocks() {
    assertArrayEquals(new int[] {0, 0, 1, 1, 2, 2}, NaturalOrder.contiguous(new double[6], 3));
    assertArrayEquals(new int[] {0, 0, 1, 1, 2, 2},
        NaturalOrder.contiguous(new double[] {1, 1, 1, 1, 1, 1}, 3));
    assertArrayEquals(new int[] {0, 1, 1, 1}, NaturalOrder.contiguous(new double[] {3, 1, 1, 1}, 2));
  }
}
