package org.spgemm.iterators;

import java.util.Arrays;
import java.util.Map;
import java.util.Map.Entry;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

/**
 * Decides whether this iterator may act: a RUNNING job record matching the options must exist in
 * the table (only a user with WRITE on it can have put it there), B may only come from the table
 * itself or one that the table's owner listed, and the nested scan executor must be configured so
 * nested scans cannot deadlock the server's scan pool.
 */
final class JobAuthorization {

  private final AccumuloClient client;
  private final PluginEnvironment plugins;
  private final TableId tableId;
  private final String table;
  private final MultiplyIteratorOptions.Parsed opts;

  JobAuthorization(AccumuloClient client, PluginEnvironment plugins, TableId tableId, String table,
      MultiplyIteratorOptions.Parsed opts) {
    this.client = client;
    this.plugins = plugins;
    this.tableId = tableId;
    this.table = table;
    this.opts = opts;
  }

  /**
   * Checks a scan-scope job: the record, its one-time key, B's consent and the nested executor.
   *
   * @throws BadInputException (anchored at {@code at}) explaining the refusal
   */
  void check(String bTable, Key at) {
    Map<String,String> job = checkRecord(bTable, at);
    if (!JobRecord.keyMatches(opts.jobKey(), job.get("keyHash"))) {
      throw refuse("the job key does not match job record '" + opts.job()
          + "' in table " + table, at);
    }
    checkNestedExecutor(at);
  }

  /**
   * Checks a compaction-scope job. Starting a compaction takes WRITE on the table, so no key is
   * needed; but its options are the caller's, so the table they name must be the one compacted
   * (the nested scans read with the tablet server's rights), and the job record, which only a
   * writer of this table can have put there, must match them.
   */
  void checkCompaction(String bTable) {
    if (!table.equals(opts.table())) {
      throw refuse("option " + MultiplyIteratorOptions.TABLE + "="
          + opts.table() + " but the compaction is of table " + table, null);
    }
    checkRecord(bTable, null);
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
    requireConsent(bTable, "B", at);
    String cTable = opts.mxm().cTable();
    if (cTable != null) {
      expect(job, "cTable", cTable, at);
      requireWriter(job.get("principal"), cTable, at);
    }
    String maskTable = opts.mxm().maskTable();
    if (maskTable != null) {
      requireConsent(maskTable, "mask", at);
    }
    return job;
  }

  /** C goes into another table only for a job whose user may write that table. */
  private void requireWriter(String principal, String cTable, Key at) {
    try {
      if (!client.securityOperations().hasTablePermission(principal, cTable,
          org.apache.accumulo.core.security.TablePermission.WRITE)) {
        throw refuse("user " + principal + " may not write C table " + cTable, at);
      }
    } catch (org.apache.accumulo.core.client.AccumuloException
        | org.apache.accumulo.core.client.AccumuloSecurityException e) {
      throw refuse("cannot check that " + principal + " may write C table " + cTable + ": "
          + e.getMessage(), at);
    }
  }

  /**
   * Another table may be read with the tablet server's rights only when its owner listed this
   * table in its readers property.
   */
  private void requireConsent(String other, String role, Key at) {
    if (other.equals(table)) {
      return;
    }
    String readers = readers(other, role, at);
    if (readers == null || Arrays.stream(readers.split(",")).map(String::trim)
        .noneMatch(table::equals)) {
      throw refuse(table + " is not listed in " + TableLayout.CUSTOM_PREFIX
          + TableLayout.B_READERS_PROPERTY + " of " + role + " table " + other
          + " (its owner must list " + table + " there)", at);
    }
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


  private String readers(String other, String role, Key at) {
    String id = client.tableOperations().tableIdMap().get(other);
    if (id == null) {
      throw refuse(role + " table " + other + " does not exist", at);
    }
    return plugins.getConfiguration(TableId.of(id)).getTableCustom(TableLayout.B_READERS_PROPERTY);
  }

  /** True while the job's record exists and says RUNNING; cached briefly per job. */
  static boolean stillRunning(AccumuloClient client, String table, String job) {
    long now = System.currentTimeMillis();
    Long seen = LIVE.get(job);
    if (seen != null && now - seen < LIVENESS_CACHE_MILLIS) {
      return true;
    }
    Key k = JobRecord.recordKey(job);
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.setExecutionHints(TableLayout.NESTED_HINT); // never on the pool the outer scan holds
      s.setRange(new Range(k.getRow()));
      s.fetchColumn(k.getColumnFamily(), k.getColumnQualifier());
      for (Entry<Key,Value> e : s) {
        if (JobRecord.State.RUNNING.name().equals(JobRecord.decode(e.getValue()).get("state"))) {
          LIVE.put(job, now);
          return true;
        }
      }
    } catch (TableNotFoundException e) {
      // gone with its table
    }
    LIVE.remove(job);
    return false;
  }

  static final long LIVENESS_CACHE_MILLIS = 500;
  private static final java.util.concurrent.ConcurrentHashMap<String,Long> LIVE =
      new java.util.concurrent.ConcurrentHashMap<>();

  private Map<String,String> readJob(Key at) {
    Key k = JobRecord.recordKey(opts.job());
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.setExecutionHints(TableLayout.NESTED_HINT); // never on the pool the outer scan holds
      s.setRange(new Range(k.getRow()));
      s.fetchColumn(k.getColumnFamily(), k.getColumnQualifier());
      for (Entry<Key,Value> e : s) {
        return JobRecord.decode(e.getValue());
      }
      return null;
    } catch (TableNotFoundException e) {
      throw refuse("table " + table + " vanished", at);
    }
  }

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
