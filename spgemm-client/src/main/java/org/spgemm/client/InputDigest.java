package org.spgemm.client;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.client.summary.Summary;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.InputDigestIterator;
import org.spgemm.iterators.InputDigestIterator.Digest;
import org.spgemm.iterators.InputDigestSummarizer;
import org.spgemm.job.JobRecord;

/**
 * The digests of a multiply's inputs (entries, a hash of every key and value, labelled entries;
 * see {@link InputDigestIterator}), taken by the tablet servers with the caller's authorizations
 * in one batch scan per table. Two of them, before and after a multiply computes, tell whether
 * any input changed underneath it.
 */
final class InputDigest {

  /** One input: its role in the multiply (A, B, mask), table and family. */
  record Input(String role, String table, String family) {
    @Override
    public String toString() {
      return role + " (" + table + ":" + family + ")";
    }
  }

  /**
   * What one tablet's digest scan emitted: the last key it read, its digests by family, and
   * whether it stopped at the sample's size.
   */
  private record Tablet(Key last, Map<String,Digest> families, boolean sampled) {
  }

  /** Entries of each tablet a sample digests ({@link #sample}). */
  static final long SAMPLE_ENTRIES = 4096;

  private final Map<Input,Digest> digests;
  /** Per table: what each tablet's scan emitted. */
  private final Map<String,List<Tablet>> perTablet;
  /** Whether the digests are the sums of the files' summaries ({@link #fromFiles}). */
  private final boolean fromFiles;

  private InputDigest(Map<Input,Digest> digests, Map<String,List<Tablet>> perTablet,
      boolean fromFiles) {
    this.digests = digests;
    this.perTablet = perTablet;
    this.fromFiles = fromFiles;
  }

  /**
   * A digest made of what the caller knows already (an algorithm's own records, {@link
   * AlgorithmRun}), without the per-tablet part: see {@link #perTablet()}.
   */
  static InputDigest of(Map<Input,Digest> digests) {
    return new InputDigest(new LinkedHashMap<>(digests), null, false);
  }

  /** Whether this digest was read per tablet ({@link #tabletsHolding} needs it). */
  boolean perTablet() {
    return perTablet != null;
  }

  /** The digest of {@code in}. */
  Digest of(Input in) {
    return digests.get(in);
  }

  static InputDigest take(AccumuloClient client, List<Input> inputs) {
    return take(client, inputs, InputDigestIterator.setting());
  }

  /**
   * The digests of the first {@value #SAMPLE_ENTRIES} entries of each tablet the caller can read:
   * enough to tell which tablets hold an input and how local A's qualifiers are, and the whole
   * digest of a table whose tablets hold fewer ({@link #sampled()} false).
   */
  static InputDigest sample(AccumuloClient client, List<Input> inputs) {
    return take(client, inputs, InputDigestIterator.sampleSetting(SAMPLE_ENTRIES));
  }

  private static InputDigest take(AccumuloClient client, List<Input> inputs,
      IteratorSetting digest) {
    Map<String,List<Input>> byTable = new LinkedHashMap<>();
    for (Input in : inputs) {
      byTable.computeIfAbsent(in.table(), t -> new ArrayList<>()).add(in);
    }
    Map<Input,Digest> out = new LinkedHashMap<>();
    Map<String,List<Tablet>> perTablet = new HashMap<>();
    for (Map.Entry<String,List<Input>> t : byTable.entrySet()) {
      List<Tablet> tablets = scan(client, t.getKey(), t.getValue(), digest);
      perTablet.put(t.getKey(), tablets);
      Map<String,Digest> families = new HashMap<>();
      tablets.forEach(e -> e.families().forEach((f, d) -> families.merge(f, d, Digest::plus)));
      for (Input in : t.getValue()) {
        out.put(in, families.getOrDefault(in.family(), new Digest(0, 0, 0, 0, 0)));
      }
    }
    return new InputDigest(out, perTablet, false);
  }

  private static List<Tablet> scan(AccumuloClient client, String table, List<Input> inputs,
      IteratorSetting digest) {
    List<Tablet> entries = new ArrayList<>();
    try (BatchScanner s = client.createBatchScanner(table, MatrixStore.userAuths(client), 4)) {
      s.setRanges(List.of(new Range()));
      for (Input in : inputs) {
        s.fetchColumnFamily(new Text(in.family()));
      }
      s.addScanIterator(digest);
      for (Map.Entry<Key,Value> e : s) {
        Map<String,Digest> families = new HashMap<>();
        InputDigestIterator.decodeInto(e.getValue(), families);
        entries.add(new Tablet(new Key(e.getKey()), families,
            InputDigestIterator.sampled(e.getValue())));
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (RuntimeException e) {
      throw new ClusterException("cannot read " + inputs + " of table " + table
          + " (READ permission needed): " + e.getMessage(), e);
    }
    return entries;
  }

  /** Whether some tablet's digest is a sample: the totals are then only its first entries'. */
  boolean sampled() {
    return perTablet != null && perTablet.values().stream().flatMap(List::stream)
        .anyMatch(Tablet::sampled);
  }

  /** Whether the digests are the sums of the files' summaries ({@link #fromFiles}). */
  boolean fromFiles() {
    return fromFiles;
  }

  /**
   * The names ({@link JobRecord#tabletName}) of the tablets, among {@code tablets}, holding
   * entries of {@code in} the caller can read: each must report a final count. A tablet whose
   * sample holds none but stopped short counts as holding some (it holds entries, so its
   * compaction runs and reports).
   */
  Set<String> tabletsHolding(Input in, List<Range> tablets) {
    if (perTablet == null) {
      throw new IllegalStateException("a digest of known counts has no tablets");
    }
    Set<String> names = new HashSet<>();
    for (Tablet e : perTablet.get(in.table())) {
      Digest d = e.families().get(in.family());
      if (d != null && d.entries() > 0 || e.sampled()) {
        tablets.stream().filter(r -> r.contains(e.last())).findFirst()
            .ifPresent(r -> names.add(JobRecord.tabletName(r)));
      }
    }
    return names;
  }

  /** Whether {@code in} was digested. */
  boolean has(Input in) {
    return digests.containsKey(in);
  }

  /** Entries of {@code in} the caller can read (all of them, {@link #fromFiles}). */
  long entries(Input in) {
    return digests.get(in).entries();
  }

  /**
   * The sum over rows of the squared number of {@code in}'s entries in the row; {@link
   * #fromFiles}, at most that ({@link InputDigestSummarizer#ROW_SQUARES}), or -1 when files
   * written before that statistic do not tell.
   */
  long rowSquares(Input in) {
    return digests.get(in).rowSquares();
  }

  /**
   * Entries of {@code in} whose qualifier is a row of their own tablet: for A, the entries whose B
   * row lives in the same tablet when B is in the same table.
   */
  long localQualifiers(Input in) {
    return digests.get(in).localQualifiers();
  }

  /** Entries of {@code in} that carry a label (among those the caller may read). */
  long labelled(Input in) {
    return digests.get(in).labelled();
  }

  /** The first input whose digest differs from {@code before}'s, or null when none does. */
  Input changedSince(InputDigest before) {
    for (Map.Entry<Input,Digest> e : digests.entrySet()) {
      if (!e.getValue().equals(before.digests.get(e.getKey()))) {
        return e.getKey();
      }
    }
    return null;
  }

  /**
   * The digest of {@code sample}'s inputs (all in {@code table}) from the statistics of the
   * table's files ({@code st}, from {@link #fileStatistics}; null when there are none): entries,
   * hash sum and labelled entries of every entry the files hold, those the caller may not read
   * and older versions included, and at most the sum of squared row lengths ({@link
   * #rowSquares}); the tablets {@code sample} saw, and A's local qualifiers in its proportion.
   * Null when the summaries cannot stand for the inputs: a file without them, one reaching past
   * its tablet, a delete marker, an input they do not cover, or no permission to read them.
   */
  static InputDigest fromFiles(Map<String,Long> st, String table, InputDigest sample) {
    if (st == null) {
      return null;
    }
    Map<Input,Digest> out = new LinkedHashMap<>();
    for (Map.Entry<Input,Digest> e : sample.digests.entrySet()) {
      Input in = e.getKey();
      Digest held = in.table().equals(table) ? inFiles(st, in.family()) : null;
      if (held == null) {
        return null;
      }
      Digest seen = e.getValue();
      long local = seen.entries() == 0 ? 0
          : Math.round((double) held.entries() * seen.localQualifiers() / seen.entries());
      out.put(in, new Digest(held.entries(), held.hashSum(), held.labelled(), held.rowSquares(),
          local));
    }
    return new InputDigest(out, sample.perTablet, true);
  }

  /**
   * Whether the files of {@code table}, flushed first, hold exactly the entries this digest saw in
   * every input (all of them in {@code table}), by their summaries under {@code files} ({@link
   * InputDigestSummarizer}): entries, hash sum and labelled entries per family. True only when
   * every file has that summary and the sums match; a write, delete or import since, a version
   * older than the scan returns, an entry the runner may not read, or a file without the summary
   * all answer false, and the caller then digests the inputs by a scan.
   */
  boolean sameInFiles(AccumuloClient client, String table, SummarizerConfiguration files) {
    Map<String,Long> st = fileStatistics(client, table, files);
    if (st == null) {
      return false;
    }
    for (Map.Entry<Input,Digest> e : digests.entrySet()) {
      Digest d = e.getValue();
      Digest held = e.getKey().table().equals(table) ? inFiles(st, e.getKey().family()) : null;
      if (held == null || held.entries() != d.entries() || held.hashSum() != d.hashSum()
          || held.labelled() != d.labelled()) {
        return false;
      }
    }
    return true;
  }

  /**
   * The entries, hash sum and labelled entries of {@code family} in the files' statistics {@code
   * st} (row squares and local qualifiers 0: the summaries do not keep them); null when the
   * summaries do not digest that family.
   */
  private static Digest inFiles(Map<String,Long> st, String family) {
    Long entries = st.get(InputDigestSummarizer.statistic(InputDigestSummarizer.ENTRIES, family));
    Long hash = st.get(InputDigestSummarizer.statistic(InputDigestSummarizer.HASH_SUM, family));
    Long labelled = st.get(InputDigestSummarizer.statistic(InputDigestSummarizer.LABELLED, family));
    Long squares = st.get(InputDigestSummarizer.statistic(InputDigestSummarizer.ROW_SQUARES,
        family));
    return entries == null || hash == null || labelled == null ? null
        : new Digest(entries, hash, labelled, squares == null ? -1 : squares, 0);
  }

  /**
   * The statistics of {@code table}'s files under {@code files}, flushed first; null unless every
   * file has them and holds only its tablet's rows and no delete marker.
   */
  static Map<String,Long> fileStatistics(AccumuloClient client, String table,
      SummarizerConfiguration files) {
    Summary s;
    try {
      List<Summary> summaries = client.tableOperations().summaries(table).flush(true)
          .withConfiguration(files).retrieve();
      if (summaries.size() != 1) {
        return null;
      }
      s = summaries.get(0);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException
        | RuntimeException e) {
      return null;
    }
    Summary.FileStatistics f = s.getFileStatistics();
    if (f.getMissing() != 0 || f.getExtra() != 0 || f.getLarge() != 0 || f.getDeleted() != 0) {
      return null;
    }
    return s.getStatistics();
  }

  /** What {@link #changedSince} found, as one line. */
  String describeChange(InputDigest before, Input in) {
    return describeChange(before, in, "the multiply", "C");
  }

  /** As above, for {@code what} (that ran) whose result {@code result} is not kept. */
  String describeChange(InputDigest before, Input in, String what, String result) {
    Digest b = before.digests.get(in);
    Digest a = digests.get(in);
    return in + " changed while " + what + " ran (" + b.entries() + " entries before, "
        + a.entries() + " after" + (b.entries() == a.entries() ? ", some rewritten" : "")
        + "); " + result + " would mix old and new data and is not kept: run it again once the"
        + " writers have stopped";
  }
}
