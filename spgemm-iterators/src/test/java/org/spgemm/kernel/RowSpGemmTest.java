package org.spgemm.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;

/**
 * {@link RowSpGemm} (Gustavson kernels, {@link SparseRows}, {@link RowWorkspace}) against a
 * TreeMap reference, over random batch/panel shapes with fixed seeds, for every built-in semiring
 * in both value domains.
 */
class RowSpGemmTest {

  static Stream<String> semirings() {
    return Semirings.builtIn().keySet().stream();
  }

  /** One random batch of A rows and its B panel, kept as plain lists for the reference. */
  private static final class Case {
    final int aRows;
    final int bRows;
    final int columns;
    final List<int[]> aCols = new ArrayList<>();
    final List<long[]> aVals = new ArrayList<>();
    final List<int[]> bCols = new ArrayList<>();
    final List<long[]> bVals = new ArrayList<>();

    Case(SplittableRandom rnd, int maxARows, int maxBRows, int maxColumns) {
      aRows = rnd.nextInt(0, maxARows + 1);
      bRows = rnd.nextInt(0, maxBRows + 1);
      columns = rnd.nextInt(1, maxColumns + 1);
      for (int j = 0; j < bRows; j++) {
        // B panel rows: some empty (panel rows with no entries), distinct columns in random order
        int len = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(0, Math.min(columns, 12) + 1);
        int[] cols = distinct(rnd, len, columns);
        bCols.add(cols);
        bVals.add(values(rnd, len));
      }
      for (int i = 0; i < aRows; i++) {
        // A rows: some empty; entries refer to panel rows or to -1 ("no B row")
        int len = rnd.nextInt(5) == 0 ? 0 : rnd.nextInt(0, bRows + 3);
        int[] cols = new int[len];
        int[] chosen = distinct(rnd, Math.min(len, bRows), Math.max(1, bRows));
        for (int p = 0; p < len; p++) {
          cols[p] = p < chosen.length && bRows > 0 && rnd.nextInt(6) != 0 ? chosen[p] : -1;
        }
        aCols.add(cols);
        aVals.add(values(rnd, len));
      }
    }

    private static int[] distinct(SplittableRandom rnd, int len, int bound) {
      int[] perm = new int[bound];
      for (int i = 0; i < bound; i++) {
        perm[i] = i;
      }
      for (int i = 0; i < Math.min(len, bound); i++) {
        int k = rnd.nextInt(i, bound);
        int t = perm[i];
        perm[i] = perm[k];
        perm[k] = t;
      }
      return java.util.Arrays.copyOf(perm, Math.min(len, bound));
    }

    private static long[] values(SplittableRandom rnd, int len) {
      long[] v = new long[len];
      for (int p = 0; p < len; p++) {
        v[p] = rnd.nextInt(-9, 10); // includes 0 and negatives
      }
      return v;
    }

    SparseRows a(boolean integer) {
      return rows(integer, aCols, aVals);
    }

    SparseRows b(boolean integer) {
      return rows(integer, bCols, bVals);
    }

    private static SparseRows rows(boolean integer, List<int[]> cols, List<long[]> vals) {
      SparseRows s = new SparseRows(integer);
      fill(s, cols, vals);
      return s;
    }

    static void fill(SparseRows s, List<int[]> cols, List<long[]> vals) {
      s.clear();
      for (int i = 0; i < cols.size(); i++) {
        for (int p = 0; p < cols.get(i).length; p++) {
          if (s.isInteger()) {
            s.add(cols.get(i)[p], vals.get(i)[p]);
          } else {
            s.add(cols.get(i)[p], (double) vals.get(i)[p]);
          }
        }
        s.endRow();
      }
    }

    /**
     * C(i,:) by TreeMap, in the same product order as the definition (A order, then B order):
     * Long values in the INT64 domain ({@code integer}), Double values in FP64.
     */
    TreeMap<Integer,Number> expected(int i, Semiring s, boolean integer) {
      TreeMap<Integer,Number> row = new TreeMap<>();
      int[] ac = aCols.get(i);
      for (int p = 0; p < ac.length; p++) {
        if (ac[p] < 0) {
          continue;
        }
        int[] bc = bCols.get(ac[p]);
        for (int q = 0; q < bc.length; q++) {
          long x = aVals.get(i)[p];
          long y = bVals.get(ac[p])[q];
          if (integer) {
            row.merge(bc[q], s.multiply().applyAsLong(x, y),
                (u, v) -> s.add().applyAsLong(u.longValue(), v.longValue()));
          } else {
            row.merge(bc[q], s.multiply().applyAsDouble(x, y),
                (u, v) -> s.add().applyAsDouble(u.doubleValue(), v.doubleValue()));
          }
        }
      }
      return row;
    }

    long expectedProducts(int i) {
      long n = 0;
      for (int j : aCols.get(i)) {
        if (j >= 0) {
          n += bCols.get(j).length;
        }
      }
      return n;
    }
  }

  private static void checkRow(Case c, int i, SparseRows a, SparseRows b, Semiring s,
      boolean integer, RowWorkspace w, String where) {
    long products = RowSpGemm.multiplyRow(a, i, b, s, false, w);
    assertEquals(c.expectedProducts(i), products, where + ": partial products");
    Map<Integer,Number> expected = c.expected(i, s, integer);
    assertEquals(expected.size(), w.rowNnz(), where + ": nnz of row " + i);
    int k = 0;
    for (Map.Entry<Integer,Number> e : expected.entrySet()) {
      assertEquals(e.getKey().intValue(), w.column(k), where + ": column " + k + " of row " + i);
      if (integer) {
        assertEquals(((Long) e.getValue()).longValue(), w.intValue(k),
            where + ": C(" + i + "," + e.getKey() + ")");
      } else {
        assertEquals((Double) e.getValue(), w.fpValue(k), 0.0,
            where + ": C(" + i + "," + e.getKey() + ")");
      }
      k++;
    }
  }

  @ParameterizedTest
  @MethodSource("semirings")
  void randomBatchesFp64(String name) {
    randomBatches(Semirings.forName(name), false, 11);
  }

  @ParameterizedTest
  @MethodSource("semirings")
  void randomBatchesInt64(String name) {
    randomBatches(Semirings.forName(name), true, 12);
  }

  /**
   * A row streamed one product at a time ({@link RowSpGemm#accumulate}) under column ids of its
   * own, growing the workspace as they come, reads after {@link RowSpGemm#endStreamedRow} like
   * the row the panel kernel computes.
   */
  @ParameterizedTest
  @MethodSource("semirings")
  void streamedRowsEqualThePanelKernelsRows(String name) {
    Semiring s = Semirings.forName(name);
    SplittableRandom rnd = new SplittableRandom(13);
    for (boolean integer : new boolean[] {false, true}) {
      for (int batch = 0; batch < 60; batch++) {
        Case c = new Case(rnd, 20, 20, 40);
        int[] perm = Case.distinct(rnd, c.columns, c.columns); // streamed id of each column
        int[] rank = new int[c.columns];
        for (int col = 0; col < c.columns; col++) {
          rank[perm[col]] = col;
        }
        RowWorkspace w = new RowWorkspace(); // starts with no columns: grows mid-row
        for (int i = 0; i < c.aRows; i++) {
          RowSpGemm.startStreamedRow(w);
          int[] ac = c.aCols.get(i);
          for (int p = 0; p < ac.length; p++) {
            for (int q = 0; ac[p] >= 0 && q < c.bCols.get(ac[p]).length; q++) {
              int k = perm[c.bCols.get(ac[p])[q]];
              long x = c.aVals.get(i)[p];
              long y = c.bVals.get(ac[p])[q];
              if (integer) {
                RowSpGemm.accumulate(k, x, y, s, w);
              } else {
                RowSpGemm.accumulate(k, (double) x, (double) y, s, w);
              }
            }
          }
          RowSpGemm.endStreamedRow(w, rank, integer);
          Map<Integer,Number> expected = c.expected(i, s, integer);
          String where = name + (integer ? " int64" : " fp64") + " batch " + batch + " row " + i;
          assertEquals(expected.size(), w.rowNnz(), where);
          int k = 0;
          for (Map.Entry<Integer,Number> e : expected.entrySet()) {
            assertEquals(e.getKey().intValue(), w.column(k), where);
            if (integer) {
              assertEquals(e.getValue().longValue(), w.intValue(k), where);
            } else {
              assertEquals(e.getValue().doubleValue(), w.fpValue(k), 0.0, where);
            }
            k++;
          }
        }
      }
    }
  }

  /** Many batches of varying sizes through one workspace (grows, never cleared by fill). */
  private static void randomBatches(Semiring s, boolean integer, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    RowWorkspace w = new RowWorkspace();
    SparseRows a = new SparseRows(integer);
    SparseRows b = new SparseRows(integer);
    for (int batch = 0; batch < 300; batch++) {
      // alternate small and larger shapes so reused arrays hold stale data from bigger batches
      int scale = batch % 3 == 0 ? 60 : 8;
      Case c = new Case(rnd, scale, scale, scale * 2);
      Case.fill(a, c.aCols, c.aVals);
      Case.fill(b, c.bCols, c.bVals);
      RowSpGemm.prepare(a, b, c.columns, w);
      for (int i = 0; i < c.aRows; i++) {
        checkRow(c, i, a, b, s, integer, w, s.name() + " seed " + seed + " batch " + batch);
      }
    }
  }

  @Test
  void symbolicModeGivesStructureAndProductsOnly() {
    SplittableRandom rnd = new SplittableRandom(21);
    RowWorkspace w = new RowWorkspace();
    for (int batch = 0; batch < 200; batch++) {
      Case c = new Case(rnd, 30, 30, 50);
      boolean integer = batch % 2 == 0;
      SparseRows a = c.a(integer);
      SparseRows b = c.b(integer);
      RowSpGemm.prepare(a, b, c.columns, w);
      for (int i = 0; i < c.aRows; i++) {
        long products = RowSpGemm.multiplyRow(a, i, b, Semirings.PLUS_TIMES, true, w);
        assertEquals(c.expectedProducts(i), products, "products, batch " + batch + " row " + i);
        TreeMap<Integer,Number> expected = c.expected(i, Semirings.PLUS_TIMES, true);
        int[] cols = new int[w.rowNnz()];
        for (int k = 0; k < cols.length; k++) {
          cols[k] = w.column(k);
        }
        assertArrayEquals(expected.keySet().stream().mapToInt(Integer::intValue).toArray(), cols,
            "structure, batch " + batch + " row " + i);
      }
    }
  }

  @Test
  void emptyRowsNoEntriesAndNoBRows() {
    RowWorkspace w = new RowWorkspace();
    SparseRows a = new SparseRows(false);
    a.endRow(); // empty row
    a.add(-1, 5.0); // only entries without a B row
    a.add(-1, 7.0);
    a.endRow();
    a.add(0, 2.0); // refers to an empty panel row
    a.endRow();
    SparseRows b = new SparseRows(false);
    b.endRow(); // panel row 0: empty
    b.add(0, 3.0); // panel row 1: referenced by nothing
    b.endRow();
    RowSpGemm.prepare(a, b, 1, w);
    for (int i = 0; i < 3; i++) {
      assertEquals(0, RowSpGemm.multiplyRow(a, i, b, Semirings.PLUS_TIMES, false, w));
      assertEquals(0, w.rowNnz(), "row " + i);
    }
    // an empty batch and an empty panel are fine too
    SparseRows none = new SparseRows(false);
    RowSpGemm.prepare(none, none, 0, w);
  }

  @Test
  void minusOneEntriesAreSkippedBetweenRealOnes() {
    RowWorkspace w = new RowWorkspace();
    SparseRows a = new SparseRows(true);
    a.add(-1, 100L);
    a.add(1, 2L);
    a.add(-1, 100L);
    a.add(0, 3L);
    a.endRow();
    SparseRows b = new SparseRows(true);
    b.add(2, 10L);
    b.add(0, 1L);
    b.endRow();
    b.add(0, 5L);
    b.endRow();
    RowSpGemm.prepare(a, b, 3, w);
    assertEquals(3, RowSpGemm.multiplyRow(a, 0, b, Semirings.PLUS_TIMES, false, w));
    // C(0,0) = 2*5 + 3*1 = 13, C(0,2) = 3*10 = 30; columns handed out ascending
    assertEquals(2, w.rowNnz());
    assertEquals(0, w.column(0));
    assertEquals(13L, w.intValue(0));
    assertEquals(2, w.column(1));
    assertEquals(30L, w.intValue(1));
  }

  @Test
  void computedZerosAndIdentitiesAreKept() {
    RowWorkspace w = new RowWorkspace();
    SparseRows a = new SparseRows(false);
    a.add(0, 1.0);
    a.add(1, 1.0);
    a.endRow();
    SparseRows b = new SparseRows(false);
    b.add(0, 2.0);
    b.endRow();
    b.add(0, -2.0);
    b.endRow();
    RowSpGemm.prepare(a, b, 1, w);
    RowSpGemm.multiplyRow(a, 0, b, Semirings.PLUS_TIMES, false, w);
    assertEquals(1, w.rowNnz(), "structural: 2 + -2 = 0 is still an entry");
    assertEquals(0.0, w.fpValue(0));
  }

  @Test
  void stampWrapAroundClearsMarks() {
    SplittableRandom rnd = new SplittableRandom(33);
    RowWorkspace w = new RowWorkspace();
    Case c = new Case(rnd, 40, 20, 30);
    while (c.aRows < 20) {
      c = new Case(rnd, 40, 20, 30);
    }
    SparseRows a = c.a(true);
    SparseRows b = c.b(true);
    RowSpGemm.prepare(a, b, c.columns, w);
    for (int i = 0; i < c.aRows; i++) {
      checkRow(c, i, a, b, Semirings.PLUS_TIMES, true, w, "before wrap");
    }
    w.stamp = Integer.MAX_VALUE - 5; // as after ~2^31 rows
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < c.aRows; i++) {
        checkRow(c, i, a, b, Semirings.PLUS_TIMES, true, w, "around wrap, round " + round);
      }
    }
    assertTrue(w.stamp > 0 && w.stamp < 1000, "stamp restarted: " + w.stamp);
  }

  @Test
  void workspaceSwitchesDomainsAndShrinkingBatches() {
    SplittableRandom rnd = new SplittableRandom(44);
    RowWorkspace w = new RowWorkspace();
    for (int batch = 0; batch < 100; batch++) {
      boolean integer = rnd.nextBoolean();
      Case c = new Case(rnd, batch % 10 == 0 ? 80 : 5, 20, batch % 7 == 0 ? 200 : 3);
      SparseRows a = c.a(integer);
      SparseRows b = c.b(integer);
      RowSpGemm.prepare(a, b, c.columns, w);
      for (int i = 0; i < c.aRows; i++) {
        checkRow(c, i, a, b, Semirings.MIN_PLUS, integer, w, "batch " + batch);
      }
    }
  }

  @Test
  void prepareRefusesMixedDomainsAndOutOfRangePanelRows() {
    RowWorkspace w = new RowWorkspace();
    SparseRows fp = new SparseRows(false);
    SparseRows in = new SparseRows(true);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RowSpGemm.prepare(fp, in, 1, w));
    assertTrue(e.getMessage().contains("domain"), e.getMessage());

    SparseRows a = new SparseRows(false);
    a.add(2, 1.0);
    a.endRow();
    SparseRows b = new SparseRows(false);
    b.add(0, 1.0);
    b.endRow();
    b.endRow();
    e = assertThrows(IllegalArgumentException.class, () -> RowSpGemm.prepare(a, b, 1, w));
    assertTrue(e.getMessage().contains("panel row 2 of 2"), e.getMessage());
  }

  @Test
  void sparseRowsGrowAndClear() {
    SparseRows s = new SparseRows(true);
    for (int r = 0; r < 1000; r++) {
      for (int p = 0; p < r % 7; p++) {
        s.add(p, (long) r * p);
      }
      s.endRow();
    }
    assertEquals(1000, s.rows);
    for (int r = 0; r < 1000; r++) {
      assertEquals(r % 7, s.rowLength(r), "row " + r);
      for (int p = 0; p < r % 7; p++) {
        assertEquals((long) r * p, s.intVals[s.rowPtr[r] + p]);
      }
    }
    s.clear();
    assertEquals(0, s.rows);
    assertEquals(0, s.nnz);
    s.add(3, 9L);
    s.endRow();
    assertEquals(1, s.rowLength(0));
    assertEquals(3, s.colIdx[0]);
  }
}
