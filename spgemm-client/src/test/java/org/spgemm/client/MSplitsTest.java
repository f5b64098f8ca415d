package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/** M's split points: equal rows, and about equal entries to write per tablet. */
class MSplitsTest {

  /** Entries each tablet writes in the compaction that computes C: C, A and B of its rows. */
  private static long[] writes(SparseMatrix a, SparseMatrix b, SparseMatrix c, KeyFormat keys,
      List<String> splits) {
    long[] w = new long[splits.size() + 1];
    int t = 0;
    for (int i = 0; i < a.rows(); i++) {
      while (t < splits.size() && keys.encodeString(i).compareTo(splits.get(t)) >= 0) {
        t++;
      }
      w[t] += c.rowNnz(i) + a.rowNnz(i) + b.rowNnz(i);
    }
    return w;
  }

  private static long max(long[] w) {
    return java.util.Arrays.stream(w).max().orElse(0);
  }

  @Test
  void rmatTabletsWriteAboutAsMuchWhereEqualRowsLoadTheFirst() {
    SparseMatrix a = RmatGenerator.generate(11, 1);
    SparseMatrix b = RmatGenerator.generate(11, 2);
    SparseMatrix c = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    KeyFormat keys = KeyFormat.forSize(a.rows());
    long total = c.nnz() + a.nnz() + b.nnz();
    long[] equal = writes(a, b, c, keys, MSplits.equalRows(keys, a.rows(), 8));
    List<String> splits = MSplits.byWrites(a, b, keys, 8);
    long[] balanced = writes(a, b, c, keys, splits);
    assertEquals(7, splits.size());
    assertTrue(max(equal) > 0.2 * total, "equal row blocks load the first tablet: " + max(equal));
    assertTrue(max(balanced) < 0.16 * total, "each about an eighth: " + max(balanced));
    // past the count's limit the C rows are estimated (partial products capped at B's columns):
    // still far better than equal rows
    long[] est = MSplits.rowEstimates(a, b);
    long[] counted = MSplits.rowCounts(a, b);
    for (int i = 0; i < a.rows(); i++) {
      assertEquals(c.rowNnz(i), counted[i]);
      assertTrue(est[i] >= counted[i]);
    }
  }

  @Test
  void aUniformStencilKeepsAboutEqualRowsAndSplitsAreStrictlyIncreasing() {
    SparseMatrix a = Poisson3D.generate(10, 7);
    KeyFormat keys = KeyFormat.forSize(a.rows());
    List<String> byWrites = MSplits.byWrites(a, a, keys, 4);
    List<String> equal = MSplits.equalRows(keys, a.rows(), 4);
    assertEquals(equal.size(), byWrites.size());
    for (int t = 0; t < equal.size(); t++) {
      long e = Long.parseLong(equal.get(t));
      long w = Long.parseLong(byWrites.get(t));
      assertTrue(Math.abs(e - w) <= a.rows() / 40, equal + " against " + byWrites);
      assertTrue(t == 0 || byWrites.get(t - 1).compareTo(byWrites.get(t)) < 0);
    }
  }

  @Test
  void moreTabletsThanRowsAndBadShapes() {
    SparseMatrix a = Poisson3D.generate(2, 7); // 8 rows
    KeyFormat keys = KeyFormat.forSize(a.rows());
    assertTrue(MSplits.byWrites(a, a, keys, 20).size() <= 7);
    assertEquals(MSplits.equalRows(keys, 5, 4), MSplits.byWrites(SparseMatrix.empty(5, 5),
        SparseMatrix.empty(5, 5), keys, 4), "nothing to write: equal rows");
    assertThrows(DimensionMismatchException.class,
        () -> MSplits.byWrites(a, SparseMatrix.empty(3, 3), keys, 4));
  }
}
