package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.Test;

/**
 * {@link ElementWiseIterator} on an in-memory source: eWiseAdd of two families row by row, a
 * scan resumed after any emitted key continues exactly where it stopped, a bounded range ends
 * where it should, and an unreadable value ends the scan with one error entry.
 */
class ElementWiseIteratorTest {

  private static final Set<ByteSequence> FAMILIES =
      Set.of(new ArrayByteSequence("A"), new ArrayByteSequence("B"));

  private static TreeMap<Key,Value> source(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    TreeMap<Key,Value> m = new TreeMap<>();
    for (int r = 0; r < 12; r++) {
      for (String f : List.of("A", "B")) {
        for (int c = 0; c < 8; c++) {
          if (rnd.nextInt(3) == 0) {
            m.put(new Key("r" + r, f, "c" + c, r % 4 == 0 ? "L" : ""),
                new Value(Integer.toString(rnd.nextInt(1, 10))));
          }
        }
      }
    }
    return m;
  }

  private static List<Map.Entry<Key,Value>> scan(TreeMap<Key,Value> src, Range range)
      throws Exception {
    ElementWiseIterator it = new ElementWiseIterator();
    it.init(new SortedMapIterator(src), new ElementWiseSpec(ElementWiseSpec.Kind.ADD, "A", "B",
        "minus", null, null, false, null, "decimal", "decimal", "decimal").options(), null);
    it.seek(range, FAMILIES, true);
    List<Map.Entry<Key,Value>> out = new ArrayList<>();
    while (it.hasTop()) {
      out.add(Map.entry(new Key(it.getTopKey()), new Value(it.getTopValue())));
      it.next();
    }
    return out;
  }

  @Test
  void addsRowByRowAndResumesAfterAnyKey() throws Exception {
    TreeMap<Key,Value> src = source(3);
    List<Map.Entry<Key,Value>> all = scan(src, new Range());
    // the reference: union of A and B per (row, column), A - B where both
    TreeMap<String,Double> expected = new TreeMap<>();
    src.forEach((k, v) -> {
      String at = k.getRow() + "|" + k.getColumnQualifier();
      double x = Double.parseDouble(v.toString());
      expected.merge(at, k.getColumnFamily().toString().equals("A") ? x : -x, Double::sum);
    });
    TreeMap<String,Double> got = new TreeMap<>();
    for (Map.Entry<Key,Value> e : all) {
      got.put(e.getKey().getRow() + "|" + e.getKey().getColumnQualifier(),
          Double.parseDouble(e.getValue().toString()));
    }
    // B-only entries are B's value, not -B: fix the reference for those
    src.forEach((k, v) -> {
      String at = k.getRow() + "|" + k.getColumnQualifier();
      if (k.getColumnFamily().toString().equals("B") && !src.containsKey(new Key(k.getRow(),
          new org.apache.hadoop.io.Text("A"), k.getColumnQualifier(), k.getColumnVisibility()))) {
        expected.put(at, Double.parseDouble(v.toString()));
      }
    });
    assertEquals(expected, got);
    for (int i = 0; i < all.size(); i++) {
      Key k = all.get(i).getKey();
      assertEquals(all.subList(i + 1, all.size()), scan(src, new Range(k, false, null, false)),
          "resumed after " + k);
      assertEquals(all.subList(0, i + 1), scan(src, new Range(null, false, k, true)),
          "ended at " + k);
    }
    assertTrue(all.stream().anyMatch(e -> e.getKey().getColumnVisibility().toString()
        .equals("L")), "labels carried");
  }

  @Test
  void anUnreadableValueEndsTheScanWithOneErrorEntry() throws Exception {
    TreeMap<Key,Value> src = new TreeMap<>();
    src.put(new Key("r1", "A", "c1"), new Value("1"));
    src.put(new Key("r2", "A", "c1"), new Value("x7"));
    List<Map.Entry<Key,Value>> out = scan(src, new Range());
    assertEquals(2, out.size());
    Map.Entry<Key,Value> err = out.get(1);
    assertEquals(ElementWiseIterator.ERROR_FAMILY, err.getKey().getColumnFamily().toString());
    String message = new String(err.getValue().get(), StandardCharsets.UTF_8);
    assertTrue(message.contains("row r2 column c1 of family A"), message);
    assertFalse(out.get(0).getKey().getColumnFamily().toString()
        .equals(ElementWiseIterator.ERROR_FAMILY));
  }
}
