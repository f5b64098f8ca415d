package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.junit.jupiter.api.Test;

/** All of B numbered once: every row's ids name its own column keys, in key order. */
class WholeBTest {

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void everyRowsIdsNameItsColumnsAndAscendingIdsAreKeyOrder() {
    Random rnd = new Random(3);
    String[] alphabet = {"a", "b", "ab", "b0", "\u00ff", "0", "00", "ba", "z"};
    Map<ArrayByteSequence,BRow> rows = new HashMap<>();
    for (int r = 0; r < 50; r++) {
      byte[][] cols = Arrays.stream(alphabet).filter(x -> rnd.nextInt(3) == 0).map(WholeBTest::b)
          .sorted(Arrays::compareUnsigned).toArray(byte[][]::new);
      rows.put(new ArrayByteSequence("r" + r), new BRow(cols, null, new double[cols.length],
          cols.length, 10));
    }
    WholeB all = WholeB.of(rows, new long[] {7, 1, 6, 70, 10, 60});
    for (int i = 1; i < all.columnKeys.length; i++) {
      assertTrue(Arrays.compareUnsigned(all.columnKeys[i - 1], all.columnKeys[i]) < 0);
    }
    rows.forEach((k, r) -> {
      assertSame(r, all.row(k.toArray()));
      int[] ids = all.columnIds(k.toArray());
      assertEquals(r.n, ids.length);
      for (int q = 0; q < r.n; q++) {
        assertArrayEquals(r.cols[q], all.columnKeys[ids[q]]);
        assertTrue(q == 0 || ids[q - 1] < ids[q], "a row's ids ascend as its keys do");
      }
    });
    byte[] absent = b("nope");
    assertSame(BRow.EMPTY, all.row(absent));
    assertEquals(0, all.columnIds(absent).length);
    long[] first = new long[6];
    long[] second = new long[6];
    all.takeReadCounts(first);
    all.takeReadCounts(second);
    assertArrayEquals(new long[] {7, 1, 6, 70, 10, 60}, first, "the read, counted once");
    assertArrayEquals(new long[6], second);
  }
}
