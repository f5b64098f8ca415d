package org.spgemm.partition.metis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.spgemm.partition.TestMatrices;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.graph.CsrGraph;
import org.spgemm.partition.plan.PlanMetrics;

/** The binding against the real libmetis (skipped, with the reason, if it is not installed). */
class JMetisTest {

  static JMetis metis;

  @BeforeAll
  static void loadMetis() {
    try {
      metis = JMetis.load();
    } catch (MetisUnavailableException e) {
      metis = null;
    }
  }

  static void requireMetis() {
    assertTrue(metis != null, "METIS is not installed: run bin/test, or apt-get install libmetis5 (tests never skip it)");
  }

  @Test
  void loadsTheTargetedBuild() {
    requireMetis();
    assertEquals(Integer.MAX_VALUE, metis.maxIdx(), "32-bit idx_t");
    assertSame(metis, JMetis.load(), "instances are cached");
    if (System.getProperty(JMetis.LIBRARY_PROPERTY) == null) {
      assertEquals(JMetis.DEFAULT_LIBRARY, metis.library());
    }
  }

  @Test
  void aLibraryThatIsNotMetisIsRefused() {
    MetisUnavailableException e = assertThrows(MetisUnavailableException.class,
        () -> JMetis.load("libz.so.1"));
    assertTrue(e.getMessage().startsWith("the native library libz.so.1 was loaded but is not"
        + " METIS 5: "), e.getMessage());
  }

  @Test
  void partitionsPoissonWithinTheBalanceTolerance() {
    requireMetis();
    BipartiteGraph g = TestMatrices.squareModel(TestMatrices.poisson7(10));
    CsrGraph csr = g.toCsrGraph();
    for (int k : new int[] {2, 4}) {
      MetisResult r = metis.partGraphKway(csr, k, KwayOptions.defaults().withSeed(1));
      int[] parts = r.parts();
      assertEquals(g.numVertices(), parts.length);
      int[] used = new int[k];
      for (int p : parts) {
        assertTrue(p >= 0 && p < k, "part " + p + " outside 0.." + (k - 1));
        used[p]++;
      }
      for (int p = 0; p < k; p++) {
        assertTrue(used[p] > 0, "part " + p + " is empty");
      }
      PlanMetrics m = PlanMetrics.compute(g, java.util.Arrays.copyOfRange(parts, 0, g.numARows()),
          java.util.Arrays.copyOfRange(parts, g.numARows(), g.numVertices()), k);
      for (int c = 0; c < BipartiteGraph.NCON; c++) {
        assertTrue(m.imbalance(c) <= 1.05, "K=" + k + " constraint " + c + " imbalance "
            + m.imbalance(c));
      }
      assertEquals(m.cutSize(), r.objective(), "METIS's edge cut is the model's cut size");
      assertTrue(r.objective() > 0);
    }
  }

  @Test
  void sameSeedSameParts() {
    requireMetis();
    CsrGraph csr = TestMatrices.squareModel(
        TestMatrices.permuteSymmetric(TestMatrices.poisson7(8), 5)).toCsrGraph();
    KwayOptions opts = KwayOptions.defaults().withSeed(42);
    int[] first = metis.partGraphKway(csr, 4, opts).parts();
    int[] second = metis.partGraphKway(csr, 4, opts).parts();
    assertArrayEquals(first, second);
    int[] defaults1 = metis.partGraphKway(csr, 4, KwayOptions.defaults()).parts();
    int[] defaults2 = metis.partGraphKway(csr, 4, KwayOptions.defaults()).parts();
    assertArrayEquals(defaults1, defaults2, "METIS's default seed is fixed too");
  }

  @Test
  void onePartNeverCallsMetis() {
    requireMetis();
    CsrGraph csr = TestMatrices.squareModel(TestMatrices.poisson7(3)).toCsrGraph();
    long before = metis.nativeCalls();
    MetisResult r = metis.partGraphKway(csr, 1, KwayOptions.defaults());
    assertEquals(before, metis.nativeCalls());
    assertArrayEquals(new int[csr.nvtxs()], r.parts());
    assertEquals(0, r.objective());
    CsrGraph empty = new CsrGraph(0, 3, new int[] {0}, new int[0], new long[0], new int[0]);
    assertEquals(0, metis.partGraphKway(empty, 4, KwayOptions.defaults()).parts().length);
    assertEquals(before, metis.nativeCalls());
  }

  @Test
  void invalidGraphsNeverReachNativeCode() {
    requireMetis();
    long before = metis.nativeCalls();
    CsrGraph asymmetric = new CsrGraph(3, 1, new int[] {0, 2, 3, 4}, new int[] {1, 2, 2, 0},
        null, null);
    CsrGraph selfLoop = new CsrGraph(2, 1, new int[] {0, 2, 4}, new int[] {0, 1, 0, 1}, null,
        null);
    CsrGraph outOfRange = new CsrGraph(2, 1, new int[] {0, 1, 2}, new int[] {7, 0}, null, null);
    CsrGraph badWeights = new CsrGraph(2, 1, new int[] {0, 1, 2}, new int[] {1, 0}, null,
        new int[] {3, 4});
    String[][] cases = {{"asymmetric adjacency"}, {"self loop at vertex 0"},
        {"lists neighbour 7, outside 0..1"}, {"asymmetric edge weights"}};
    CsrGraph[] graphs = {asymmetric, selfLoop, outOfRange, badWeights};
    for (int t = 0; t < graphs.length; t++) {
      CsrGraph g = graphs[t];
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> metis.partGraphKway(g, 2, KwayOptions.defaults()));
      assertTrue(e.getMessage().contains(cases[t][0]), e.getMessage());
    }
    CsrGraph ok = TestMatrices.squareModel(TestMatrices.poisson7(2)).toCsrGraph();
    assertThrows(IllegalArgumentException.class,
        () -> metis.partGraphKway(ok, 0, KwayOptions.defaults()));
    assertThrows(IllegalArgumentException.class,
        () -> metis.partGraphKway(ok, 2, KwayOptions.defaults().withEpsilons(0.01, 0.01)));
    assertEquals(before, metis.nativeCalls(), "no native call for invalid input");
  }

  @Test
  void zeroCostEdgesAreLeftOutAndThePartitionStillCoversEveryVertex() {
    requireMetis();
    // A 3x3 with B row 1 empty: edges to v1 cost 0 and are not in the METIS graph
    BipartiteGraph g = BipartiteGraph.fromCsr(3, new int[] {0, 2, 4, 6},
        new int[] {0, 1, 1, 2, 0, 2}, 3, new int[] {2, 0, 2}, new long[] {1, 1, 1});
    CsrGraph csr = g.toCsrGraph();
    assertEquals(8, csr.adjacencyLength(), "4 positive-cost edges, both directions");
    assertEquals(0, csr.xadj()[5] - csr.xadj()[4], "v1 has no METIS edges");
    MetisResult r = metis.partGraphKway(csr, 2, KwayOptions.defaults());
    assertEquals(6, r.parts().length);
    for (int p : r.parts()) {
      assertTrue(p == 0 || p == 1);
    }
  }

  @Test
  void perConstraintEpsilonAndLooserBalance() {
    requireMetis();
    CsrGraph csr = TestMatrices.squareModel(TestMatrices.poisson7(6)).toCsrGraph();
    MetisResult tight = metis.partGraphKway(csr, 3, KwayOptions.defaults().withSeed(3));
    MetisResult loose = metis.partGraphKway(csr, 3,
        KwayOptions.defaults().withSeed(3).withEpsilons(0.2, 0.2, 0.2));
    assertTrue(loose.objective() <= tight.objective() * 1.5,
        "a looser balance should not cost much more cut: " + loose.objective() + " vs "
            + tight.objective());
  }

  @Test
  void missingLibraryGivesInstallInstructions() {
    MetisUnavailableException e = assertThrows(MetisUnavailableException.class,
        () -> JMetis.load("/nonexistent/dir/libmetis-missing.so.5"));
    assertTrue(e.getMessage().startsWith("METIS 5 native library (/nonexistent/dir/"),
        e.getMessage());
    assertTrue(e.getMessage().contains("not found: install it with `apt-get install libmetis5`"),
        e.getMessage());
    assertTrue(e.getMessage().contains(JMetis.LIBRARY_PROPERTY), e.getMessage());
  }

  @Test
  void libraryPropertyIsHonoured() {
    String old = System.getProperty(JMetis.LIBRARY_PROPERTY);
    System.setProperty(JMetis.LIBRARY_PROPERTY, "/nonexistent/libmetis.so.5");
    try {
      MetisUnavailableException e = assertThrows(MetisUnavailableException.class, JMetis::load);
      assertTrue(e.getMessage().contains("/nonexistent/libmetis.so.5"), e.getMessage());
      assertTrue(e.getMessage().contains("apt-get install libmetis5"), e.getMessage());
      assertTrue(!JMetis.isAvailable());
    } finally {
      restore(old);
    }
  }

  @Test
  void returnCodesMapToExceptions() {
    JMetis.check(JMetis.METIS_OK);
    int[] codes = {JMetis.METIS_ERROR_INPUT, JMetis.METIS_ERROR_MEMORY, JMetis.METIS_ERROR, 7};
    String[] names = {"METIS_ERROR_INPUT", "METIS_ERROR_MEMORY", "METIS_ERROR", "unknown"};
    for (int t = 0; t < codes.length; t++) {
      int code = codes[t];
      MetisException e = assertThrows(MetisException.class, () -> JMetis.check(code));
      assertEquals(code, e.code());
      assertTrue(e.getMessage().contains(names[t]), e.getMessage());
    }
    assertEquals("METIS_OK", MetisException.codeName(1));
    assertNotEquals("METIS_OK", MetisException.codeName(0));
  }

  @Test
  void optionsAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> KwayOptions.defaults().withEpsilon(0));
    assertThrows(IllegalArgumentException.class,
        () -> KwayOptions.defaults().withEpsilon(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> KwayOptions.defaults().withSeed(-2));
    assertArrayEquals(new double[] {1.005, 1.005, 1.005}, KwayOptions.defaults().ubvec(3), 1e-12);
    assertEquals(0.01, KwayOptions.defaults().withEpsilon(0.01).epsilon(2, 3), 1e-12);
  }

  static void restore(String old) {
    if (old == null) {
      System.clearProperty(JMetis.LIBRARY_PROPERTY);
    } else {
      System.setProperty(JMetis.LIBRARY_PROPERTY, old);
    }
  }
}
