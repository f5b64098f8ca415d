package org.spgemm.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.ValueCodecs;

/**
 * One C row of C&lt;M&gt; = accum(C, select(A·B)) through the masked kernel and the merge, against
 * the rule applied column by column to dense maps, over random rows and every combination of
 * mask mode, complement, accumulator, replace and select.
 */
class MxmRowMergeTest {

  private static final int COLS = 12;

  private static byte[] key(int j) {
    return String.format("%02d", j).getBytes(StandardCharsets.UTF_8);
  }

  /** Captures the row handed to the sink, decoded. */
  private static final class Capture implements RowSink {
    final TreeMap<Integer,Double> row = new TreeMap<>();

    @Override
    public int writeRow(byte[] r, byte[][] quals, byte[][] values, byte[][] vis, long bytes) {
      for (int k = 0; k < quals.length; k++) {
        if (k > 0) {
          assertTrue(java.util.Arrays.compareUnsigned(quals[k - 1], quals[k]) < 0, "in order");
        }
        row.put(Integer.parseInt(new String(quals[k], StandardCharsets.UTF_8)),
            Double.parseDouble(new String(values[k], StandardCharsets.UTF_8)));
      }
      return quals.length;
    }
  }

  @Test
  void everyCombinationAgreesWithTheRule() throws Exception {
    SplittableRandom rnd = new SplittableRandom(5);
    String[] accums = {null, "PLUS", "MIN", "FIRST", "SECOND"};
    String[] selects = {null, "valuege:4", "tril"};
    int checked = 0;
    for (int trial = 0; trial < 40; trial++) {
      // one A row over 3 B rows; B rows over COLS columns; a stored C row and a mask row
      SparseRows a = new SparseRows(false);
      SparseRows b = new SparseRows(false);
      for (int j = 0; j < 3; j++) {
        if (rnd.nextBoolean()) {
          a.add(j, rnd.nextInt(1, 4));
        }
        for (int k = 0; k < COLS; k++) {
          if (rnd.nextInt(3) == 0) {
            b.add(k, rnd.nextInt(1, 4));
          }
        }
        b.endRow();
      }
      a.endRow();
      byte[][] columnKeys = new byte[COLS][];
      for (int k = 0; k < COLS; k++) {
        columnKeys[k] = key(k);
      }
      Map<Integer,Double> stored = new TreeMap<>();
      Map<Integer,Double> mask = new TreeMap<>();
      SideRow c = new SideRow();
      SideRow m = new SideRow();
      for (int k = 0; k < COLS; k++) {
        if (rnd.nextInt(3) == 0) {
          double v = rnd.nextInt(1, 9);
          stored.put(k, v);
          c.add(key(k), 0, v, null);
        }
        if (rnd.nextInt(2) == 0) {
          double v = rnd.nextInt(0, 2); // zeros: false in a value mask
          mask.put(k, v);
        }
      }
      for (boolean structure : new boolean[] {false, true}) {
        for (boolean complement : new boolean[] {false, true}) {
          for (String accum : accums) {
            for (boolean replace : new boolean[] {false, true}) {
              for (String select : selects) {
                check(a, b, columnKeys, stored, mask, c, structure, complement, accum, replace,
                    select);
                checked++;
              }
            }
          }
        }
      }
    }
    assertEquals(40 * 2 * 2 * 5 * 2 * 3, checked);
  }

  private static void check(SparseRows a, SparseRows b, byte[][] columnKeys,
      Map<Integer,Double> stored, Map<Integer,Double> mask, SideRow c, boolean structure,
      boolean complement, String accum, boolean replace, String select) throws Exception {
    MxmRowMerge.Rule rule = new MxmRowMerge.Rule(accum == null ? null : BinaryOps.forName(accum),
        true, complement, replace, select == null ? null : Select.parse(select),
        ValueCodecs.DECIMAL);
    // the mask as the reader keeps it: the columns it lets through before complement
    SideRow m = new SideRow();
    mask.forEach((k, v) -> {
      if (structure || v != 0) {
        m.add(key(k), 0, 0, null);
      }
    });
    RowWorkspace w = new RowWorkspace();
    RowSpGemm.prepare(a, b, COLS, w);
    w.startMask();
    for (int k = 0; k < m.n; k++) {
      w.markMask(Integer.parseInt(new String(m.quals[k], StandardCharsets.UTF_8)));
    }
    long formed = RowSpGemm.multiplyRowMasked(a, 0, b, Semirings.PLUS_TIMES, complement, w);
    Capture sink = new Capture();
    byte[] row = key(6); // tril keeps columns below 6
    new MxmRowMerge(rule).write(row, w, columnKeys, null, stored.isEmpty() ? null : c,
        m.n == 0 ? null : m, sink);

    // the rule, column by column
    BinaryOp op = accum == null ? null : BinaryOps.forName(accum);
    Select sel = select == null ? null : Select.parse(select);
    TreeMap<Integer,Double> expected = new TreeMap<>();
    long products = 0;
    for (int k = 0; k < COLS; k++) {
      Double mv = mask.get(k);
      boolean allowed = (mv != null && (structure || mv != 0)) != complement;
      Double t = null;
      for (int p = 0; p < a.nnz; p++) {
        int j = a.colIdx[p];
        for (int q = b.rowPtr[j]; q < b.rowPtr[j + 1]; q++) {
          if (b.colIdx[q] == k && allowed) {
            double prod = a.fpVals[p] * b.fpVals[q];
            t = t == null ? prod : t + prod;
            products++;
          }
        }
      }
      if (t != null && sel != null && !(sel.keepsPosition(row, key(k)) && sel.keepsValue(t))) {
        t = null;
      }
      Double old = stored.get(k);
      Double z;
      if (op == null || old == null) {
        z = t;
      } else if (t == null) {
        z = old;
      } else {
        z = op.applyAsDouble(old, t);
      }
      Double result = allowed ? z : replace ? null : old;
      if (result != null) {
        expected.put(k, result);
      }
    }
    String what = "structure=" + structure + " complement=" + complement + " accum=" + accum
        + " replace=" + replace + " select=" + select;
    assertEquals(expected, sink.row, what);
    assertEquals(products, formed, "products formed: " + what);
  }
}
