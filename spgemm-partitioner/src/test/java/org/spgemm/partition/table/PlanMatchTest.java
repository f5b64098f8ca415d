package org.spgemm.partition.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.spgemm.partition.GraphPartitioner;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.plan.PartitionPlan;

/** A saved plan fits the table it was made for, and nothing that changed since. */
class PlanMatchTest {

  // A: row 0 {0, 2}, row 1 {1, 2}, row 2 {0}; B rows of nnz 2, 1, 3
  private static final int[] ROW_PTR = {0, 2, 4, 5};
  private static final int[] COLS = {0, 2, 1, 2, 0};
  private static final String[] A_KEYS = {"a0", "a1", "a2"};
  private static final String[] B_KEYS = {"b0", "b1", "b2"};

  private static TableGraph table(int[] rowPtr, int[] cols, int[] bNnz, String[] aKeys,
      String[] bKeys) {
    BipartiteGraph g = BipartiteGraph.fromCsr(aKeys.length, rowPtr, cols, bKeys.length, bNnz,
        null);
    return new TableGraph(g, aKeys, bKeys, 0, 0, 0, 0, 0, 0);
  }

  private static PartitionPlan plan() {
    BipartiteGraph g = BipartiteGraph.fromCsr(3, ROW_PTR, COLS, 3, new int[] {2, 1, 3},
        new long[] {4, 3, 2});
    return GraphPartitioner.plan(g, new int[] {0, 1, 1, 0, 1, 0}, 2, A_KEYS, B_KEYS);
  }

  @Test
  void thePlannedTableFitsWhateverItsCCounts() {
    PlanMatch.check(plan(), table(ROW_PTR, COLS, new int[] {2, 1, 3}, A_KEYS, B_KEYS));
  }

  @Test
  void anotherRowKeyIsNamed() {
    String[] keys = {"a0", "a1x", "a2"};
    assertRefused("A row 1 is \"a1\" in the plan but \"a1x\" in the table",
        table(ROW_PTR, COLS, new int[] {2, 1, 3}, keys, B_KEYS));
  }

  @Test
  void aMissingRowIsCounted() {
    assertRefused("the plan has 3 B rows but the table has 2",
        table(new int[] {0, 1, 2, 3}, new int[] {0, 1, 0}, new int[] {2, 1}, A_KEYS,
            new String[] {"b0", "b1"}));
  }

  @Test
  void aChangedCutIsFound() {
    // A row 0 names B row 1 (part 1) instead of B row 0: one more cut edge
    assertRefused("the cut size is 5 in the plan but 6 in the table",
        table(ROW_PTR, new int[] {1, 2, 1, 2, 0}, new int[] {2, 1, 3}, A_KEYS, B_KEYS));
  }

  @Test
  void aChangedEntryIsFoundByThePartWeights() {
    // one more entry in B row 1, which no cut edge reaches: only nnz(B) of its part differs
    assertRefused("nnz(B) of part 1 is 1 in the plan but 2 in the table",
        table(ROW_PTR, COLS, new int[] {2, 2, 3}, A_KEYS, B_KEYS));
    // A row 2 also names B row 1, in the same part: only nnz(A) of that part differs
    assertRefused("nnz(A) of part 1 is 3 in the plan but 4 in the table",
        table(new int[] {0, 2, 4, 6}, new int[] {0, 2, 1, 2, 0, 1}, new int[] {2, 1, 3},
            A_KEYS, B_KEYS));
  }

  private static void assertRefused(String message, TableGraph table) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PlanMatch.check(plan(), table));
    assertEquals(message, e.getMessage());
  }
}
