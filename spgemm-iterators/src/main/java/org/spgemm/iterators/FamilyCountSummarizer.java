package org.spgemm.iterators;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.apache.accumulo.core.client.summary.CountingSummarizer;
import org.apache.accumulo.core.client.summary.Summarizer;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;

/**
 * Entries per column family of a file, labelled ones included, delete markers left out, under the
 * statistic names of Accumulo's {@code FamilySummarizer} with its default options ({@code
 * c:family}, {@code tooMany}, {@code tooLong}, {@code seen}, {@code emitted}, {@code
 * deletesIgnored}), so that the same reader serves both. Made for files of
 * M, whose passes write tens of millions of entries of one family in a row: an entry of the family
 * counted last costs one comparison in place, where Accumulo's counter makes a byte sequence and a
 * consumer per entry and hashes it into a map (about 6 % of the compaction threads' samples and a
 * tenth of their allocation, writing R-MAT 14's C).
 */
public class FamilyCountSummarizer implements Summarizer {

  /** Most families counted per file; past that the file reports {@code tooMany} and no counts. */
  public static final String MAX_COUNTERS = CountingSummarizer.MAX_COUNTERS_OPT;
  /** Longest family counted, in bytes; longer ones are counted under {@code tooLong}. */
  public static final String MAX_LENGTH = CountingSummarizer.MAX_COUNTER_LEN_OPT;

  private static final int DEFAULT_MAX_COUNTERS = 1024;
  private static final int DEFAULT_MAX_LENGTH = 128;

  /** A configuration counting up to {@code maxFamilies} families, named {@code propertyId}. */
  public static SummarizerConfiguration configuration(String propertyId, int maxFamilies) {
    return SummarizerConfiguration.builder(FamilyCountSummarizer.class).setPropertyId(propertyId)
        .addOption(MAX_COUNTERS, Integer.toString(maxFamilies)).build();
  }

  @Override
  public Collector collector(SummarizerConfiguration sc) {
    int maxCounters = option(sc, MAX_COUNTERS, DEFAULT_MAX_COUNTERS);
    int maxLength = option(sc, MAX_LENGTH, DEFAULT_MAX_LENGTH);
    return new Collector() {
      private byte[][] families = new byte[4][];
      private long[] counts = new long[4];
      private int n;
      private final Text last = new Text();
      private int lastIndex = -1;
      private final Text family = new Text();
      private long seen;
      private long tooMany;
      private long tooLong;
      private long deletes;

      @Override
      public void accept(Key k, Value v) {
        seen++;
        if (k.isDeleted()) {
          deletes++; // as Accumulo's counter does by default: a marker is no entry of its family
          return;
        }
        if (lastIndex >= 0 && k.compareColumnFamily(last) == 0) {
          counts[lastIndex]++;
          return;
        }
        k.getColumnFamily(family);
        if (family.getLength() > maxLength) {
          tooLong++;
          return;
        }
        int i = indexOf(family);
        if (i < 0) {
          if (n == maxCounters) {
            tooMany++;
            return;
          }
          if (n == families.length) {
            families = Arrays.copyOf(families, n * 2);
            counts = Arrays.copyOf(counts, n * 2);
          }
          families[n] = family.copyBytes();
          i = n++;
        }
        counts[i]++;
        lastIndex = i;
        last.set(families[i]);
      }

      private int indexOf(Text f) {
        for (int i = 0; i < n; i++) {
          if (Arrays.equals(families[i], 0, families[i].length, f.getBytes(), 0,
              f.getLength())) {
            return i;
          }
        }
        return -1;
      }

      @Override
      public void summarize(StatisticConsumer sc) {
        long emitted = 0;
        for (int i = 0; i < n; i++) {
          sc.accept(CountingSummarizer.COUNTER_STAT_PREFIX
              + new String(families[i], StandardCharsets.UTF_8), counts[i]);
          emitted += counts[i];
        }
        sc.accept(CountingSummarizer.SEEN_STAT, seen);
        sc.accept(CountingSummarizer.EMITTED_STAT, emitted + tooMany + tooLong);
        sc.accept(CountingSummarizer.TOO_MANY_STAT, tooMany);
        sc.accept(CountingSummarizer.TOO_LONG_STAT, tooLong);
        sc.accept(CountingSummarizer.DELETES_IGNORED_STAT, deletes);
      }
    };
  }

  /**
   * Sums two summaries; a sum counting more than {@code maxCounters} families says {@code
   * tooMany}, as a file holding them would, and then proves nothing to its reader.
   */
  @Override
  public Combiner combiner(SummarizerConfiguration sc) {
    int maxCounters = option(sc, MAX_COUNTERS, DEFAULT_MAX_COUNTERS);
    return (Map<String,Long> into, Map<String,Long> from) -> {
      from.forEach((k, v) -> into.merge(k, v, Long::sum));
      long families = into.keySet().stream()
          .filter(k -> k.startsWith(CountingSummarizer.COUNTER_STAT_PREFIX)).count();
      if (families > maxCounters) {
        into.merge(CountingSummarizer.TOO_MANY_STAT, families - maxCounters, Long::sum);
      }
    };
  }

  private static int option(SummarizerConfiguration sc, String name, int dflt) {
    String v = sc.getOptions().get(name);
    return v == null ? dflt : Integer.parseInt(v);
  }
}
