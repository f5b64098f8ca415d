package org.spgemm.iterators;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * The digest of {@link InputDigestIterator} (entries, order-free sum of entry hashes, labelled
 * entries) of some column families, kept in every file's summary as Accumulo writes the file. The
 * summaries of a table's files add up to the digest a scan would take when each file holds only
 * what a scan returns: after a full compaction, no later write, delete or import. A delete marker
 * counts as an entry with its own hash, so a file holding one never sums up to a scan's digest.
 * A multiply compares these sums with the digest it took before (and, when they differ, scans its
 * inputs again to tell a change from what the files alone cannot show, such as labels the runner
 * may not read); a large one over M's own A and B takes its digest before from them too.
 *
 * <p>Each file also sums, per family, the squared number of entries of each row it holds
 * ({@link #ROW_SQUARES}): never more than the sum over rows of the squared row length that a
 * multiply's estimate of its partial products needs, and less where a row's entries are spread
 * over several files or over two of the stretches a file's summary is collected in (Accumulo
 * starts a new collector every 1,000 entries or more, wherever that falls).
 */
public class InputDigestSummarizer
    implements org.apache.accumulo.core.client.summary.Summarizer {

  /** The families digested, each hex-encoded, comma separated. */
  public static final String FAMILIES = "families";
  /** Statistics: entries, hash sum, labelled entries of family {@code hex}. */
  public static final String ENTRIES = "e:";
  public static final String HASH_SUM = "h:";
  public static final String LABELLED = "l:";
  /** Statistic: the sum over rows of the squared number of the row's entries in the file. */
  public static final String ROW_SQUARES = "r:";

  /** The configuration digesting {@code families} (its property id names the family set). */
  public static SummarizerConfiguration configuration(List<String> families) {
    List<String> hex = new ArrayList<>();
    for (String f : families) {
      String h = hex(f);
      if (!hex.contains(h)) {
        hex.add(h);
      }
    }
    hex.sort(null);
    String joined = String.join(",", hex);
    return SummarizerConfiguration.builder(InputDigestSummarizer.class)
        .setPropertyId("spgemmDigest_" + joined.replace(',', '_'))
        .addOption(FAMILIES, joined).build();
  }

  /** Whether {@code sc} digests every one of {@code families} (and maybe others). */
  public static boolean covers(SummarizerConfiguration sc, Collection<String> families) {
    if (!sc.getClassName().equals(InputDigestSummarizer.class.getName())) {
      return false;
    }
    List<String> has = List.of(sc.getOptions().getOrDefault(FAMILIES, "").split(",", -1));
    return families.stream().allMatch(f -> has.contains(hex(f)));
  }

  /**
   * The statistic {@code kind} ({@link #ENTRIES}, {@link #HASH_SUM}, {@link #LABELLED}, {@link
   * #ROW_SQUARES}) of {@code family}.
   */
  public static String statistic(String kind, String family) {
    return kind + hex(family);
  }

  private static String hex(String family) {
    return HexFormat.of().formatHex(family.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public Collector collector(SummarizerConfiguration sc) {
    String[] hex = sc.getOptions().getOrDefault(FAMILIES, "").split(",", -1);
    byte[][] families = new byte[hex.length][];
    for (int i = 0; i < hex.length; i++) {
      families[i] = HexFormat.of().parseHex(hex[i]);
    }
    // per family: entries, hash sum, labelled entries, squared lengths of the rows ended so far,
    // and the length of the row being read (a family's entries come in key order: a row's are
    // contiguous)
    long[][] sums = new long[families.length][5];
    byte[][] rows = new byte[families.length][];
    return new Collector() {
      @Override
      public void accept(Key k, Value v) {
        int f = indexOf(families, k);
        if (f < 0) {
          return;
        }
        long h = InputDigestIterator.hash(k, v.get());
        long[] s = sums[f];
        s[0]++;
        s[1] += k.isDeleted() ? ~h * 31 : h;
        s[2] += k.getColumnVisibilityData().length() > 0 ? 1 : 0;
        if (rows[f] == null || !Bytes.equal(k.getRowData(), rows[f])) {
          s[3] += s[4] * s[4];
          s[4] = 0;
          rows[f] = k.getRowData().toArray();
        }
        s[4]++;
      }

      @Override
      public void summarize(StatisticConsumer sc) {
        for (int i = 0; i < families.length; i++) {
          sc.accept(ENTRIES + hex[i], sums[i][0]);
          sc.accept(HASH_SUM + hex[i], sums[i][1]);
          sc.accept(LABELLED + hex[i], sums[i][2]);
          sc.accept(ROW_SQUARES + hex[i], sums[i][3] + sums[i][4] * sums[i][4]);
        }
      }
    };
  }

  /**
   * Which of {@code families} holds {@code k}, or -1; compared in place ({@link Bytes}: called
   * per entry, and {@code Key.compareColumnFamily} goes through Hadoop's comparator).
   */
  private static int indexOf(byte[][] families, Key k) {
    ByteSequence f = k.getColumnFamilyData();
    for (int i = 0; i < families.length; i++) {
      if (Bytes.equal(f, families[i])) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public Combiner combiner(SummarizerConfiguration sc) {
    return (Map<String,Long> into, Map<String,Long> from) -> from.forEach((k, n) -> into.merge(k,
        n, Long::sum));
  }
}
