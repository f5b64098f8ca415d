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

  private final Map<Input,Digest> digests;
  /** Per table: each emitted entry's key (the last one a tablet read) and its digests. */
  private final Map<String,List<Map.Entry<Key,Map<String,Digest>>>> perTablet;

  private InputDigest(Map<Input,Digest> digests,
      Map<String,List<Map.Entry<Key,Map<String,Digest>>>> perTablet) {
    this.digests = digests;
    this.perTablet = perTablet;
  }

  /**
   * A digest made of what the caller knows already (an algorithm's own records, {@link
   * AlgorithmRun}), without the per-tablet part: see {@link #perTablet()}.
   */
  static InputDigest of(Map<Input,Digest> digests) {
    return new InputDigest(new LinkedHashMap<>(digests), null);
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
    Map<String,List<Input>> byTable = new LinkedHashMap<>();
    for (Input in : inputs) {
      byTable.computeIfAbsent(in.table(), t -> new ArrayList<>()).add(in);
    }
    Map<Input,Digest> out = new LinkedHashMap<>();
    Map<String,List<Map.Entry<Key,Map<String,Digest>>>> perTablet = new HashMap<>();
    for (Map.Entry<String,List<Input>> t : byTable.entrySet()) {
      List<Map.Entry<Key,Map<String,Digest>>> entries = scan(client, t.getKey(), t.getValue());
      perTablet.put(t.getKey(), entries);
      Map<String,Digest> families = new HashMap<>();
      entries.forEach(e -> e.getValue().forEach((f, d) -> families.merge(f, d, Digest::plus)));
      for (Input in : t.getValue()) {
        out.put(in, families.getOrDefault(in.family(), new Digest(0, 0, 0, 0, 0)));
      }
    }
    return new InputDigest(out, perTablet);
  }

  private static List<Map.Entry<Key,Map<String,Digest>>> scan(AccumuloClient client,
      String table, List<Input> inputs) {
    List<Map.Entry<Key,Map<String,Digest>>> entries = new ArrayList<>();
    try (BatchScanner s = client.createBatchScanner(table, MatrixStore.userAuths(client), 4)) {
      s.setRanges(List.of(new Range()));
      for (Input in : inputs) {
        s.fetchColumnFamily(new Text(in.family()));
      }
      s.addScanIterator(InputDigestIterator.setting());
      for (Map.Entry<Key,Value> e : s) {
        Map<String,Digest> families = new HashMap<>();
        InputDigestIterator.decodeInto(e.getValue(), families);
        entries.add(Map.entry(new Key(e.getKey()), families));
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (RuntimeException e) {
      throw new ClusterException("cannot read " + inputs + " of table " + table
          + " (READ permission needed): " + e.getMessage(), e);
    }
    return entries;
  }

  /**
   * The names ({@link JobRecord#tabletName}) of the tablets, among {@code tablets}, holding
   * entries of {@code in} the caller can read: each must report a final count.
   */
  Set<String> tabletsHolding(Input in, List<Range> tablets) {
    if (perTablet == null) {
      throw new IllegalStateException("a digest of known counts has no tablets");
    }
    Set<String> names = new HashSet<>();
    for (Map.Entry<Key,Map<String,Digest>> e : perTablet.get(in.table())) {
      Digest d = e.getValue().get(in.family());
      if (d != null && d.entries() > 0) {
        tablets.stream().filter(r -> r.contains(e.getKey())).findFirst()
            .ifPresent(r -> names.add(JobRecord.tabletName(r)));
      }
    }
    return names;
  }

  /** Whether {@code in} was digested. */
  boolean has(Input in) {
    return digests.containsKey(in);
  }

  /** Entries of {@code in} the caller can read. */
  long entries(Input in) {
    return digests.get(in).entries();
  }

  /** The sum over rows of the squared number of {@code in}'s entries in the row. */
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
   * Whether the files of {@code table}, flushed first, hold exactly the entries this digest saw in
   * every input (all of them in {@code table}), by their summaries under {@code files} ({@link
   * InputDigestSummarizer}): entries, hash sum and labelled entries per family. True only when
   * every file has that summary and the sums match; a write, delete or import since, a version
   * older than the scan returns, an entry the runner may not read, or a file without the summary
   * all answer false, and the caller then digests the inputs by a scan.
   */
  boolean sameInFiles(AccumuloClient client, String table, SummarizerConfiguration files) {
    Summary s;
    try {
      List<Summary> summaries = client.tableOperations().summaries(table).flush(true)
          .withConfiguration(files).retrieve();
      if (summaries.size() != 1) {
        return false;
      }
      s = summaries.get(0);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException
        | RuntimeException e) {
      return false;
    }
    Summary.FileStatistics f = s.getFileStatistics();
    if (f.getMissing() != 0 || f.getExtra() != 0 || f.getLarge() != 0 || f.getDeleted() != 0) {
      return false;
    }
    Map<String,Long> st = s.getStatistics();
    for (Map.Entry<Input,Digest> e : digests.entrySet()) {
      if (!e.getKey().table().equals(table)) {
        return false;
      }
      String family = e.getKey().family();
      Digest d = e.getValue();
      if (st.getOrDefault(InputDigestSummarizer.statistic(InputDigestSummarizer.ENTRIES, family), -1L)
          != d.entries()
          || st.getOrDefault(InputDigestSummarizer.statistic(InputDigestSummarizer.HASH_SUM, family),
              0L) != d.hashSum()
          || st.getOrDefault(InputDigestSummarizer.statistic(InputDigestSummarizer.LABELLED, family),
              -1L) != d.labelled()) {
        return false;
      }
    }
    return true;
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
