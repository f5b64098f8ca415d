package org.spgemm.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.graph.CsrGraph;
import org.spgemm.partition.metis.JMetis;
import org.spgemm.partition.metis.MetisInputValidator;
import org.spgemm.partition.metis.MetisUnavailableException;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.plan.PlanMetrics;

class GraphPartitionerTest {

  static void requireMetis() {
    assertTrue(JMetis.isAvailable(), "METIS is not installed: run bin/test, or apt-get install libmetis5 (tests never skip it)");
  }

  @Test
  void gRRpFetchesLessThanTheEqualRowsSplitOnAPermutedStencil() {
    requireMetis();
    // a randomly numbered 12^3 Poisson matrix: contiguous row blocks have no locality at all
    TestMatrices.Pattern a = TestMatrices.permuteSymmetric(TestMatrices.poisson7(12), 2019);
    BipartiteGraph g = TestMatrices.squareModel(a);
    String[] keys = TestMatrices.decimalKeys(a.n);
    for (int k : new int[] {2, 4}) {
      PartitionPlan plan = GraphPartitioner.partition(g, keys, keys,
          PartitionOptions.parts(k).withSeed(1));
      PlanMetrics ours = plan.metrics();
      PlanMetrics base = plan.baselineMetrics();
      assertTrue(ours.remoteBVolume() * 3 < base.remoteBVolume(),
          "K=" + k + ": gRRp " + ours.remoteBVolume() + " vs equal rows " + base.remoteBVolume());
      assertTrue(ours.cutSize() < base.cutSize());
      assertTrue(ours.maxImbalance() <= 1.05, ours.toString());
      assertEquals(k - 1, plan.splitPoints().size());
    }
  }

  @Test
  void onePartNeedsNoMetis() {
    String old = System.getProperty(JMetis.LIBRARY_PROPERTY);
    System.setProperty(JMetis.LIBRARY_PROPERTY, "/nonexistent/libmetis.so.5");
    try {
      BipartiteGraph g = TestMatrices.squareModel(TestMatrices.poisson7(3));
      String[] keys = TestMatrices.decimalKeys(27);
      PartitionPlan plan = GraphPartitioner.partition(g, keys, keys, PartitionOptions.parts(1));
      assertArrayEquals(new int[27], plan.aParts());
      assertEquals(0, plan.splitPoints().size());
      assertEquals("p0000|05", plan.newARowKey(5));
      assertEquals(0, plan.metrics().remoteBVolume());
      // more parts do need METIS, and say how to get it
      MetisUnavailableException e = assertThrows(MetisUnavailableException.class,
          () -> GraphPartitioner.partitionVertices(g, PartitionOptions.parts(2)));
      assertTrue(e.getMessage().contains("apt-get install libmetis5"), e.getMessage());
    } finally {
      if (old == null) {
        System.clearProperty(JMetis.LIBRARY_PROPERTY);
      } else {
        System.setProperty(JMetis.LIBRARY_PROPERTY, old);
      }
    }
  }

  @Test
  void weightsBeyondIdxAreScaledDownKeepingPositivesPositive() {
    CsrGraph g = new CsrGraph(3, 2, new int[] {0, 2, 4, 6}, new int[] {1, 2, 0, 2, 0, 1},
        new long[] {3_000_000_000L, 0, 1, 5, 1, 0},
        new int[] {2_000_000_000, 1, 2_000_000_000, 7, 1, 7});
    assertThrows(IllegalArgumentException.class,
        () -> MetisInputValidator.validate(g, 2, Integer.MAX_VALUE));
    CsrGraph fitted = GraphPartitioner.fitWeights(g, Integer.MAX_VALUE);
    MetisInputValidator.validate(fitted, 2, Integer.MAX_VALUE);
    long edgeTotal = 0;
    for (int k = 0; k < 6; k++) {
      assertTrue(fitted.adjwgt()[k] >= 1);
      edgeTotal += fitted.adjwgt()[k];
    }
    assertTrue(edgeTotal <= Integer.MAX_VALUE / 2);
    assertEquals(fitted.adjwgt()[0], fitted.adjwgt()[2], "symmetry survives scaling");
    assertTrue(fitted.vertexWeight(0, 0) > fitted.vertexWeight(1, 0));
    assertEquals(1, fitted.vertexWeight(1, 0), "a small positive weight stays positive");
    assertEquals(0, fitted.vertexWeight(0, 1), "zero stays zero");
    assertEquals(5, fitted.vertexWeight(1, 1), "a constraint that fits is left alone");
    CsrGraph small = new CsrGraph(2, 1, new int[] {0, 1, 2}, new int[] {1, 0}, null,
        new int[] {3, 3});
    assertSame(small, GraphPartitioner.fitWeights(small, Integer.MAX_VALUE));
  }

  @Test
  void partitionsAModelWhoseTotalsOverflowA32BitIdx() {
    requireMetis();
    TestMatrices.Pattern a = TestMatrices.poisson7(6);
    int[] bRowNnz = new int[a.n];
    java.util.Arrays.fill(bRowNnz, 50_000_000); // hub rows of B: flops far beyond 2^31
    long[] cRowNnz = new long[a.n];
    java.util.Arrays.fill(cRowNnz, 1_000_000_000L);
    BipartiteGraph g = BipartiteGraph.fromCsr(a.n, a.rowPtr, a.colIdx, a.n, bRowNnz, cRowNnz);
    assertTrue(g.totalEdgeCost() > Integer.MAX_VALUE);
    int[] parts = GraphPartitioner.partitionVertices(g, PartitionOptions.parts(4).withSeed(2));
    assertEquals(g.numVertices(), parts.length);
    PlanMetrics m = PlanMetrics.compute(g, java.util.Arrays.copyOfRange(parts, 0, a.n),
        java.util.Arrays.copyOfRange(parts, a.n, 2 * a.n), 4);
    assertTrue(m.maxImbalance() <= 1.1, m.toString());
  }

  @Test
  void morePartsThanVerticesLeavesSomePartsEmpty() {
    requireMetis();
    // 2 rows of A and 2 of B: 4 vertices, 8 tablet servers
    BipartiteGraph g = TestMatrices.squareGraph(2, new int[] {0, 1, 2}, new int[] {1, 0},
        null);
    String[] keys = {"0", "1"};
    PartitionPlan plan = GraphPartitioner.partition(g, keys, keys, PartitionOptions.parts(8));
    assertEquals(7, plan.splitPoints().size());
    for (int i = 0; i < 2; i++) {
      assertTrue(plan.aPart(i) >= 0 && plan.aPart(i) < 4);
      assertTrue(plan.bPart(i) >= 0 && plan.bPart(i) < 4);
    }
  }

  @Test
  void planChecksThePartVector() {
    BipartiteGraph g = TestMatrices.squareModel(TestMatrices.poisson7(2));
    String[] keys = TestMatrices.decimalKeys(8);
    assertThrows(IllegalArgumentException.class,
        () -> GraphPartitioner.plan(g, new int[15], 2, keys, keys));
    int[] parts = new int[16];
    parts[3] = 2;
    assertThrows(IllegalArgumentException.class,
        () -> GraphPartitioner.plan(g, parts, 2, keys, keys));
    assertThrows(IllegalArgumentException.class, () -> PartitionOptions.parts(0));
  }
}
