package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** All of B numbered once: every row's ids name its own column keys, in key order. */
class WholeBTest {

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void rowsReadInRunsComeOutWholeWithIdsInKeyOrder() {
    Random rnd = new Random(3);
    String[] alphabet = {"a", "b", "ab", "b0", "\u00ff", "0", "00", "ba", "z"};
    List<byte[][]> cols = new ArrayList<>();
    for (int r = 0; r < 50; r++) {
      cols.add(Arrays.stream(alphabet).filter(x -> rnd.nextInt(3) == 0).map(WholeBTest::b)
          .sorted(Arrays::compareUnsigned).toArray(byte[][]::new));
    }
    // each row in two runs, as a batch scanner interleaving tablets returns them: the first
    // halves of all rows, then the second halves (a fresh copy of the row key each time)
    WholeB.Builder builder = new WholeB.Builder(true);
    for (int half = 0; half < 2; half++) {
      for (int r = 0; r < cols.size(); r++) {
        byte[][] c = cols.get(r);
        builder.row(b("r" + r));
        for (int q = half == 0 ? 0 : c.length / 2; q < (half == 0 ? c.length / 2 : c.length); q++) {
          builder.add(c[q].clone(), 100L * r + q, 0);
        }
      }
    }
    WholeB all = builder.build(new long[] {7, 1, 6, 70, 10, 60});
    check(cols, all);
    assertEquals(-1, all.index(b("nope")));
    assertEquals(4L * cols.size() + 12L * all.colIdx.length, all.totalPanelBytes(),
        "a panel of all of B: a row start per row, a column id and a value per entry");
    long[] first = new long[6];
    long[] second = new long[6];
    all.takeReadCounts(first);
    all.takeReadCounts(second);
    assertArrayEquals(new long[] {7, 1, 6, 70, 10, 60}, first, "the read, counted once");
    assertArrayEquals(new long[6], second);
  }

  /**
   * Every row's entries name its own column keys, through ids that ascend with the keys, and
   * {@code columnKeys} holds each distinct key once, in order.
   */
  private static void check(List<byte[][]> cols, WholeB all) {
    for (int i = 1; i < all.columnKeys.length; i++) {
      assertTrue(Arrays.compareUnsigned(all.columnKeys[i - 1], all.columnKeys[i]) < 0);
    }
    java.util.Set<String> distinct = new java.util.HashSet<>();
    for (int r = 0; r < cols.size(); r++) {
      byte[][] c = cols.get(r);
      int i = all.index(b("r" + r));
      assertEquals(c.length, all.length(i));
      for (int q = 0; q < c.length; q++) {
        int p = all.rowPtr[i] + q;
        assertArrayEquals(c[q], all.columnKeys[all.colIdx[p]]);
        assertTrue(q == 0 || all.colIdx[p - 1] < all.colIdx[p], "a row's ids ascend as its keys");
        assertEquals(100L * r + q, all.ints[p]);
        distinct.add(new String(c[q], StandardCharsets.ISO_8859_1));
      }
    }
    assertEquals(distinct.size(), all.columnKeys.length, "each key once");
  }

  /** Rows of {@code cols} added in order, entry q of row r holding 100 r + q. */
  private static WholeB build(List<byte[][]> cols) {
    WholeB.Builder builder = new WholeB.Builder(true);
    for (int r = 0; r < cols.size(); r++) {
      builder.row(b("r" + r));
      byte[][] c = cols.get(r);
      for (int q = 0; q < c.length; q++) {
        builder.add(c[q].clone(), 100L * r + q, 0);
      }
    }
    return builder.build(new long[6]);
  }

  /** {@code rows} rows of up to 4 distinct keys each, {@code key} making them, in key order. */
  private static List<byte[][]> rows(int rows, Random rnd,
      java.util.function.IntFunction<String> key) {
    List<byte[][]> cols = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      cols.add(rnd.ints(4).mapToObj(key).distinct().map(WholeBTest::b)
          .sorted(Arrays::compareUnsigned).toArray(byte[][]::new));
    }
    return cols;
  }

  @Test
  void fixedWidthDigitKeysAreNumberedWithoutHashingDenseOrSparse() {
    Random rnd = new Random(5);
    // dense: 6-digit keys below 3000 (ranked through an array by number)
    List<byte[][]> dense = rows(2000, rnd, x -> String.format("%06d", Math.floorMod(x, 3000)));
    check(dense, build(dense));
    // sparse: 9-digit keys up to 999,999,999 (ranked through the sorted distinct numbers)
    List<byte[][]> sparse =
        rows(200, rnd, x -> String.format("%09d", Math.floorMod(x, 1_000_000_000)));
    check(sparse, build(sparse));
  }

  @Test
  void aKeyThatIsNoNumberOfTheSameWidthTurnsTheNumbersIntoIds() {
    Random rnd = new Random(7);
    List<byte[][]> cols = rows(300, rnd, x -> String.format("%04d", Math.floorMod(x, 500)));
    // then "0012" beside "12", and keys that are no digits: each stays a key of its own
    cols.add(new byte[][] {b("0012"), b("12"), b("12a"), b("x")});
    cols.add(new byte[][] {b("0012"), b("0013")});
    check(cols, build(cols));
    List<byte[][]> widths = new ArrayList<>();
    widths.add(new byte[][] {b("01"), b("1")});
    widths.add(new byte[][] {b("1"), b("10")});
    check(widths, build(widths));
  }
}
