package org.spgemm.partition.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.spgemm.partition.graph.BipartiteGraph;

class PartitionPlanTest {

  /** The figure example of BipartiteGraphTest (A 4×5, B 5×4, B row 3 empty). */
  static BipartiteGraph figureGraph() {
    return BipartiteGraph.fromCsr(4, new int[] {0, 2, 5, 6, 9},
        new int[] {0, 2, 1, 2, 4, 3, 0, 3, 4}, 5, new int[] {2, 1, 3, 0, 2},
        new long[] {3, 4, 0, 3});
  }

  @Test
  void metricsOfTheFigureExampleByHand() {
    BipartiteGraph g = figureGraph();
    // u0,u1 -> part 0; u2,u3 -> part 1; v0 -> 0; v1..v4 -> 1
    PlanMetrics m = PlanMetrics.compute(g, new int[] {0, 0, 1, 1}, new int[] {0, 1, 1, 1, 1}, 2);
    // cut edges: (u0,v2) 3, (u1,v1) 1, (u1,v2) 3, (u1,v4) 2, (u3,v0) 2
    assertEquals(11, m.cutSize());
    assertEquals(5, m.cutEdges());
    // part 0 fetches v1, v2, v4 once each (1 + 3 + 2); part 1 fetches v0 (2)
    assertEquals(8, m.remoteBVolume());
    assertArrayEquals(new long[] {5, 2, 7}, new long[] {m.partWeight(0, 0), m.partWeight(0, 1),
        m.partWeight(0, 2)});
    assertArrayEquals(new long[] {4, 6, 3}, new long[] {m.partWeight(1, 0), m.partWeight(1, 1),
        m.partWeight(1, 2)});
    assertArrayEquals(new double[] {5 / 4.5, 6 / 4.0, 7 / 5.0}, m.imbalance(), 1e-12);
    assertEquals(1.5, m.maxImbalance(), 1e-12);
  }

  @Test
  void equalRowBlocksAndTheirMetrics() {
    assertArrayEquals(new int[] {0, 0, 1, 1}, PlanMetrics.equalRowBlocks(4, 2));
    assertArrayEquals(new int[] {0, 0, 0, 1, 1}, PlanMetrics.equalRowBlocks(5, 2));
    assertArrayEquals(new int[] {0, 0, 0, 1, 1, 2, 2}, PlanMetrics.equalRowBlocks(7, 3));
    assertArrayEquals(new int[] {0, 2}, PlanMetrics.equalRowBlocks(2, 4));
    BipartiteGraph g = figureGraph();
    PlanMetrics base = PlanMetrics.compute(g, PlanMetrics.equalRowBlocks(4, 2),
        PlanMetrics.equalRowBlocks(5, 2), 2);
    // cut: (u1,v4) 2 and (u3,v0) 2; each fetched once
    assertEquals(4, base.cutSize());
    assertEquals(2, base.cutEdges());
    assertEquals(4, base.remoteBVolume());
  }

  @Test
  void onePartHasNothingRemote() {
    BipartiteGraph g = figureGraph();
    PlanMetrics m = PlanMetrics.compute(g, new int[4], new int[5], 1);
    assertEquals(0, m.cutSize());
    assertEquals(0, m.remoteBVolume());
    assertArrayEquals(new double[] {1, 1, 1}, m.imbalance(), 0);
  }

  @Test
  void keyRoundTrip() {
    String[] keys = {"00000042", "", "a|b", "p0001|nested", "ключ", "x\u0000y", "p"};
    for (int k : new int[] {1, 2, 16, 10000, 10001, 123456}) {
      for (String key : keys) {
        for (int part : new int[] {0, k - 1, k / 2}) {
          String nk = PartitionPlan.newKey(part, k, key);
          assertEquals(key, PartitionPlan.originalKey(nk), nk);
          assertEquals(part, PartitionPlan.partOf(nk), nk);
        }
      }
    }
    assertEquals("p0003|00000042", PartitionPlan.newKey(3, 8, "00000042"));
    assertEquals("p00003|7", PartitionPlan.newKey(3, 10001, "7"));
    assertEquals(4, PartitionPlan.prefixDigits(1));
    assertEquals(4, PartitionPlan.prefixDigits(10000));
    assertEquals(5, PartitionPlan.prefixDigits(10001));
    for (String bad : new String[] {"", "x0001|a", "p|a", "pabc|a", "p0001", "p0001a", "0001|a"}) {
      assertThrows(IllegalArgumentException.class, () -> PartitionPlan.originalKey(bad), bad);
    }
  }

  @Test
  void splitPointsGiveEveryPartItsOwnTablet() {
    Random rnd = new Random(7);
    for (int k : new int[] {1, 2, 7, 12}) {
      int n = 300;
      String[] keys = new String[n];
      for (int i = 0; i < n; i++) {
        // decimal keys, and awkward ones: empty, separator inside, high and low characters
        keys[i] = i % 5 == 0 ? "" + (char) ('!' + rnd.nextInt(90)) + "|" + i
            : i % 7 == 0 ? "\uffff" + i : String.format("%05d", i);
      }
      int[] aPart = new int[n];
      int[] bPart = new int[n];
      for (int i = 0; i < n; i++) {
        aPart[i] = rnd.nextInt(k);
        bPart[i] = i % k; // every part non-empty
      }
      PartitionPlan plan = planFor(k, aPart, bPart, keys, keys);
      List<String> splits = plan.splitPoints();
      assertEquals(k - 1, splits.size());
      for (int s = 1; s < splits.size(); s++) {
        assertTrue(compareBytes(splits.get(s - 1), splits.get(s)) < 0);
      }
      List<String> newKeys = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        newKeys.add(plan.newARowKey(i));
        newKeys.add(plan.newBRowKey(i));
        assertEquals(plan.newBRowKey(i), plan.newBRowKey(keys[i]));
      }
      for (String nk : newKeys) {
        // Accumulo: a tablet with end row s holds the rows <= s after the previous split
        int tablet = 0;
        while (tablet < splits.size() && compareBytes(nk, splits.get(tablet)) > 0) {
          tablet++;
        }
        assertEquals(PartitionPlan.partOf(nk), tablet, "key " + nk + " in the wrong tablet");
      }
    }
    assertEquals(List.of("p0001", "p0002", "p0003"),
        planFor(4, new int[] {0}, new int[] {3}, new String[] {"a"}, new String[] {"b"})
            .splitPoints());
  }

  @Test
  void planValidatesItsInputs() {
    PlanMetrics m = PlanMetrics.compute(figureGraph(), new int[4], new int[5], 2);
    assertThrows(IllegalArgumentException.class, () -> new PartitionPlan(2, new int[] {0, 2},
        new int[0], new String[] {"a", "b"}, new String[0], m, m));
    assertThrows(IllegalArgumentException.class, () -> new PartitionPlan(2, new int[] {0},
        new int[0], new String[] {"a", "b"}, new String[0], m, m));
    assertThrows(IllegalArgumentException.class, () -> new PartitionPlan(2, new int[] {0},
        new int[0], new String[] {null}, new String[0], m, m));
    assertThrows(IllegalArgumentException.class, () -> new PartitionPlan(3, new int[] {0},
        new int[0], new String[] {"a"}, new String[0], m, m));
    PartitionPlan p = new PartitionPlan(2, new int[] {1}, new int[] {0},
        new String[] {"a"}, new String[] {"b"}, m, m);
    assertThrows(IllegalArgumentException.class, () -> p.newBRowKey("zzz"));
  }

  static PartitionPlan planFor(int k, int[] aPart, int[] bPart, String[] aKeys, String[] bKeys) {
    long[][] w = new long[k][BipartiteGraph.NCON];
    PlanMetrics m = new PlanMetrics(k, 0, 0, 0, w);
    return new PartitionPlan(k, aPart, bPart, aKeys, bKeys, m, m);
  }

  /** Accumulo's row order: unsigned bytes of the UTF-8 encoding. */
  static int compareBytes(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8),
        b.getBytes(StandardCharsets.UTF_8));
  }
}
