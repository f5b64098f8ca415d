package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Dense first-seen numbering, checked against a map of strings. */
class InterningTest {

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void numbersInFirstSeenOrderThroughGrowth() {
    List<byte[]> values = new ArrayList<>();
    Interning ids = new Interning(values);
    Map<String,Integer> expected = new HashMap<>();
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 50_000; i++) {
      // short keys collide often, long ones share prefixes: both kinds of probe sequence
      String s = rnd.nextBoolean() ? Integer.toString(rnd.nextInt(3000))
          : String.format("%012d", rnd.nextInt(20_000));
      int want = expected.computeIfAbsent(s, k -> expected.size());
      byte[] copy = bytes(s);
      assertEquals(want, ids.id(copy), s);
      assertEquals(want, ids.find(bytes(s)), s);
    }
    assertEquals(expected.size(), values.size());
    expected.forEach((s, id) -> assertArrayEquals(bytes(s), values.get(id)));
    assertEquals(-1, ids.find(bytes("absent")));
    assertEquals(-1, ids.find(new byte[0]));
  }

  @Test
  void keepsTheArrayAndNumbersValuesAlreadyListed() {
    List<byte[]> values = new ArrayList<>(List.of(new byte[0], bytes("x"), bytes("x")));
    Interning ids = new Interning(values);
    assertEquals(0, ids.find(new byte[0]));
    assertEquals(1, ids.id(bytes("x")), "the first of equal listed values keeps its id");
    byte[] y = bytes("y");
    assertEquals(3, ids.id(y));
    assertSame(y, values.get(3));
    assertEquals(4, values.size());
  }

  @Test
  void sortsUnsigned() {
    List<byte[]> values = new ArrayList<>(List.of(bytes("b"), new byte[] {(byte) 0xff},
        bytes("a")));
    int[] rank = new int[3];
    byte[][] sorted = Interning.sorted(values, rank);
    assertArrayEquals(bytes("a"), sorted[0]);
    assertArrayEquals(new byte[] {(byte) 0xff}, sorted[2]);
    assertArrayEquals(new int[] {1, 2, 0}, rank);
  }
}
