package org.spgemm.partition.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.spgemm.partition.GraphPartitioner;
import org.spgemm.partition.ModelGraphs;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.TestMatrices;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.metis.JMetis;

class BoundaryRefinerTest {

  static final double EPS = 0.005;
  static final double[] EPSILON = {EPS, EPS, EPS};

  /** R-MAT-like and stencil models, natural and randomly numbered. */
  static Map<String,BipartiteGraph> models() {
    Map<String,BipartiteGraph> m = new LinkedHashMap<>();
    m.put("rmat 10", ModelGraphs.rmat(10, 8, 7));
    m.put("2-D 9-point 40x40", ModelGraphs.stencil2d9(40));
    m.put("3-D 7-point 12^3 permuted", ModelGraphs.permuted(ModelGraphs.stencil3d7(12), 21));
    m.put("3-D 27-point 9^3", ModelGraphs.stencil3d27(9));
    return m;
  }

  static void requireMetis() {
    assertTrue(JMetis.isAvailable(),
        "METIS is not installed: apt-get install libmetis5 (tests never skip it)");
  }

  @Test
  void refinementNeverRaisesTheVolumeAndKeepsBalance() {
    requireMetis();
    int improved = 0;
    for (Map.Entry<String,BipartiteGraph> e : models().entrySet()) {
      BipartiteGraph g = e.getValue();
      int nA = g.numARows();
      for (int k : new int[] {2, 4, 8}) {
        String what = e.getKey() + ", K=" + k;
        int[] parts = GraphPartitioner.partitionVertices(g,
            PartitionOptions.parts(k).withSeed(1).withEpsilon(EPS));
        int[] a = Arrays.copyOfRange(parts, 0, nA);
        int[] b = Arrays.copyOfRange(parts, nA, parts.length);
        PlanMetrics metis = PlanMetrics.compute(g, a, b, k);
        BoundaryRefiner.Result r = BoundaryRefiner.refine(g, a, b, k, EPSILON,
            BoundaryRefiner.DEFAULT_MAX_PASSES);
        PlanMetrics refined = PlanMetrics.compute(g, r.aParts(), r.bParts(), k);
        assertEquals(metis.remoteBVolume(), r.volumeBefore(), what);
        assertEquals(refined.remoteBVolume(), r.volumeAfter(), what + ": tracked volume exact");
        assertTrue(refined.remoteBVolume() <= metis.remoteBVolume(),
            what + ": refined " + refined + " vs METIS " + metis);
        for (int c = 0; c < BipartiteGraph.NCON; c++) {
          double bound = Math.max(1 + EPS, metis.imbalance(c)) + 1e-9;
          assertTrue(refined.imbalance(c) <= bound,
              what + ": constraint " + c + " refined " + refined + " METIS " + metis);
        }
        assertTrue(r.passes() >= 1 && r.passes() <= BoundaryRefiner.DEFAULT_MAX_PASSES, what);
        improved += refined.remoteBVolume() < metis.remoteBVolume() ? 1 : 0;
        assertEquals(r.moves() == 0, refined.remoteBVolume() == metis.remoteBVolume(),
            what + ": every move lowers the volume");
      }
    }
    assertTrue(improved >= 6, "the refinement should lower METIS's volume in most of the 12"
        + " cases, did in " + improved);
  }

  /** B rows placed where none of their readers are move to them, when balance allows. */
  @Test
  void bRowsAwayFromAllTheirReadersMoveToThem() {
    // A·A with A = two 2x2 blocks: B rows 0, 1 read from A rows 0, 1; B rows 2, 3 from 2, 3
    BipartiteGraph g = TestMatrices.squareGraph(4, new int[] {0, 2, 4, 6, 8},
        new int[] {0, 1, 0, 1, 2, 3, 2, 3}, new long[4]);
    int[] a = {0, 0, 1, 1};
    int[] b = {0, 1, 1, 0}; // B rows 1 and 3 sit in the other part: 2 + 2 entries remote
    assertEquals(4, ConnectivityVolume.compute(g, a, b, 2));
    // tight tolerance: any single move unbalances B (or A) by 50 %: nothing moves
    BoundaryRefiner.Result kept = BoundaryRefiner.refine(g, a, b, 2, EPSILON, 4);
    assertEquals(4, kept.volumeAfter());
    assertEquals(0, kept.moves());
    assertArrayEquals(b, kept.bParts());
    // a tolerance of 2: B row 1 moves (6:2 allowed), then B row 3 (back to 4:4)
    BoundaryRefiner.Result r = BoundaryRefiner.refine(g, a, b, 2, new double[] {1, 1, 1}, 4);
    assertEquals(0, r.volumeAfter());
    assertArrayEquals(new int[] {0, 0, 1, 1}, r.bParts());
    assertArrayEquals(a, r.aParts());
  }

  @Test
  void zeroPassesChangeNothingAndBadArgumentsAreRejected() {
    BipartiteGraph g = ModelGraphs.stencil2d9(5);
    int[] a = PlanMetrics.equalRowBlocks(25, 3);
    BoundaryRefiner.Result r = BoundaryRefiner.refine(g, a, a, 3, EPSILON, 0);
    assertArrayEquals(a, r.aParts());
    assertEquals(0, r.moves());
    assertThrows(IllegalArgumentException.class,
        () -> BoundaryRefiner.refine(g, a, a, 3, new double[] {0.1}, 1));
    assertThrows(IllegalArgumentException.class,
        () -> BoundaryRefiner.refine(g, a, a, 3, EPSILON, -1));
  }
}
