package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.data.Key;
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
  }
}
