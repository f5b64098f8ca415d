package org.spgemm.partition.table;

import java.util.function.IntFunction;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.plan.PlanMetrics;

/**
 * Checks that a saved plan fits table M as it is now, so that applying it writes what was
 * planned: the same A and B row keys in the same order (phantom B rows included) and, measured
 * on the table's model with the plan's parts, the same cut, remote B volume and nnz(A) and
 * nnz(B) per part. nnz(C) per part is not checked: that would need a symbolic multiply.
 */
public final class PlanMatch {

  private PlanMatch() {}

  /**
   * @param table the model read from M (nnz(C) may be unknown)
   * @throws IllegalArgumentException naming the first difference
   */
  public static void check(PartitionPlan plan, TableGraph table) {
    sameKeys("A", plan.numARows(), plan::aRowKey, table.aRowKeys());
    sameKeys("B", plan.numBRows(), plan::bRowKey, table.bRowKeys());
    PlanMetrics saved = plan.metrics();
    PlanMetrics now =
        PlanMetrics.compute(table.graph(), plan.aParts(), plan.bParts(), plan.parts());
    same("the cut size", saved.cutSize(), now.cutSize());
    same("the number of cut edges", saved.cutEdges(), now.cutEdges());
    same("the remote B volume", saved.remoteBVolume(), now.remoteBVolume());
    for (int p = 0; p < plan.parts(); p++) {
      same("nnz(A) of part " + p, saved.partWeight(p, BipartiteGraph.W_A),
          now.partWeight(p, BipartiteGraph.W_A));
      same("nnz(B) of part " + p, saved.partWeight(p, BipartiteGraph.W_B),
          now.partWeight(p, BipartiteGraph.W_B));
    }
  }

  private static void sameKeys(String matrix, int n, IntFunction<String> planKey,
      String[] tableKeys) {
    for (int i = 0; i < Math.min(n, tableKeys.length); i++) {
      if (!planKey.apply(i).equals(tableKeys[i])) {
        throw new IllegalArgumentException(matrix + " row " + i + " is \"" + planKey.apply(i)
            + "\" in the plan but \"" + tableKeys[i] + "\" in the table");
      }
    }
    if (n != tableKeys.length) {
      throw new IllegalArgumentException("the plan has " + n + " " + matrix
          + " rows but the table has " + tableKeys.length);
    }
  }

  private static void same(String what, long planned, long actual) {
    if (planned != actual) {
      throw new IllegalArgumentException(what + " is " + planned + " in the plan but " + actual
          + " in the table");
    }
  }
}
