package org.spgemm.job;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.iterators.TableLayout;
import org.spgemm.pipeline.BadInputException;

/**
 * Decides whether this iterator may act. The tablet server reads and writes with its own rights,
 * so nothing a user can write grants authority beyond the table the job runs on (M):
 * <ul>
 * <li>a RUNNING job record matching the options must exist in M: only a user with WRITE on M can
 * have put it there, and at scan scope the scan must carry the job's one-time key;
 * <li>another table is read (B, a mask) or written (C) only if that table lists M's <em>table
 * id</em> in its {@link TableLayout#B_READERS_PROPERTY} or {@link TableLayout#C_WRITERS_PROPERTY}
 * property, which only a user who may alter that table can set; ids are never reused, so a table
 * created later under a deleted table's name inherits nothing;
 * <li>Accumulo's own tables are never read or written, whatever their properties say;
 * <li>the nested scan executor must be configured, so nested scans cannot deadlock the server's
 * scan pool.
 * </ul>
 * No field of the job record (which any writer of M controls) is trusted for any of this.
 */
public final class JobAuthorization {

  private final AccumuloClient client;
  private final PluginEnvironment plugins;
  private final TableId tableId;
  private final String table;
  private final MultiplySpec opts;

  public JobAuthorization(AccumuloClient client, PluginEnvironment plugins, TableId tableId, String table,
      MultiplySpec opts) {
    this.client = client;
    this.plugins = plugins;
    this.tableId = tableId;
    this.table = table;
    this.opts = opts;
  }

  /**
   * Checks a scan-scope job: the record, its one-time key, consents and the nested executor.
   *
   * @throws BadInputException (anchored at {@code at}) explaining the refusal
   */
  public void check(String bTable, Key at) {
    Map<String,String> job = checkRecord(bTable, at);
    if (!JobRecord.keyMatches(opts.jobKey(), job.get("keyHash"))) {
      throw refuse("the job key does not match job record '" + opts.job()
          + "' in table " + table, at);
    }
    if (opts.dryRun() && opts.table() != null) {
      checkTableId(at); // the pre-flight of a compaction, whose passes need no nested executor
      return;
    }
    checkNestedExecutor(at);
  }

  /**
   * Checks a compaction-scope job. Starting a compaction takes WRITE on the table, so no key is
   * needed; but its options are the caller's, so the table id they name must be the one
   * compacted, and the job record, which only a writer of this table can have put there, must
   * match them.
   */
  public void checkCompaction(String bTable) {
    checkTableId(null);
    checkRecord(bTable, null);
  }

  private void checkTableId(Key at) {
    if (!tableId.canonical().equals(opts.table())) {
      throw refuse("option " + "table" + "=" + opts.table()
          + " but the job runs on table " + table + " (id " + tableId.canonical() + ")", at);
    }
  }

  private Map<String,String> checkRecord(String bTable, Key at) {
    Map<String,String> job = readJob(at);
    if (job == null) {
      throw refuse("no job record '" + opts.job() + "' in table " + table
          + "; multiplies must be started by a user with WRITE permission (SpGEMM.multiply)", at);
    }
    expect(job, "state", JobRecord.State.RUNNING.name(), at);
    expect(job, "c", opts.cFamily(), at);
    expect(job, "bTable", bTable, at);
    expect(job, "mode", opts.mode().name(), at);
    requireConsent(bTable, "B", TableLayout.B_READERS_PROPERTY, at);
    String cTable = opts.cTable();
    if (cTable != null) {
      expect(job, "cTable", cTable, at);
      requireConsent(cTable, "C", TableLayout.C_WRITERS_PROPERTY, at);
    }
    String maskTable = opts.maskTable();
    if (maskTable != null) {
      requireConsent(maskTable, "mask", TableLayout.B_READERS_PROPERTY, at);
    }
    return job;
  }

  /**
   * Another table may be read or written with the tablet server's rights only when it lists this
   * table's id in {@code property}; Accumulo's own tables never.
   */
  private void requireConsent(String other, String role, String property, Key at) {
    if (other.startsWith(TableLayout.SYSTEM_NAMESPACE + ".")) {
      throw refuse(role + " table " + other + " is one of Accumulo's own tables; multiplies"
          + " never read or write those", at);
    }
    String id = client.tableOperations().tableIdMap().get(other);
    if (id == null) {
      throw refuse(role + " table " + other + " does not exist", at);
    }
    if (id.equals(tableId.canonical())) {
      return;
    }
    List<String> ids = listedIds(TableId.of(id), property);
    if (ids.contains(tableId.canonical())) {
      return;
    }
    String how = property.equals(TableLayout.B_READERS_PROPERTY) ? "read" : "write";
    throw refuse(role + " table " + other + " does not let table " + table + " (id "
        + tableId.canonical() + ") " + how + " it: its " + TableLayout.CUSTOM_PREFIX + property
        + " must list that id" + (ids.contains(table) ? " (it lists the name " + table
            + "; consent is by table id, since a name can be reused)" : "")
        + "; a user who may alter " + other + " grants it (Consent.grant)", at);
  }

  /**
   * The ids {@code other} lists in {@code property}. This server's copy of the table configuration
   * follows ZooKeeper through a watch, so a consent given just before the multiply may not be in
   * it yet (once more than 2 s late on a loaded machine): an id missing there is looked for in
   * ZooKeeper itself before the refusal stands.
   */
  private List<String> listedIds(TableId other, String property) {
    List<String> ids = split(plugins.getConfiguration(other).getTableCustom(property));
    return ids.contains(tableId.canonical()) ? ids
        : split(TabletServerBridge.tableCustomNow(client, other, property));
  }

  private static List<String> split(String listed) {
    return listed == null ? List.of()
        : Arrays.stream(listed.split(",")).map(String::trim).toList();
  }

  private void checkNestedExecutor(Key at) {
    String executor =
        plugins.getConfiguration(tableId).get(TableLayout.NESTED_DISPATCH_PROPERTY);
    if (executor == null || executor.isBlank()) {
      throw refuse("table " + table + " has no "
          + TableLayout.NESTED_DISPATCH_PROPERTY
          + ": nested scans would share the scan pool and can deadlock (SpGEMM.multiply sets it)",
          at);
    }
    if (!plugins.getConfiguration().isSet(TableLayout.executorThreadsProperty(executor))) {
      throw refuse("scan executor '" + executor + "' is not configured on the"
          + " tablet servers: set " + TableLayout.executorThreadsProperty(executor)
          + " in accumulo.properties (see README)", at);
    }
  }


  /**
   * True while the job's record exists and says RUNNING. Every batch of every tablet asks; the
   * answer comes from {@link #record}, so a yes may be {@link #LIVENESS_CACHE_MILLIS} old, and the
   * client waits longer than that after removing a record before it trusts that no batch writes
   * any more.
   */
  public static boolean stillRunning(AccumuloClient client, String table, String job) {
    try {
      Map<String,String> record = record(client, table, job);
      return record != null && JobRecord.State.RUNNING.name().equals(record.get("state"));
    } catch (TableNotFoundException e) {
      return false; // gone with its table
    }
  }

  /** The job's record in this table, as {@link #record} reads it. */
  private Map<String,String> readJob(Key at) {
    try {
      return record(client, table, opts.job());
    } catch (TableNotFoundException e) {
      throw refuse("table " + table + " vanished", at);
    }
  }

  /**
   * The record of {@code job} in {@code table}, or null when there is none. A RUNNING record is
   * remembered for {@link #LIVENESS_CACHE_MILLIS}, by table and job, JVM-wide (the tablets of a
   * job meet nowhere else): the pre-flight, the job's tablets on this server and their batches
   * then read it once, not by a nested scan each. Every check still compares it with the
   * caller's options and key.
   */
  private static Map<String,String> record(AccumuloClient client, String table, String job)
      throws TableNotFoundException {
    String cacheKey = table + '|' + job;
    Map<String,String> known = RUNNING_RECORDS.getIfPresent(cacheKey);
    if (known != null) {
      return known;
    }
    Key k = JobRecord.recordKey(job);
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.setExecutionHints(TableLayout.NESTED_HINT); // never on the pool the outer scan holds
      s.setRange(new Range(k.getRow()));
      s.fetchColumn(k.getColumnFamily(), k.getColumnQualifier());
      for (Entry<Key,Value> e : s) {
        Map<String,String> record = Map.copyOf(JobRecord.decode(e.getValue()));
        if (JobRecord.State.RUNNING.name().equals(record.get("state"))) {
          RUNNING_RECORDS.put(cacheKey, record);
        }
        return record;
      }
      return null;
    }
  }

  static final long LIVENESS_CACHE_MILLIS = 500;
  /** RUNNING job records by table and job, for {@link #LIVENESS_CACHE_MILLIS}. */
  private static final Cache<String,Map<String,String>> RUNNING_RECORDS = Caffeine.newBuilder()
      .expireAfterWrite(LIVENESS_CACHE_MILLIS, TimeUnit.MILLISECONDS).build();

  private void expect(Map<String,String> job, String field, String expected, Key at) {
    if (!expected.equals(job.get(field))) {
      throw refuse("job record '" + opts.job() + "' has " + field + "="
          + job.get(field) + " but the iterator was asked for " + expected, at);
    }
  }

  private static BadInputException refuse(String why, Key at) {
    return BadInputException.refusal(why, at);
  }
}
