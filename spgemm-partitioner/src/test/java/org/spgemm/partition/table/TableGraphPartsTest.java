package org.spgemm.partition.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.junit.jupiter.api.Test;
import org.spgemm.partition.TestMatrices;

/** The pieces {@link TableGraphReader} assembles, without a cluster. */
class TableGraphPartsTest {

  @Test
  void columnKeysWithoutStoredBRowsBecomePhantomsMergedInByteOrder() {
    // stored B rows in Accumulo's (unsigned UTF-8) order; "é" sorts after every ASCII key
    BVertexIds ids = new BVertexIds(List.of("b", "d", "é"));
    assertEquals(1, ids.idOf("d"));
    assertEquals(-1, ids.idOf("z"));
    assertEquals(-2, ids.idOf("c"));
    assertEquals(-1, ids.idOf("z"), "a phantom keeps its id");
    assertEquals(-3, ids.idOf("a"));
    assertEquals(0, ids.idOf("b"));
    assertEquals(3, ids.phantoms());
    int[] cols = {1, -1, -2, -3, 0, 2};
    BVertexIds.Merged m = ids.merge(new int[] {4, 5, 6}, cols);
    assertArrayEquals(new String[] {"a", "b", "c", "d", "z", "é"}, m.keys());
    assertArrayEquals(new int[] {0, 4, 0, 5, 0, 6}, m.nnz(), "phantoms weigh 0");
    assertArrayEquals(new int[] {3, 4, 2, 0, 1, 5}, cols, "columns renumbered to the merge");
  }

  @Test
  void withoutPhantomsTheStoredRowsStay() {
    BVertexIds ids = new BVertexIds(List.of("0", "1"));
    int[] cols = {1, 0};
    BVertexIds.Merged m = ids.merge(new int[] {2, 3}, cols);
    assertArrayEquals(new String[] {"0", "1"}, m.keys());
    assertArrayEquals(new int[] {2, 3}, m.nnz());
    assertArrayEquals(new int[] {1, 0}, cols);
  }

  @Test
  void aRowsAreSortedWithRepeatedColumnsKeptOnce() {
    BVertexIds ids = new BVertexIds(List.of("0", "1", "2"));
    ARowScan a = new ARowScan(ids);
    a.startRow("r0");
    for (String col : new String[] {"2", "0", "2", "x"}) {
      a.entry(bytes(col));
    }
    a.endRow();
    a.startRow("r1");
    a.entry(bytes("1"));
    a.endRow();
    assertArrayEquals(new String[] {"r0", "r1"}, a.keys());
    assertArrayEquals(new int[] {0, 3, 4}, a.rowPtr());
    assertArrayEquals(new int[] {-1, 0, 2, 1}, a.cols(), "phantom x first, then ascending");
    assertEquals(5, a.entries(), "entries before removing repeats");
  }

  @Test
  void bRowsCountTheirEntriesAndKeepThePatternWhenAsked() {
    BRowScan b = new BRowScan(true);
    b.startRow("0");
    b.entry(bytes("k"));
    b.entry(bytes("m"));
    b.endRow();
    b.startRow("1");
    b.entry(bytes("m"));
    b.endRow();
    assertEquals(List.of("0", "1"), b.keys());
    assertArrayEquals(new int[] {2, 1}, b.nnz());
    assertArrayEquals(new int[] {0, 2, 3}, b.rowPtr());
    assertArrayEquals(new int[] {0, 1, 1}, b.columnIds());
    assertEquals(2, b.columns());
    assertEquals(3, b.entries());
  }

  @Test
  void clientCountEqualsTheReferenceOnTheFigure() {
    // the figure of BipartiteGraphTest: C row 2 only reaches the empty B row 3
    int[] aRowPtr = {0, 2, 5, 6, 9};
    int[] aCols = {0, 2, 1, 2, 4, 3, 0, 3, 4};
    int[] bRowPtr = {0, 2, 3, 6, 6, 8};
    int[] bCols = {0, 1, 2, 0, 1, 3, 1, 3};
    assertArrayEquals(new long[] {3, 4, 0, 3},
        ClientRowCount.count(aRowPtr, aCols, bRowPtr, bCols, 4));
  }

  @Test
  void clientCountEqualsTheReferenceOnRandomPatternsWithPhantoms() {
    SplittableRandom rnd = new SplittableRandom(17);
    for (int round = 0; round < 20; round++) {
      int nA = rnd.nextInt(1, 60);
      int nB = rnd.nextInt(1, 40);
      int columns = rnd.nextInt(1, 50);
      int[][] b = randomRows(rnd, nB, columns, 0);
      int[][] a = randomRows(rnd, nA, nB, 3); // ids -1..-3 stand for phantoms
      int[][] stored = withoutNegatives(a);
      long[] expected = TestMatrices.symbolicRowNnz(nA, stored[0], stored[1], b[0], b[1],
          columns);
      assertArrayEquals(expected, ClientRowCount.count(a[0], a[1], b[0], b[1], columns),
          "round " + round);
    }
  }

  /** CSR {rowPtr, cols} of n random rows over columns -phantoms..cols-1, sorted, no repeats. */
  private static int[][] randomRows(SplittableRandom rnd, int n, int cols, int phantoms) {
    int[] rowPtr = new int[n + 1];
    int[] out = new int[n * (cols + phantoms)];
    int nnz = 0;
    for (int i = 0; i < n; i++) {
      for (int c = -phantoms; c < cols; c++) {
        if (rnd.nextInt(6) == 0) {
          out[nnz++] = c;
        }
      }
      rowPtr[i + 1] = nnz;
    }
    return new int[][] {rowPtr, Arrays.copyOf(out, nnz)};
  }

  private static int[][] withoutNegatives(int[][] csr) {
    int n = csr[0].length - 1;
    int[] rowPtr = new int[n + 1];
    int[] cols = new int[csr[1].length];
    int nnz = 0;
    for (int i = 0; i < n; i++) {
      for (int k = csr[0][i]; k < csr[0][i + 1]; k++) {
        if (csr[1][k] >= 0) {
          cols[nnz++] = csr[1][k];
        }
      }
      rowPtr[i + 1] = nnz;
    }
    return new int[][] {rowPtr, Arrays.copyOf(cols, nnz)};
  }

  private static ArrayByteSequence bytes(String s) {
    return new ArrayByteSequence(s.getBytes(StandardCharsets.UTF_8));
  }
}
