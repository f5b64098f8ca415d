package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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

  /**
   * Values up to 7 bytes live in the packed table, longer ones in the other: values that differ
   * only in length, in leading or trailing zero bytes, or across the 7/8-byte edge keep their
   * own ids, in one numbering.
   */
  @Test
  void shortAndLongValuesOfEveryLengthStayDistinct() {
    List<byte[]> values = new ArrayList<>(List.of(new byte[] {0}, new byte[9], new byte[] {0}));
    Interning ids = new Interning(values);
    Map<String,Integer> expected = new HashMap<>();
    expected.put(new String(new byte[] {0}, StandardCharsets.ISO_8859_1), 0);
    expected.put(new String(new byte[9], StandardCharsets.ISO_8859_1), 1);
    SplittableRandom rnd = new SplittableRandom(13);
    for (int i = 0; i < 40_000; i++) {
      byte[] v = new byte[rnd.nextInt(Interning.SHORT + 3)];
      for (int b = 0; b < v.length; b++) {
        v[b] = (byte) new int[] {0, 1, 0xff}[rnd.nextInt(3)];
      }
      String key = new String(v, StandardCharsets.ISO_8859_1);
      Integer known = expected.get(key);
      assertEquals(known == null ? -1 : known, ids.find(v.clone()), "length " + v.length);
      int want = known != null ? known : values.size();
      expected.putIfAbsent(key, want);
      assertEquals(want, ids.id(v), "length " + v.length);
    }
    assertEquals(expected.size() + 1, values.size(), "the listed duplicate keeps its place");
    expected.forEach((k, id) -> assertArrayEquals(k.getBytes(StandardCharsets.ISO_8859_1),
        values.get(id)));
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

  /**
   * The numeric fast paths (one length up to 8 bytes; lengths up to 7) and the comparator's
   * (longer keys) against a plain sort: every byte value, prefixes, zero bytes.
   */
  @Test
  void sortsAsTheComparatorDoesOnEveryPath() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int[] lengths : new int[][] {{8, 8}, {6, 6}, {0, 7}, {1, 3}, {0, 12}, {9, 9}}) {
      List<byte[]> values = new ArrayList<>();
      Interning ids = new Interning(values);
      for (int i = 0; i < 5_000; i++) {
        byte[] v = new byte[lengths[0] + rnd.nextInt(lengths[1] - lengths[0] + 1)];
        for (int b = 0; b < v.length; b++) {
          // few distinct bytes, so that many values share prefixes
          v[b] = (byte) new int[] {0, 1, 0x7f, 0x80, 0xff}[rnd.nextInt(5)];
        }
        ids.id(v);
      }
      int[] rank = new int[values.size()];
      byte[][] sorted = Interning.sorted(values, rank);
      List<byte[]> expected = new ArrayList<>(values);
      expected.sort(Arrays::compareUnsigned);
      for (int r = 0; r < sorted.length; r++) {
        assertArrayEquals(expected.get(r), sorted[r], "lengths " + Arrays.toString(lengths));
      }
      for (int id = 0; id < values.size(); id++) {
        assertSame(values.get(id), sorted[rank[id]]);
      }
    }
    assertEquals(null, Interning.packed(List.of(new byte[8], new byte[7])),
        "8 bytes beside shorter values have no numeric order here");
  }
}
