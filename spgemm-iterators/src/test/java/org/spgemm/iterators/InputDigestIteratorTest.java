package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.InputDigestIterator.Digest;

/** The digest's counts per family, the squared row lengths among them. */
class InputDigestIteratorTest {

  @Test
  void countsEntriesLabelsAndSquaredRowLengthsPerFamily() throws Exception {
    TreeMap<Key,Value> t = new TreeMap<>();
    // B: row r1 holds 3 entries, r2 one (one labelled); A: 2 entries in r1, 2 in r3
    for (String[] e : List.of(new String[] {"r1", "B", "1", ""}, new String[] {"r1", "B", "2", ""},
        new String[] {"r1", "B", "3", ""}, new String[] {"r2", "B", "1", "secret"},
        new String[] {"r1", "A", "1", ""}, new String[] {"r1", "A", "2", ""},
        new String[] {"r3", "A", "1", ""}, new String[] {"r3", "A", "9", ""})) {
      t.put(new Key(e[0], e[1], e[2], e[3], 1), new Value("1"));
    }
    InputDigestIterator it = new InputDigestIterator();
    it.init(new SortedMapIterator(t), Map.of(), null);
    it.seek(new Range(), List.of(), false);
    Map<String,Digest> d = new HashMap<>();
    InputDigestIterator.decodeInto(it.getTopValue(), d);
    assertEquals(4, d.get("B").entries());
    assertEquals(1, d.get("B").labelled());
    assertEquals(3 * 3 + 1, d.get("B").rowSquares());
    assertEquals(4, d.get("A").entries());
    assertEquals(2 * 2 + 2 * 2, d.get("A").rowSquares());
    assertEquals(4, d.get("A").localQualifiers(), "the range is everything");

    // a range of rows 1..3 holding A's rows: A(1,2), A(3,1) name rows inside, A(3,9) outside
    TreeMap<Key,Value> m = new TreeMap<>();
    for (String[] e : List.of(new String[] {"1", "2"}, new String[] {"3", "1"},
        new String[] {"3", "9"}, new String[] {"5", "1"})) {
      m.put(new Key(e[0], "A", e[1], "", 1), new Value("1"));
    }
    InputDigestIterator tablet = new InputDigestIterator();
    tablet.init(new SortedMapIterator(m), Map.of(), null);
    tablet.seek(new Range("1", true, "3", true), List.of(), false);
    Map<String,Digest> td = new HashMap<>();
    InputDigestIterator.decodeInto(tablet.getTopValue(), td);
    assertEquals(3, td.get("A").entries());
    assertEquals(2, td.get("A").localQualifiers());
  }

  /**
   * A sample digests the first entries of each seek and says so; a seek with fewer entries than
   * the sample digests them all, as without one.
   */
  @Test
  void aSampleStopsAfterItsEntriesAndSaysSo() throws Exception {
    TreeMap<Key,Value> t = new TreeMap<>();
    for (int r = 0; r < 10; r++) {
      for (int q = 0; q < 3; q++) {
        t.put(new Key("r" + r, "A", "r" + q, "", 1), new Value("1"));
      }
    }
    InputDigestIterator it = new InputDigestIterator();
    it.init(new SortedMapIterator(t), InputDigestIterator.sampleSetting(7).getOptions(), null);
    it.seek(new Range(), List.of(), false);
    assertTrue(InputDigestIterator.sampled(it.getTopValue()));
    Map<String,Digest> d = new HashMap<>();
    InputDigestIterator.decodeInto(it.getTopValue(), d);
    assertEquals(7, d.get("A").entries());
    assertEquals(new Key("r2", "A", "r0", "", 1), it.getTopKey(), "the last entry digested");

    InputDigestIterator all = new InputDigestIterator();
    all.init(new SortedMapIterator(t), InputDigestIterator.sampleSetting(30).getOptions(), null);
    all.seek(new Range(), List.of(), false);
    assertFalse(InputDigestIterator.sampled(all.getTopValue()));
    InputDigestIterator whole = new InputDigestIterator();
    whole.init(new SortedMapIterator(t), Map.of(), null);
    whole.seek(new Range(), List.of(), false);
    assertEquals(whole.getTopValue(), all.getTopValue(), "every entry: the whole digest");

    assertThrows(IllegalArgumentException.class, () -> new InputDigestIterator().init(
        new SortedMapIterator(t), Map.of(InputDigestIterator.SAMPLE, "0"), null));
  }

  /**
   * The entry hash tells apart entries that differ in one byte of any part, at any position of
   * fields of 0 to 19 bytes, in the timestamp, or by a byte moved from one field to the next.
   */
  @Test
  void entryHashTellsEveryByteAndFieldBoundary() {
    Set<Long> seen = new HashSet<>();
    int made = 0;
    for (int len = 0; len <= 19; len++) {
      byte[] base = new byte[len];
      for (int i = 0; i < len; i++) {
        base[i] = (byte) ('0' + i % 10);
      }
      for (int part = 0; part < 5; part++) {
        for (int at = -1; at < len; at++) {
          byte[] b = base.clone();
          if (at >= 0) {
            b[at] ^= 0x40;
          }
          byte[][] f = {"r".getBytes(StandardCharsets.UTF_8),
              "A".getBytes(StandardCharsets.UTF_8), "q".getBytes(StandardCharsets.UTF_8),
              new byte[0], "v".getBytes(StandardCharsets.UTF_8)};
          f[part] = b;
          seen.add(InputDigestIterator.hash(new Key(f[0], f[1], f[2], f[3], len), f[4]));
          made++;
        }
      }
    }
    assertEquals(made, seen.size());
    byte[] e = new byte[0];
    byte[] ab = "ab".getBytes(StandardCharsets.UTF_8);
    byte[] c = "c".getBytes(StandardCharsets.UTF_8);
    byte[] a = "a".getBytes(StandardCharsets.UTF_8);
    byte[] bc = "bc".getBytes(StandardCharsets.UTF_8);
    assertNotEquals(InputDigestIterator.hash(new Key(ab, c, e, e, 1), e),
        InputDigestIterator.hash(new Key(a, bc, e, e, 1), e));
    assertNotEquals(InputDigestIterator.hash(new Key(ab, c, e, e, 1), e),
        InputDigestIterator.hash(new Key(ab, c, e, e, 2), e));
    assertNotEquals(InputDigestIterator.hash(new Key(ab, e, e, e, 1), c),
        InputDigestIterator.hash(new Key(ab, c, e, e, 1), e));
  }

  /**
   * The byte comparisons that decide most rows give {@link InputDigestIterator#inRange}'s answer
   * on ranges of every kind: open, inclusive and exclusive ends, keys past a row's first key (as a
   * batch scanner's tablet ranges are), and rows equal to either end.
   */
  @Test
  void rowBoundsAgreeWithTheRangesOwnTest() {
    Random rnd = new Random(7);
    String[] rows = {"", "a", "a\0", "ab", "b", "b\0", "ba", "c", "\u00ff"};
    for (int i = 0; i < 4000; i++) {
      Key start = rnd.nextInt(5) == 0 ? null : key(rows[rnd.nextInt(rows.length)], rnd);
      Key end = rnd.nextInt(5) == 0 ? null : key(rows[rnd.nextInt(rows.length)], rnd);
      if (start != null && end != null && start.compareTo(end) > 0) {
        Key t = start;
        start = end;
        end = t;
      }
      Range range;
      try {
        range = new Range(start, rnd.nextBoolean(), end, rnd.nextBoolean());
      } catch (IllegalArgumentException e) {
        continue; // an empty range (equal keys, an end excluded)
      }
      InputDigestIterator.RowBounds bounds = new InputDigestIterator.RowBounds(range);
      for (String r : rows) {
        ByteSequence row = new ArrayByteSequence(r.getBytes(StandardCharsets.UTF_8));
        assertEquals(InputDigestIterator.inRange(range, row), bounds.holds(row),
            () -> "row '" + r + "' in " + range);
      }
    }
  }

  /** A key in {@code row}: its first, a key within it, or the first key of the next row. */
  private static Key key(String row, Random rnd) {
    Key first = new Key(row);
    return switch (rnd.nextInt(3)) {
      case 0 -> first;
      case 1 -> new Key(row, "A", "q", "", 5);
      default -> first.followingKey(PartialKey.ROW);
    };
  }
}
