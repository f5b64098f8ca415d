package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/** {@link TableM#splitsByWork}: tablets of about equal predicted work, a heavy row alone. */
class SplitsByWorkTest {

  /** Work of rows [from, to): partial products plus A and B entries, as splitsByWork weighs. */
  private static long work(SparseMatrix a, SparseMatrix b, int from, int to) {
    long w = 0;
    for (int i = from; i < to; i++) {
      for (int p = a.rowStart(i); p < a.rowEnd(i); p++) {
        w += 1 + b.rowEnd(a.colAt(p)) - b.rowStart(a.colAt(p));
      }
      w += b.rowEnd(i) - b.rowStart(i);
    }
    return w;
  }

  @Test
  void rmatTabletsCarryAboutEqualWork() {
    SparseMatrix a = RmatGenerator.generate(12, 16, 1);
    KeyFormat keys = KeyFormat.forSize(a.rows());
    List<String> splits = TableM.splitsByWork(a, a, keys, 8);
    assertEquals(7, splits.size(), splits.toString());
    long total = work(a, a, 0, a.rows());
    int from = 0;
    long max = 0;
    for (int t = 0; t <= splits.size(); t++) {
      int to = t < splits.size() ? Integer.parseInt(splits.get(t)) : a.rows();
      assertTrue(to > from, "splits ascend: " + splits);
      max = Math.max(max, work(a, a, from, to));
      from = to;
    }
    // equal row blocks give the first tablet far more than an eighth on R-MAT
    long firstEqual = work(a, a, 0, a.rows() / 8);
    assertTrue(firstEqual > total / 4, "R-MAT is skewed: " + firstEqual + " of " + total);
    assertTrue(max < total / 8 * 1.5, "heaviest tablet " + max + " of " + total);
  }

  @Test
  void oneHeavyRowGetsATabletOfItsOwnAndFewRowsGiveFewerSplits() {
    // row 0 names every column of a dense B: nearly all the work
    int n = 10;
    int[] r = new int[n + n * n];
    int[] c = new int[r.length];
    double[] v = new double[r.length];
    int e = 0;
    for (int j = 0; j < n; j++) {
      r[e] = 0;
      c[e++] = j;
    }
    for (int i = 1; i < n; i++) {
      r[e] = i;
      c[e++] = i;
    }
    java.util.Arrays.fill(v, 1);
    SparseMatrix a = SparseMatrix.fromCoordinates(n, n, r, c, v, e);
    SparseMatrix b = SparseMatrix.fromCoordinates(n, n, r, c, v, e);
    List<String> splits = TableM.splitsByWork(a, b, KeyFormat.forSize(n), 4);
    assertEquals(KeyFormat.forSize(n).encodeString(1), splits.get(0), "row 0 alone: " + splits);
    assertTrue(splits.size() <= 3, splits.toString());
    assertEquals(List.of(), TableM.splitsByWork(a, b, KeyFormat.forSize(n), 1));
  }
}
