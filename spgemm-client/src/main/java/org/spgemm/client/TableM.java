package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.client.summary.CountingSummarizer;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.FamilyCountSummarizer;
import org.spgemm.iterators.InputDigestSummarizer;
import org.spgemm.iterators.TableLayout;

/**
 * Table M: one table, one column family (and locality group) per matrix, configured so the
 * multiply's nested scans run on their own scan executor.
 */
public final class TableM {

  /** Files of M are written with snappy: three times gz's write rate for C, measured here. */

  private TableM() {}

  /**
   * Entries per column family of every file of M, counting labelled entries too: a family whose
   * files all say 0 (after a flush) is empty, whoever wrote it, with no compaction to look. Up to
   * 1024 families per file are counted; past that the counts say "too many" and prove nothing.
   * The statistics are those of Accumulo's {@code FamilySummarizer}, at a lower cost per entry
   * ({@link FamilyCountSummarizer}).
   */
  static final SummarizerConfiguration FAMILY_COUNTS = SummarizerConfiguration
      .builder(FamilyCountSummarizer.class).setPropertyId("spgemmFamilyCounts")
      .addOption(CountingSummarizer.MAX_COUNTERS_OPT, "1024").build();

  /** The configuration {@link #FAMILY_COUNTS} replaces, which tables made before still carry. */
  static final String OLD_FAMILY_COUNTS_ID = "spgemmFamilies";

  /**
   * Creates M with a locality group per family, the nested-scan dispatch hint, optional split
   * points (row keys), and its files' summaries: the entries of every family ({@link
   * #FAMILY_COUNTS}) and the digest of every family but C ({@link InputDigestSummarizer}).
   */
  public static void create(AccumuloClient client, String table, Collection<String> families,
      Collection<String> splits) {
    SpGEMM.checkTable(client, table);
    notNull("families", families);
    Map<String,Set<Text>> groups = new HashMap<>();
    for (String f : families) {
      groups.put(notNull("family", f), Set.of(new Text(f)));
    }
    NewTableConfiguration ntc = new NewTableConfiguration().setLocalityGroups(groups)
        .setProperties(Map.of(TableLayout.NESTED_DISPATCH_PROPERTY,
            TableLayout.DEFAULT_NESTED_EXECUTOR, TableLayout.COMPRESSION_PROPERTY,
            TableLayout.COMPRESSION, TableLayout.BLOCK_CACHE_PROPERTY, "true"));
    // the inputs' files digest them from the first write, so that a multiply's first run can
    // take its digest from the summaries (MultiplyRun); one call, since each call replaces the
    // summarizers the previous one set
    List<String> inputs = families.stream().filter(f -> !f.equals(TableLayout.C_FAMILY)).toList();
    ntc = inputs.isEmpty() ? ntc.enableSummarization(FAMILY_COUNTS)
        : ntc.enableSummarization(FAMILY_COUNTS, InputDigestSummarizer.configuration(inputs));
    if (splits != null && !splits.isEmpty()) {
      SortedSet<Text> s = new TreeSet<>();
      splits.forEach(x -> s.add(new Text(notNull("split", x))));
      ntc = ntc.withSplits(s);
    }
    try {
      client.tableOperations().create(table, ntc);
    } catch (TableExistsException e) {
      throw new InvalidOptionException("table " + table + " already exists");
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new ClusterException("cannot create table " + table + ": " + e.getMessage(), e);
    }
  }

  /** Creates M with families A, B, C. */
  public static void create(AccumuloClient client, String table) {
    create(client, table, TableLayout.FAMILIES, null);
  }

  public static void addSplits(AccumuloClient client, String table, Collection<String> splits) {
    SpGEMM.checkTable(client, table);
    notNull("splits", splits);
    SortedSet<Text> s = new TreeSet<>();
    splits.forEach(x -> s.add(new Text(notNull("split", x))));
    try {
      client.tableOperations().addSplits(table, s);
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new ClusterException("cannot split " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * Makes sure {@code family} has a locality group of its own, as the compaction engine needs (it
   * writes C in the pass of C's group); adding one takes ALTER_TABLE.
   */
  static void ensureOwnLocalityGroup(AccumuloClient client, String table, String family) {
    Text f = new Text(family);
    try {
      Map<String,Set<Text>> groups;
      try {
        groups = new HashMap<>(client.tableOperations().getLocalityGroups(table));
      } catch (AccumuloException e) {
        return; // may not read table configuration: the iterator checks it and says so
      }
      for (Map.Entry<String,Set<Text>> g : groups.entrySet()) {
        if (g.getValue().contains(f)) {
          if (g.getValue().size() == 1) {
            return;
          }
          throw new InvalidOptionException("family " + family + " of " + table + " shares locality"
              + " group " + g.getKey() + " with " + g.getValue() + "; the compaction engine needs"
              + " C in a group of its own (or use the scan engine)");
        }
      }
      String name = groups.containsKey(family) ? family + "_c" : family;
      groups.put(name, Set.of(f));
      client.tableOperations().setLocalityGroups(table, groups);
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (AccumuloSecurityException e) {
      throw new ClusterException("family " + family + " of " + table + " has no locality group of"
          + " its own and this user may not add one (needs ALTER_TABLE); ask the table's owner,"
          + " or use the scan engine", e);
    } catch (AccumuloException e) {
      throw new ClusterException("cannot configure " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * Makes sure nested scans from the iterator are dispatched to {@code executor}; setting it takes
   * ALTER_TABLE, so an already configured table is left alone.
   */
  static void ensureNestedDispatch(AccumuloClient client, String table, String executor) {
    try {
      String current;
      try {
        current = client.tableOperations().getConfiguration(table)
            .get(TableLayout.NESTED_DISPATCH_PROPERTY);
      } catch (AccumuloException e) {
        return; // may not read table configuration: the iterator checks it and says what is missing
      }
      if (executor.equals(current)) {
        return;
      }
      client.tableOperations().setProperty(table,
          TableLayout.NESTED_DISPATCH_PROPERTY, executor);
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (AccumuloSecurityException e) {
      throw new ClusterException("table " + table + " lacks "
          + TableLayout.NESTED_DISPATCH_PROPERTY + "=" + executor
          + " and this user may not set it (needs ALTER_TABLE); ask the table's owner", e);
    } catch (AccumuloException e) {
      throw new ClusterException("cannot configure " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * Adds {@link #FAMILY_COUNTS} to a table created without it, and removes the configuration it
   * replaces (it takes ALTER_TABLE; without it, or on files written before, emptiness of C is
   * checked by a compaction instead).
   */
  static void ensureFamilyCounts(AccumuloClient client, String table) {
    try {
      List<SummarizerConfiguration> now = client.tableOperations().listSummarizers(table);
      if (!now.contains(FAMILY_COUNTS)) {
        client.tableOperations().addSummarizers(table, FAMILY_COUNTS);
      }
      if (now.stream().anyMatch(c -> c.getPropertyId().equals(OLD_FAMILY_COUNTS_ID))) {
        client.tableOperations().removeSummarizers(table,
            c -> c.getPropertyId().equals(OLD_FAMILY_COUNTS_ID));
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (AccumuloException | AccumuloSecurityException e) {
      // optional: C's emptiness is then looked for by a compaction
    }
  }

  /**
   * Has {@code table}'s files digest {@code families} in their summaries ({@link
   * InputDigestSummarizer}), adding the configuration when missing: the files a compaction writes
   * from then on carry it (a configuration already there that digests more families serves as
   * well). Returns the configuration, or null when the table's configuration cannot
   * be read or changed (ALTER_TABLE): a multiply then digests its inputs by a scan after it
   * computes, as it does before.
   */
  static SummarizerConfiguration ensureInputDigests(AccumuloClient client, String table,
      List<String> families) {
    try {
      SummarizerConfiguration has = inputDigests(client, table, families);
      if (has != null) {
        return has;
      }
      SummarizerConfiguration cfg = InputDigestSummarizer.configuration(families);
      client.tableOperations().addSummarizers(table, cfg);
      return cfg;
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The configuration of {@code table} whose files' summaries digest {@code families} ({@link
   * InputDigestSummarizer}), or null when there is none or the configuration cannot be read.
   */
  static SummarizerConfiguration inputDigests(AccumuloClient client, String table,
      List<String> families) {
    try {
      for (SummarizerConfiguration has : client.tableOperations().listSummarizers(table)) {
        if (InputDigestSummarizer.covers(has, families)) {
          return has;
        }
      }
      return null;
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (AccumuloException | RuntimeException e) {
      return null;
    }
  }

  /**
   * A gRRp copy's parts pinned to tablet servers ({@value TableLayout#PARTS_PROPERTY}): how many
   * servers hold them, and the B entries its plan predicts they fetch from each other ({@value
   * TableLayout#PREDICTED_REMOTE_B_PROPERTY}; -1 when not recorded).
   */
  record PinnedParts(int servers, long predictedRemoteB) {
  }

  /**
   * The pinned parts of {@code table} when it is a gRRp copy; null when it is not, or its
   * configuration cannot be read.
   */
  static PinnedParts pinnedParts(AccumuloClient client, String table) {
    try {
      Map<String,String> conf = client.tableOperations().getConfiguration(table);
      String parts = conf.get(TableLayout.PARTS_PROPERTY);
      if (parts == null || parts.isEmpty()) {
        return null;
      }
      long remote = -1;
      String predicted = conf.get(TableLayout.PREDICTED_REMOTE_B_PROPERTY);
      if (predicted != null && !predicted.isEmpty()) {
        remote = Long.parseLong(predicted);
      }
      return new PinnedParts((int) Arrays.stream(parts.split(",")).map(String::strip)
          .distinct().count(), remote);
    } catch (AccumuloException | TableNotFoundException | NumberFormatException e) {
      return null;
    }
  }

  /** The id of {@code table}, which, unlike its name, is never given to another table. */
  static String id(AccumuloClient client, String table) {
    String id = client.tableOperations().tableIdMap().get(table);
    if (id == null) {
      throw ClusterException.noTable(table, null);
    }
    return id;
  }

  static List<Range> tabletRanges(AccumuloClient client, String table) {
    List<Range> ranges = new ArrayList<>();
    Text prev = null;
    for (Text split : splits(client, table)) {
      ranges.add(new Range(prev, false, split, true));
      prev = split;
    }
    ranges.add(new Range(prev, false, null, true));
    return ranges;
  }

  /** {@code table}'s split points, in order. */
  static List<Text> splits(AccumuloClient client, String table) {
    try {
      return new ArrayList<>(client.tableOperations().listSplits(table));
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, null);
    } catch (AccumuloSecurityException | AccumuloException e) {
      throw new ClusterException("cannot list tablets of " + table + ": " + e.getMessage(), e);
    }
  }
}
