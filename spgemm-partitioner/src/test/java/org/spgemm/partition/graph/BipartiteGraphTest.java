package org.spgemm.partition.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.spgemm.partition.TestMatrices;

class BipartiteGraphTest {

  /**
   * A small C = A·B in the manner of the paper's Fig. 2, derived by hand. A is 4×5, B is 5×4:
   *
   * <pre>
   *   A row 0: cols {0, 2}          B row 0: {0, 1}      nnz 2
   *   A row 1: cols {1, 2, 4}       B row 1: {2}         nnz 1
   *   A row 2: cols {3}             B row 2: {0, 1, 3}   nnz 3
   *   A row 3: cols {0, 3, 4}       B row 3: {}          nnz 0 (empty)
   *                                 B row 4: {1, 3}      nnz 2
   *   C row 0 = b0 ∪ b2      = {0,1,3}    nnz 3
   *   C row 1 = b1 ∪ b2 ∪ b4 = {0,1,2,3}  nnz 4
   *   C row 2 = b3           = {}         nnz 0
   *   C row 3 = b0 ∪ b3 ∪ b4 = {0,1,3}    nnz 3
   * </pre>
   *
   * Vertices u0..u3 = 0..3, v0..v4 = 4..8. Edge costs: (u0,v0)=2, (u0,v2)=3, (u1,v1)=1,
   * (u1,v2)=3, (u1,v4)=2, (u2,v3)=0, (u3,v0)=2, (u3,v3)=0, (u3,v4)=2; total 15 = partial
   * products.
   */
  static final int[] FIG_A_ROW_PTR = {0, 2, 5, 6, 9};
  static final int[] FIG_A_COLS = {0, 2, 1, 2, 4, 3, 0, 3, 4};
  static final int[] FIG_B_ROW_PTR = {0, 2, 3, 6, 6, 8};
  static final int[] FIG_B_COLS = {0, 1, 2, 0, 1, 3, 1, 3};
  static final int[] FIG_B_NNZ = {2, 1, 3, 0, 2};
  static final long[] FIG_C_NNZ = {3, 4, 0, 3};

  public static BipartiteGraph figureGraph() {
    return BipartiteGraph.fromCsr(4, FIG_A_ROW_PTR, FIG_A_COLS, 5, FIG_B_NNZ, FIG_C_NNZ);
  }

  @Test
  void handDerivedSymbolicCountsMatchThePatterns() {
    long[] c = TestMatrices.symbolicRowNnz(4, FIG_A_ROW_PTR, FIG_A_COLS, FIG_B_ROW_PTR,
        FIG_B_COLS, 4);
    assertArrayEquals(FIG_C_NNZ, c);
  }

  @Test
  void figureExampleRowWeights() {
    BipartiteGraph g = figureGraph();
    assertEquals(4, g.numARows());
    assertEquals(5, g.numBRows());
    assertEquals(9, g.numVertices());
    assertEquals(9, g.nnzA());
    int[] aNnz = {2, 3, 1, 3};
    for (int i = 0; i < 4; i++) {
      assertEquals(aNnz[i], g.aRowNnz(i), "nnz of A row " + i);
      assertEquals(FIG_C_NNZ[i], g.cRowNnz(i), "nnz of C row " + i);
    }
    for (int j = 0; j < 5; j++) {
      assertEquals(FIG_B_NNZ[j], g.bRowNnz(j), "nnz of B row " + j);
    }
  }

  @Test
  void figureExampleEdgesAndTheirTranspose() {
    BipartiteGraph g = figureGraph();
    for (int i = 0; i < 4; i++) {
      assertArrayEquals(Arrays.copyOfRange(FIG_A_COLS, FIG_A_ROW_PTR[i], FIG_A_ROW_PTR[i + 1]),
          columns(g, i), "columns of A row " + i);
    }
    int[][] referencedBy = {{0, 3}, {1}, {0, 1}, {2, 3}, {1, 3}};
    for (int j = 0; j < 5; j++) {
      int[] refs = new int[g.bRefEnd(j) - g.bRefBegin(j)];
      for (int k = 0; k < refs.length; k++) {
        refs[k] = g.bReferenceAt(g.bRefBegin(j) + k);
      }
      assertArrayEquals(referencedBy[j], refs, "A rows referencing B row " + j);
    }
    assertEquals(15, g.totalEdgeCost());
  }

  @Test
  void figureExampleMetisArraysLeaveOutZeroCostEdges() {
    CsrGraph csr = figureGraph().toCsrGraph();
    assertEquals(9, csr.nvtxs());
    assertEquals(3, csr.ncon());
    assertArrayEquals(new int[] {0, 2, 5, 5, 7, 9, 10, 12, 12, 14}, csr.xadj());
    assertArrayEquals(new int[] {4, 6, 5, 6, 8, 4, 8, 0, 3, 1, 0, 1, 1, 3}, csr.adjncy());
    assertArrayEquals(new int[] {2, 3, 1, 3, 2, 2, 2, 2, 2, 1, 3, 3, 2, 2}, csr.adjwgt());
    assertArrayEquals(new long[] {2, 0, 3, 3, 0, 4, 1, 0, 0, 3, 0, 3, 0, 2, 0, 0, 1, 0, 0, 3, 0,
        0, 0, 0, 0, 2, 0}, csr.vwgt());
  }

  @Test
  void unsortedRowsAreSortedAndInputsAreCopied() {
    int[] cols = {2, 0, 4, 2, 1};
    BipartiteGraph g = BipartiteGraph.fromCsr(2, new int[] {0, 2, 5}, cols, 5,
        new int[] {1, 1, 1, 1, 1}, null);
    assertArrayEquals(new int[] {0, 2}, columns(g, 0));
    assertArrayEquals(new int[] {1, 2, 4}, columns(g, 1));
    assertArrayEquals(new int[] {2, 0, 4, 2, 1}, cols, "input must not be modified");
  }

  @Test
  void rejectsMalformedCsr() {
    int[] nnzB = {1, 1};
    assertMessage("aRowPtr has length",
        () -> BipartiteGraph.fromCsr(2, new int[] {0, 1}, new int[] {0}, 2, nnzB, null));
    assertMessage("aRowPtr[0] must be 0",
        () -> BipartiteGraph.fromCsr(1, new int[] {1, 1}, new int[] {0}, 2, nnzB, null));
    assertMessage("aRowPtr decreases at row 1: 2 then 1",
        () -> BipartiteGraph.fromCsr(2, new int[] {0, 2, 1}, new int[] {0, 1}, 2, nnzB, null));
    assertMessage("exceeds aColIdx.length",
        () -> BipartiteGraph.fromCsr(1, new int[] {0, 3}, new int[] {0, 1}, 2, nnzB, null));
    assertMessage("A row 0 has column 2, outside the B rows 0..1",
        () -> BipartiteGraph.fromCsr(1, new int[] {0, 1}, new int[] {2}, 2, nnzB, null));
    assertMessage("A row 0 repeats column 1",
        () -> BipartiteGraph.fromCsr(1, new int[] {0, 2}, new int[] {1, 1}, 2, nnzB, null));
    assertMessage("bRowNnz must have length nB = 2",
        () -> BipartiteGraph.fromCsr(1, new int[] {0, 1}, new int[] {1}, 2, new int[3], null));
    assertMessage("nnz of B row 1 is negative",
        () -> BipartiteGraph.fromCsr(1, new int[] {0, 1}, new int[] {1}, 2, new int[] {0, -1},
            null));
    assertMessage("nnz of C row 0 is negative",
        () -> BipartiteGraph.fromCsr(1, new int[] {0, 1}, new int[] {1}, 2, nnzB,
            new long[] {-5}));
  }

  /** The sorted columns of A row i. */
  static int[] columns(BipartiteGraph g, int i) {
    int[] cols = new int[g.aRowEnd(i) - g.aRowBegin(i)];
    for (int k = 0; k < cols.length; k++) {
      cols[k] = g.aColumnAt(g.aRowBegin(i) + k);
    }
    return cols;
  }

  static void assertMessage(String fragment, org.junit.jupiter.api.function.Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(fragment),
        "expected a message containing \"" + fragment + "\", got: " + e.getMessage());
  }
}
