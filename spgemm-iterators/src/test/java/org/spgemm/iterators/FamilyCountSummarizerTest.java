package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.accumulo.core.client.summary.CountingSummarizer;
import org.apache.accumulo.core.client.summary.Summarizer;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.client.summary.summarizers.FamilySummarizer;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;

/** The family counts equal Accumulo's FamilySummarizer's, statistic by statistic. */
class FamilyCountSummarizerTest {

  private static Map<String,Long> summarize(Summarizer s, SummarizerConfiguration sc,
      List<Key> keys) {
    Summarizer.Collector c = s.collector(sc);
    for (Key k : keys) {
      c.accept(k, new Value("1"));
    }
    Map<String,Long> out = new HashMap<>();
    c.summarize(out::put);
    return out;
  }

  /** Random runs of families (some long, some labelled, some delete markers). */
  private static List<Key> keys(long seed, int families, int n) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<Key> keys = new ArrayList<>();
    String family = "A";
    for (int i = 0; i < n; i++) {
      if (rnd.nextInt(20) == 0) {
        int f = rnd.nextInt(families);
        family = f == 0 ? "x".repeat(129) : f == 1 ? "é" + f : "F" + f;
      }
      Key k = new Key("r" + i, family, "q", rnd.nextInt(5) == 0 ? "L" : "", 1);
      k.setDeleted(rnd.nextInt(10) == 0);
      keys.add(k);
    }
    return keys;
  }

  @Test
  void sameStatisticsAsAccumulosFamilySummarizer() {
    for (int[] c : new int[][] {{8, 1024}, {40, 16}, {3, 1}}) {
      List<Key> keys = keys(c[0], c[0], 20_000);
      SummarizerConfiguration ours = FamilyCountSummarizer.configuration("f", c[1]);
      SummarizerConfiguration theirs = SummarizerConfiguration.builder(FamilySummarizer.class)
          .addOption(CountingSummarizer.MAX_COUNTERS_OPT, Integer.toString(c[1])).build();
      Map<String,Long> expected = summarize(new FamilySummarizer(), theirs, keys);
      Map<String,Long> got = summarize(new FamilyCountSummarizer(), ours, keys);
      if (expected.get(CountingSummarizer.TOO_MANY_STAT) > 0) {
        // past the limit both say tooMany; which families were counted is their own business
        assertEquals(expected.get(CountingSummarizer.SEEN_STAT),
            got.get(CountingSummarizer.SEEN_STAT));
        assertEquals(true, got.get(CountingSummarizer.TOO_MANY_STAT) > 0);
      } else {
        assertEquals(expected, got, "families " + c[0] + ", limit " + c[1]);
      }
    }
  }

  @Test
  void combinedCountsAddUpAndSayTooManyPastTheLimit() {
    SummarizerConfiguration sc = FamilyCountSummarizer.configuration("f", 3);
    Summarizer.Combiner comb = new FamilyCountSummarizer().combiner(sc);
    Map<String,Long> into = new HashMap<>(Map.of("c:A", 2L, "c:B", 1L, "tooMany", 0L));
    comb.merge(into, Map.of("c:A", 5L, "c:C", 1L, "tooMany", 0L));
    assertEquals(Map.of("c:A", 7L, "c:B", 1L, "c:C", 1L, "tooMany", 0L), into);
    comb.merge(into, Map.of("c:D", 1L));
    assertEquals(1L, into.get("tooMany"));
  }
}
