package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.Test;

/**
 * Packs hold consecutive rows' entries of one family in order, take no new row past their
 * size, long rows go in several, and a resumed scan loses none.
 */
class RowPackingIteratorTest {

  /** r1: 3 entries; r2: one of B, one of X; r3: a row longer than one pack. */
  private static TreeMap<Key,Value> table() {
    TreeMap<Key,Value> t = new TreeMap<>();
    t.put(new Key("r1", "B", "1", 5), new Value("1.5"));
    t.put(new Key("r1", "B", "22", 5), new Value(""));
    t.put(new Key("r1", "B", "333", 5), new Value("-7"));
    t.put(new Key("r2", "B", "1", 5), new Value("2"));
    t.put(new Key("r2", "X", "1", 5), new Value("x"));
    byte[] big = new byte[3000];
    java.util.Arrays.fill(big, (byte) '9');
    for (int i = 0; i < 1000; i++) {
      t.put(new Key("r3", "B", String.format("%05d", i), 5), new Value(big));
    }
    return t;
  }

  /** row|family|qualifier=value of each entry, in order. */
  private static List<String> text(Iterable<Map.Entry<Key,Value>> entries) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<Key,Value> e : entries) {
      Key k = e.getKey();
      out.add(k.getRow() + "|" + k.getColumnFamily() + "|" + k.getColumnQualifier() + "="
          + e.getValue());
    }
    return out;
  }

  @Test
  void unpackingGivesEveryEntryInOrderWithLongRowsInSeveralPacks() throws Exception {
    TreeMap<Key,Value> t = table();
    RowPackingIterator it = new RowPackingIterator();
    it.init(new SortedMapIterator(t), Map.of(), null);
    it.seek(new Range(), List.of(), false);
    List<Map.Entry<Key,Value>> all = new ArrayList<>();
    int packs = 0;
    Key previous = null;
    while (it.hasTop()) {
      assertTrue(previous == null || previous.compareTo(it.getTopKey()) < 0, "keys ascend");
      previous = new Key(it.getTopKey());
      all.addAll(RowPackingIterator.unpack(it.getTopKey(), it.getTopValue()));
      packs++;
      it.next();
    }
    assertEquals(text(t.entrySet()), text(all));
    // r1 with r2's B, r2's X, and r3's 3 MB in packs of at most 1 MB (and one entry)
    assertTrue(packs >= 2 + 3 && packs <= 2 + 4, packs + " packs");
  }

  @Test
  void structureOnlyPacksEveryQualifierAndNoValue() throws Exception {
    TreeMap<Key,Value> t = table();
    RowPackingIterator it = new RowPackingIterator();
    it.init(new SortedMapIterator(t), RowPackingIterator.setting(true).getOptions(), null);
    it.seek(new Range(), List.of(), false);
    List<Map.Entry<Key,Value>> all = new ArrayList<>();
    int packs = 0;
    while (it.hasTop()) {
      all.addAll(RowPackingIterator.unpack(it.getTopKey(), it.getTopValue()));
      packs++;
      it.next();
    }
    List<String> expected = new ArrayList<>();
    for (Key k : t.keySet()) {
      expected.add(k.getRow() + "|" + k.getColumnFamily() + "|" + k.getColumnQualifier() + "=");
    }
    assertEquals(expected, text(all));
    assertEquals(3, packs, "r1 with r2's B, r2's X, and r3's qualifiers in one pack: no values");
    assertThrows(IllegalArgumentException.class, () -> new RowPackingIterator().init(
        new SortedMapIterator(t), Map.of(RowPackingIterator.STRUCTURE_ONLY, "yes"), null));
  }

  @Test
  void aScanResumedAfterEachPackLosesAndRepeatsNothing() throws Exception {
    TreeMap<Key,Value> t = table();
    RowPackingIterator it = new RowPackingIterator();
    it.init(new SortedMapIterator(t), Map.of(), null);
    List<Map.Entry<Key,Value>> all = new ArrayList<>();
    Range range = new Range();
    while (true) {
      // as a scan does after each RPC batch: seek again just past the last key returned
      it.seek(range, List.of(), false);
      if (!it.hasTop()) {
        break;
      }
      all.addAll(RowPackingIterator.unpack(it.getTopKey(), it.getTopValue()));
      range = new Range(it.getTopKey(), false, null, true);
    }
    assertEquals(text(t.entrySet()), text(all));
  }

  @Test
  void manySmallRowsGoInPacksThatTakeNoNewRowPastTheirSize() throws Exception {
    TreeMap<Key,Value> t = new TreeMap<>();
    for (int i = 0; i < 5000; i++) {
      for (int j = 0; j < 3; j++) {
        t.put(new Key(String.format("row%06d", i), "B", "c" + j, 5),
            new Value("12345678901234567890"));
      }
    }
    RowPackingIterator it = new RowPackingIterator();
    it.init(new SortedMapIterator(t), Map.of(), null);
    it.seek(new Range(), List.of(), false);
    List<Map.Entry<Key,Value>> all = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    while (it.hasTop()) {
      List<Map.Entry<Key,Value>> pack = RowPackingIterator.unpack(it.getTopKey(),
          it.getTopValue());
      assertEquals(it.getTopKey().getRow(), pack.get(pack.size() - 1).getKey().getRow(),
          "a pack's key is its last entry's");
      all.addAll(pack);
      sizes.add(it.getTopValue().getSize());
      it.next();
    }
    assertEquals(text(t.entrySet()), text(all));
    // a row packs in 84 bytes (its 9 bytes and length, then 3 of 1 + 2 + 1 + 20 and a "same
    // row" byte each but the first): 420,000 bytes and a 5-byte mark per pack, in packs that
    // end within a row past 64 KB
    assertEquals(7, sizes.size(), sizes + "");
    for (int size : sizes.subList(0, sizes.size() - 1)) {
      assertTrue(size >= RowPackingIterator.ROWS_PACK_BYTES
          && size < RowPackingIterator.ROWS_PACK_BYTES + 90, sizes + "");
    }
  }

  @Test
  void aPackOfOneRowAsTheVersionBeforeWroteItStillUnpacksAndThatVersionFailsOnTheMark()
      throws Exception {
    // the previous format: qualifier and value, each a varint length and bytes; the key's row
    Key key = new Key("r7", "B", "22");
    byte[] old = {1, '1', 3, '1', '.', '5', 2, '2', '2', 0};
    assertEquals(List.of("r7|B|1=1.5", "r7|B|22="),
        text(RowPackingIterator.unpack(key, new Value(old))));
    // a pack of rows begins with a length no pack of one row could hold: the previous version's
    // reader, taking it for the first qualifier's, refuses the pack
    TreeMap<Key,Value> t = table();
    RowPackingIterator it = new RowPackingIterator();
    it.init(new SortedMapIterator(t), Map.of(), null);
    it.seek(new Range(), List.of(), false);
    byte[] b = it.getTopValue().get();
    long first = 0;
    for (int i = 0, shift = 0; i < 5; i++, shift += 7) {
      first |= (long) (b[i] & 0x7F) << shift;
    }
    assertEquals(Integer.MAX_VALUE, first);
    assertTrue(first > b.length);
  }

  @Test
  void aValueThatIsNoPackIsRefused() {
    Key k = new Key("r", "B", "1");
    assertThrows(IllegalArgumentException.class,
        () -> RowPackingIterator.unpack(k, new Value(new byte[] {5, 'a'})));
    assertThrows(IllegalArgumentException.class,
        () -> RowPackingIterator.unpack(k, new Value(new byte[] {(byte) 0x80})));
    // "same row as the entry before" on the first entry of a pack of rows
    byte[] noRow = java.util.Arrays.copyOf(RowPackingIterator.MARK,
        RowPackingIterator.MARK.length + 4);
    noRow[RowPackingIterator.MARK.length + 1] = 1;
    noRow[RowPackingIterator.MARK.length + 2] = 'a';
    assertThrows(IllegalArgumentException.class,
        () -> RowPackingIterator.unpack(k, new Value(noRow)));
  }
}
