package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.accumulo.core.client.summary.CountingSummarizer;
import org.apache.accumulo.core.client.summary.Summarizer;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.client.summary.summarizers.FamilySummarizer;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;

/** The same statistics as Accumulo's FamilySummarizer, whatever the entries. */
class FamilyCountSummarizerTest {

  private static Map<String,Long> summary(Summarizer s, Map<String,String> options,
      List<Key> keys) {
    SummarizerConfiguration sc = SummarizerConfiguration.builder(s.getClass())
        .addOptions(options).build();
    Summarizer.Collector c = s.collector(sc);
    for (Key k : keys) {
      c.accept(k, new Value("1"));
    }
    Map<String,Long> out = new HashMap<>();
    c.summarize(out::put);
    return out;
  }

  /** Keys of {@code families} families in random order, some deletes, some families repeated. */
  private static List<Key> keys(int n, int families, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<Key> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // families as Key holds them: sometimes a slice of a larger array
      byte[] f = ("f" + rnd.nextInt(families)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      Key k = new Key(("r" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8), f,
          new byte[] {'q'}, new byte[0], 5);
      k.setDeleted(rnd.nextInt(10) == 0);
      keys.add(k);
    }
    keys.add(new Key("r", "\u00e9t\u00e9", "q")); // a family that is not ASCII
    keys.add(new Key("r", "", "q")); // the empty family
    return keys;
  }

  @Test
  void countsEveryFamilyAsAccumulosFamilySummarizer() {
    List<Key> keys = keys(5000, 7, 1);
    for (Map<String,String> opts : List.of(Map.<String,String>of(),
        Map.of(CountingSummarizer.MAX_COUNTERS_OPT, "1024"),
        Map.of(CountingSummarizer.INGNORE_DELETES_OPT, "false"),
        Map.of(CountingSummarizer.MAX_COUNTERS_OPT, "3"), // "too many"
        Map.of(CountingSummarizer.MAX_COUNTER_LEN_OPT, "2"))) { // "too long"
      Map<String,Long> theirs = summary(new FamilySummarizer(), opts, keys);
      assertEquals(theirs, summary(new FamilyCountSummarizer(), opts, keys), opts.toString());
    }
    assertNotEquals(0L, summary(new FamilyCountSummarizer(),
        Map.of(CountingSummarizer.MAX_COUNTERS_OPT, "3"), keys)
        .get(CountingSummarizer.TOO_MANY_STAT), "the case of too many families was covered");
  }

  @Test
  void filesCombineAsAccumulosDo() {
    Map<String,String> opts = Map.of(CountingSummarizer.MAX_COUNTERS_OPT, "1024");
    SummarizerConfiguration sc = SummarizerConfiguration.builder(FamilyCountSummarizer.class)
        .addOptions(opts).build();
    Map<String,Long> ours = summary(new FamilyCountSummarizer(), opts, keys(300, 4, 2));
    new FamilyCountSummarizer().combiner(sc).merge(ours,
        summary(new FamilyCountSummarizer(), opts, keys(200, 9, 3)));
    Map<String,Long> theirs = summary(new FamilySummarizer(), opts, keys(300, 4, 2));
    new FamilySummarizer().combiner(sc).merge(theirs,
        summary(new FamilySummarizer(), opts, keys(200, 9, 3)));
    assertEquals(theirs, ours);
  }

  @Test
  void aCounterKeyEqualsAnyByteSequenceOfTheSameBytes() {
    byte[] wide = {'x', 'C', 'y'};
    FamilyCountSummarizer.Family slice =
        new FamilyCountSummarizer.Family(new ArrayByteSequence(wide, 1, 1));
    FamilyCountSummarizer.Family own = new FamilyCountSummarizer.Family(new byte[] {'C'});
    assertEquals(own, slice);
    assertEquals(own.hashCode(), slice.hashCode());
    assertEquals(new ArrayByteSequence("C").hashCode(), slice.hashCode());
    assertEquals(slice, new ArrayByteSequence("C"));
    assertNotEquals(own, new FamilyCountSummarizer.Family(new byte[] {'C', 'C'}));
    assertEquals("C", slice.toString(), "the statistic's name is the family's text");
  }
}
