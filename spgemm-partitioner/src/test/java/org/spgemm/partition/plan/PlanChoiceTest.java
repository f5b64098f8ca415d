package org.spgemm.partition.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.spgemm.partition.GraphPartitioner;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.TestMatrices;
import org.spgemm.partition.graph.BipartiteGraph;

class PlanChoiceTest {

  private static PlanMetrics metrics(long volume, long... weightsPerPart) {
    long[][] w = new long[2][BipartiteGraph.NCON];
    for (int c = 0; c < BipartiteGraph.NCON; c++) {
      w[0][c] = weightsPerPart[0];
      w[1][c] = weightsPerPart[1];
    }
    return new PlanMetrics(2, volume * 2, volume, volume, w);
  }

  private static List<PlanChoice.Candidate> judged(double[] tolerance, PlanMetrics... ms) {
    List<PlanChoice.Candidate> out = new ArrayList<>();
    PlanChoice.Kind[] kinds = PlanChoice.Kind.values();
    for (int i = 0; i < ms.length; i++) {
      out.add(new PlanChoice.Candidate(kinds[i], ms[i], false, new int[0], new int[0])
          .judged(tolerance));
    }
    return out;
  }

  @Test
  void theBalancedPlanOfLeastVolumeWins() {
    double[] tol = {1.01, 1.01, 1.01};
    List<PlanChoice.Candidate> cs = judged(tol, metrics(100, 50, 50), metrics(80, 50, 50),
        metrics(60, 70, 30), metrics(120, 50, 50));
    assertFalse(cs.get(2).balanced(), "natural order at 1.4 is outside the tolerance");
    assertSame(cs.get(1), PlanChoice.select(cs), "refined METIS: 80, the least balanced one");
  }

  @Test
  void theEqualRowsSplitWinsWhenItMovesLessEvenIfUnbalanced() {
    double[] tol = {1.01, 1.01, 1.01};
    List<PlanChoice.Candidate> cs = judged(tol, metrics(100, 50, 50), metrics(90, 50, 50),
        metrics(95, 50, 50), metrics(70, 80, 20));
    assertFalse(cs.get(3).balanced());
    assertSame(cs.get(3), PlanChoice.select(cs));
  }

  @Test
  void tiesGoToTheEarlierCandidate() {
    double[] tol = {1.01, 1.01, 1.01};
    List<PlanChoice.Candidate> cs = judged(tol, metrics(50, 50, 50), metrics(50, 50, 50),
        metrics(50, 50, 50), metrics(50, 50, 50));
    assertSame(cs.get(0), PlanChoice.select(cs));
  }

  /** On every model and K, the winner moves no more than the equal-rows split, nor than METIS. */
  @Test
  void theWinnerNeverMovesMoreThanTheEqualRowsSplit() {
    BoundaryRefinerTest.requireMetis();
    for (Map.Entry<String,BipartiteGraph> e : BoundaryRefinerTest.models().entrySet()) {
      BipartiteGraph g = e.getValue();
      String[] keys = TestMatrices.decimalKeys(g.numARows());
      for (int k : new int[] {2, 4}) {
        String what = e.getKey() + ", K=" + k;
        PartitionOptions po = PartitionOptions.parts(k).withSeed(1);
        PlanChoice choice = GraphPartitioner.choose(g, GraphPartitioner.partitionVertices(g, po),
            po, keys, keys);
        long equal = choice.candidate(PlanChoice.Kind.EQUAL_ROWS).remoteBVolume();
        long metis = choice.candidate(PlanChoice.Kind.METIS).remoteBVolume();
        long won = choice.winner().remoteBVolume();
        assertTrue(won <= equal, what + ": " + choice);
        assertTrue(won <= metis || choice.winner().kind() == PlanChoice.Kind.EQUAL_ROWS,
            what + ": " + choice);
        assertTrue(choice.candidate(PlanChoice.Kind.METIS_REFINED).remoteBVolume() <= metis);
        assertTrue(choice.candidate(PlanChoice.Kind.METIS_REFINED).balanced(), what);
        assertTrue(choice.candidate(PlanChoice.Kind.METIS_ROWS_REFINED).remoteBVolume()
            <= choice.candidate(PlanChoice.Kind.METIS_ROWS).remoteBVolume(), what);
        // the plan is the winner's, with the equal-rows split as its baseline
        PartitionPlan plan = choice.plan();
        assertEquals(choice.winner().metrics(), plan.metrics(), what);
        assertEquals(choice.candidate(PlanChoice.Kind.EQUAL_ROWS).metrics(),
            plan.baselineMetrics());
        assertEquals(won, ConnectivityVolume.compute(g, plan.aParts(), plan.bParts(), k));
        assertTrue(choice.reason().startsWith(choice.winner().kind().label() + ":"),
            choice.reason());
        String text = choice.describe();
        for (PlanChoice.Kind kind : PlanChoice.Kind.values()) {
          assertTrue(text.contains(kind.label()), text);
        }
        assertTrue(text.contains("WON"), text);
      }
    }
  }

  /** On a stencil the row graph (mesh) split moves less B than the strips of equal rows. */
  @Test
  void theRowGraphBeatsStripsOnAStencil() {
    BoundaryRefinerTest.requireMetis();
    BipartiteGraph g = TestMatrices.squareModel(TestMatrices.poisson7(16));
    String[] keys = TestMatrices.decimalKeys(g.numARows());
    PartitionOptions po = PartitionOptions.parts(4).withSeed(1);
    PlanChoice choice = GraphPartitioner.choose(g, GraphPartitioner.partitionVertices(g, po), po,
        keys, keys);
    long rows = choice.candidate(PlanChoice.Kind.METIS_ROWS).remoteBVolume();
    long equal = choice.candidate(PlanChoice.Kind.EQUAL_ROWS).remoteBVolume();
    assertTrue(rows < equal, choice.describe());
    assertTrue(choice.winner().remoteBVolume() <= rows, choice.describe());
  }

  @Test
  void onePartChoosesWithoutMetis() {
    BipartiteGraph g = TestMatrices.squareModel(TestMatrices.poisson7(3));
    String[] keys = TestMatrices.decimalKeys(27);
    PlanChoice choice = GraphPartitioner.choose(g, new int[54], PartitionOptions.parts(1), keys,
        keys);
    assertEquals(0, choice.winner().remoteBVolume());
    assertArrayEquals(new int[27], choice.plan().aParts());
    assertEquals(PlanChoice.Kind.values().length, choice.candidates().size());
  }
}
