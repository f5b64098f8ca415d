package org.spgemm.partition.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
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
  void figureExampleVertexWeights() {
    BipartiteGraph g = figureGraph();
    assertEquals(4, g.numARows());
    assertEquals(5, g.numBRows());
    assertEquals(9, g.numVertices());
    assertEquals(9, g.nnzA());
    long[][] expected = {
        {2, 0, 3}, {3, 0, 4}, {1, 0, 0}, {3, 0, 3}, // u0..u3: (nnz(a_i), 0, nnz(c_i))
        {0, 2, 0}, {0, 1, 0}, {0, 3, 0}, {0, 0, 0}, {0, 2, 0}}; // v0..v4: (0, nnz(b_j), 0)
    for (int v = 0; v < 9; v++) {
      assertArrayEquals(expected[v], g.vertexWeights(v), "weights of vertex " + v);
    }
    assertEquals(0, g.aVertex(0));
    assertEquals(3, g.aVertex(3));
    assertEquals(4, g.bVertex(0));
    assertEquals(8, g.bVertex(4));
    assertTrue(g.isAVertex(3));
    assertFalse(g.isAVertex(4));
    assertEquals(9, g.totalWeight(BipartiteGraph.W_A));
    assertEquals(8, g.totalWeight(BipartiteGraph.W_B));
    assertEquals(10, g.totalWeight(BipartiteGraph.W_C));
  }

  @Test
  void figureExampleEdgeCosts() {
    BipartiteGraph g = figureGraph();
    int[][] edges = {{0, 0, 2}, {0, 2, 3}, {1, 1, 1}, {1, 2, 3}, {1, 4, 2}, {2, 3, 0},
        {3, 0, 2}, {3, 3, 0}, {3, 4, 2}};
    for (int[] e : edges) {
      assertTrue(g.hasEdge(e[0], e[1]));
      assertEquals(e[2], g.edgeCost(e[0], e[1]), "cost of (u" + e[0] + ", v" + e[1] + ")");
    }
    int edgeCount = 0;
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 5; j++) {
        if (g.hasEdge(i, j)) {
          edgeCount++;
        }
      }
    }
    assertEquals(edges.length, edgeCount);
    assertThrows(IllegalArgumentException.class, () -> g.edgeCost(0, 1));
    assertEquals(15, g.totalEdgeCost());
    assertEquals(7, g.positiveCostEdges());
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
  void squareModelUsesRowLengthsAsBRowNnz() {
    // A = [[1,1,0],[0,1,0],[1,0,1]] as C = A·A
    int[] rowPtr = {0, 2, 3, 5};
    int[] cols = {0, 1, 1, 0, 2};
    BipartiteGraph g = BipartiteGraph.fromCsrSquare(3, rowPtr, cols, null);
    assertEquals(6, g.numVertices());
    assertEquals(2, g.bRowNnz(0));
    assertEquals(1, g.bRowNnz(1));
    assertEquals(2, g.bRowNnz(2));
    assertEquals(0, g.cRowNnz(2));
    assertEquals(2, g.edgeCost(2, 0));
    assertEquals(1, g.edgeCost(0, 1));
  }

  @Test
  void unsortedRowsAreSortedAndInputsAreCopied() {
    int[] cols = {2, 0, 4, 2, 1};
    BipartiteGraph g = BipartiteGraph.fromCsr(2, new int[] {0, 2, 5}, cols, 5,
        new int[] {1, 1, 1, 1, 1}, null);
    assertArrayEquals(new int[] {0, 2}, g.aRowColumns(0));
    assertArrayEquals(new int[] {1, 2, 4}, g.aRowColumns(1));
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

  @Test
  void builderMatchesFromCsrWhateverTheRowOrder() {
    TestMatrices.Pattern a = TestMatrices.permuteSymmetric(TestMatrices.poisson7(5), 3);
    BipartiteGraph expected = TestMatrices.squareModel(a);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < a.n; i++) {
      order.add(i);
    }
    for (boolean shuffle : new boolean[] {false, true}) {
      if (shuffle) {
        Collections.shuffle(order, new Random(11));
      }
      BipartiteGraphBuilder b = new BipartiteGraphBuilder(a.n, a.n);
      int[] scratch = new int[16];
      for (int i : order) {
        int len = a.rowPtr[i + 1] - a.rowPtr[i];
        // reversed and in a reused buffer with trailing junk, as a scan might deliver it
        for (int k = 0; k < len; k++) {
          scratch[k] = a.colIdx[a.rowPtr[i + 1] - 1 - k];
        }
        scratch[len] = -7;
        b.addARow(i, scratch, len);
        b.setBRowNnz(i, len);
        b.setCRowNnz(i, expected.cRowNnz(i));
      }
      assertEquals(a.colIdx.length, b.nnzA());
      assertSameModel(expected, b.build());
    }
  }

  @Test
  void builderLeavesMissingRowsEmpty() {
    BipartiteGraph g = new BipartiteGraphBuilder(4, 3)
        .addARow(3, new int[] {2, 0}, 2)
        .addARow(1, new int[] {1}, 1)
        .setBRowNnz(0, 5).setBRowNnz(2, 1).setCRowNnz(3, 9)
        .build();
    assertEquals(0, g.aRowNnz(0));
    assertEquals(1, g.aRowNnz(1));
    assertEquals(0, g.aRowNnz(2));
    assertArrayEquals(new int[] {0, 2}, g.aRowColumns(3));
    assertEquals(5, g.edgeCost(3, 0));
    assertEquals(0, g.edgeCost(1, 1), "B row 1 never set: empty");
    assertEquals(9, g.cRowNnz(3));
    CsrGraph csr = g.toCsrGraph();
    assertArrayEquals(new int[] {0, 0, 0, 0, 2, 3, 3, 4}, csr.xadj());
    assertArrayEquals(new int[] {4, 6, 3, 3}, csr.adjncy());
  }

  @Test
  void builderRejectsBadRows() {
    BipartiteGraphBuilder b = new BipartiteGraphBuilder(2, 3);
    assertMessage("A row 2 outside 0..1", () -> b.addARow(2, new int[] {0}, 1));
    assertMessage("A row 0 has column 3", () -> b.addARow(0, new int[] {3}, 1));
    assertMessage("A row 0 repeats column 1", () -> b.addARow(0, new int[] {1, 2, 1}, 3));
    assertMessage("does not fit cols", () -> b.addARow(0, new int[] {1}, 2));
    b.addARow(0, new int[] {1}, 1);
    assertMessage("A row 0 was already added", () -> b.addARow(0, new int[] {2}, 1));
    assertMessage("nnz of B row 0 is negative", () -> b.setBRowNnz(0, -1));
    assertMessage("B row 3 outside", () -> b.setBRowNnz(3, 1));
    assertMessage("C row 5 outside", () -> b.setCRowNnz(5, 1));
    b.build();
    assertThrows(IllegalStateException.class, () -> b.addARow(1, new int[] {0}, 1));
    assertThrows(IllegalStateException.class, b::build);
  }

  static void assertSameModel(BipartiteGraph expected, BipartiteGraph actual) {
    assertEquals(expected.numARows(), actual.numARows());
    assertEquals(expected.numBRows(), actual.numBRows());
    for (int i = 0; i < expected.numARows(); i++) {
      assertArrayEquals(expected.aRowColumns(i), actual.aRowColumns(i), "A row " + i);
    }
    for (int v = 0; v < expected.numVertices(); v++) {
      assertArrayEquals(expected.vertexWeights(v), actual.vertexWeights(v), "vertex " + v);
    }
    CsrGraph e = expected.toCsrGraph();
    CsrGraph a = actual.toCsrGraph();
    assertArrayEquals(e.xadj(), a.xadj());
    assertArrayEquals(e.adjncy(), a.adjncy());
    assertArrayEquals(e.adjwgt(), a.adjwgt());
    assertArrayEquals(e.vwgt(), a.vwgt());
  }

  static void assertMessage(String fragment, org.junit.jupiter.api.function.Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(fragment),
        "expected a message containing \"" + fragment + "\", got: " + e.getMessage());
  }
}
