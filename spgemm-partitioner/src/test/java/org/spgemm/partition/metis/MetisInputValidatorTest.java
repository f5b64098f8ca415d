package org.spgemm.partition.metis;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.spgemm.partition.graph.CsrGraph;

/** Validation alone, without the native library. */
class MetisInputValidatorTest {

  static final long MAX32 = Integer.MAX_VALUE;

  /** Triangle 0-1-2 with edge weights 0-1: 2, 1-2: 3, 0-2: 4. */
  static CsrGraph triangle() {
    return new CsrGraph(3, 1, new int[] {0, 2, 4, 6}, new int[] {1, 2, 0, 2, 0, 1},
        new long[] {1, 1, 1}, new int[] {2, 4, 2, 3, 4, 3});
  }

  static CsrGraph graph(int n, int[] xadj, int[] adjncy, int[] adjwgt) {
    return new CsrGraph(n, 1, xadj, adjncy, null, adjwgt);
  }

  @Test
  void acceptsValidGraphsSortedOrNot() {
    assertDoesNotThrow(() -> MetisInputValidator.validate(triangle(), 2, MAX32));
    CsrGraph unsorted = new CsrGraph(3, 1, new int[] {0, 2, 4, 6},
        new int[] {2, 1, 2, 0, 1, 0}, null, new int[] {4, 2, 3, 2, 3, 4});
    assertDoesNotThrow(() -> MetisInputValidator.validate(unsorted, 2, MAX32));
    CsrGraph empty = new CsrGraph(0, 3, new int[] {0}, new int[0], new long[0], new int[0]);
    assertDoesNotThrow(() -> MetisInputValidator.validate(empty, 4, MAX32));
  }

  @Test
  void rejectsAsymmetricAdjacency() {
    // 0:{1,2} 1:{2} 2:{0}: 0 -> 1 has no reverse
    assertMessage("asymmetric adjacency: edge 0 -> 1 has no reverse edge 1 -> 0",
        graph(3, new int[] {0, 2, 3, 4}, new int[] {1, 2, 2, 0}, null));
    // unsorted lists take the transpose path: 0:{3,1} 1:{0} 2:{0} 3:{}
    assertMessage("edge 2 -> 0 has no reverse edge 0 -> 2",
        graph(4, new int[] {0, 2, 3, 4, 4}, new int[] {3, 1, 0, 0}, null));
    // 0:{3,1} 1:{2} 2:{1} 3:{}: 0 -> 3 and 0 -> 1 lack reverses, in-degree of 0 is 0
    assertMessage("no reverse edge",
        graph(4, new int[] {0, 2, 3, 4, 4}, new int[] {3, 1, 2, 1}, null));
    assertMessage("odd number of entries",
        graph(3, new int[] {0, 1, 2, 3}, new int[] {1, 2, 0}, null));
  }

  @Test
  void rejectsUnequalWeightsOfTheTwoDirections() {
    assertMessage("asymmetric edge weights: 0 -> 1 has 2 but 1 -> 0 has 5",
        graph(2, new int[] {0, 1, 2}, new int[] {1, 0}, new int[] {2, 5}));
    assertMessage("asymmetric edge weights",
        graph(3, new int[] {0, 2, 3, 4}, new int[] {2, 1, 0, 0}, new int[] {1, 1, 7, 1}));
  }

  @Test
  void rejectsSelfLoopsDuplicatesAndIndicesOutOfRange() {
    assertMessage("self loop at vertex 0",
        graph(2, new int[] {0, 2, 4}, new int[] {0, 1, 0, 1}, null));
    assertMessage("vertex 0 lists neighbour 1 twice",
        graph(2, new int[] {0, 2, 4}, new int[] {1, 1, 0, 0}, null));
    assertMessage("vertex 0 lists neighbour 5, outside 0..1",
        graph(2, new int[] {0, 1, 2}, new int[] {5, 0}, null));
    assertMessage("vertex 1 lists neighbour -1, outside 0..1",
        graph(2, new int[] {0, 1, 2}, new int[] {1, -1}, null));
  }

  @Test
  void rejectsMalformedCsr() {
    assertMessage("xadj has length 2, expected nvtxs + 1 = 3",
        graph(2, new int[] {0, 2}, new int[] {1, 0}, null));
    assertMessage("xadj[0] must be 0",
        graph(2, new int[] {1, 1, 2}, new int[] {1, 0}, null));
    assertMessage("xadj decreases at vertex 0",
        graph(2, new int[] {0, -1, 2}, new int[] {1, 0}, null));
    assertMessage("exceeds adjncy.length",
        graph(2, new int[] {0, 1, 4}, new int[] {1, 0}, null));
    assertMessage("adjwgt has length 1",
        graph(2, new int[] {0, 1, 2}, new int[] {1, 0}, new int[] {1}));
    assertMessage("nvtxs must be non-negative",
        graph(-1, new int[] {0}, new int[0], null));
  }

  @Test
  void rejectsBadWeightsAndCounts() {
    assertMessage("edge weight at adjacency position 0 is negative",
        graph(2, new int[] {0, 1, 2}, new int[] {1, 0}, new int[] {-3, -3}));
    CsrGraph negVertex = new CsrGraph(2, 2, new int[] {0, 1, 2}, new int[] {1, 0},
        new long[] {1, 1, 1, -4}, null);
    assertMessage("weight 1 of vertex 1 is -4", negVertex);
    CsrGraph huge = new CsrGraph(2, 1, new int[] {0, 1, 2}, new int[] {1, 0},
        new long[] {3_000_000_000L, 1}, null);
    assertMessage("weight 0 of vertex 0 is 3000000000, outside 0..2147483647", huge);
    CsrGraph bigTotal = new CsrGraph(2, 1, new int[] {0, 1, 2}, new int[] {1, 0},
        new long[] {2_000_000_000L, 2_000_000_000L}, null);
    assertMessage("the total of vertex weight 0 does not fit", bigTotal);
    CsrGraph bigEdges = graph(2, new int[] {0, 1, 2}, new int[] {1, 0},
        new int[] {2_000_000_000, 2_000_000_000});
    assertMessage("the total edge weight 4000000000", bigEdges);
    assertDoesNotThrow(() -> MetisInputValidator.validate(bigTotal, 2, Long.MAX_VALUE));
    CsrGraph shortV = new CsrGraph(2, 3, new int[] {0, 1, 2}, new int[] {1, 0},
        new long[] {1, 1, 1}, null);
    assertMessage("vwgt has length 3, expected nvtxs * ncon = 6", shortV);
    CsrGraph noCon = new CsrGraph(2, 0, new int[] {0, 1, 2}, new int[] {1, 0}, null, null);
    assertMessage("ncon must be at least 1", noCon);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MetisInputValidator.validate(triangle(), 0, MAX32));
    assertTrue(e.getMessage().contains("nparts must be at least 1"), e.getMessage());
    assertMessage("nparts = 4 exceeds the 3 vertices",
        () -> MetisInputValidator.validate(triangle(), 4, MAX32));
  }

  static void assertMessage(String fragment, CsrGraph g) {
    assertMessage(fragment, () -> MetisInputValidator.validate(g, 2, MAX32));
  }

  static void assertMessage(String fragment, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(fragment),
        "expected a message containing \"" + fragment + "\", got: " + e.getMessage());
  }
}
