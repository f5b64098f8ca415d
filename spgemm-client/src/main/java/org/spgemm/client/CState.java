package org.spgemm.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.ConditionalWriter;
import org.apache.accumulo.core.client.ConditionalWriterConfig;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Condition;
import org.apache.accumulo.core.data.ConditionalMutation;
import org.apache.accumulo.core.data.Value;
import org.spgemm.iterators.JobRecord;
import org.spgemm.iterators.TableLayout;

/**
 * The state record of one C family: who writes it (a job holding a lease that its client renews)
 * and whether it is RUNNING, COMPLETE or FAILED. Claimed by compare-and-set, so two multiplies
 * can never write the same C at once; a RUNNING state whose lease ran out belongs to a client
 * that is gone, reads as FAILED, and may be claimed again.
 */
final class CState {

  /** How often a running job renews its lease (a lease lasts at least twice as long). */
  static final long RENEW_MILLIS = 5_000;

  private final AccumuloClient client;
  private final String table;
  private final String cFamily;
  private final String jobId;
  private final Engine engine;
  private final long leaseMillis;
  /** The value this job last wrote: the condition of its next write. */
  private Value current;

  CState(AccumuloClient client, String table, String cFamily, String jobId, Engine engine,
      long leaseMillis) {
    this.client = client;
    this.table = table;
    this.cFamily = cFamily;
    this.jobId = jobId;
    this.engine = engine;
    this.leaseMillis = leaseMillis;
  }

  /** The state as a reader should see it: an abandoned RUNNING state reads FAILED. */
  static Map<String,String> read(AccumuloClient client, String table, String cFamily) {
    Value v = MatrixStore.readMeta(client, table, TableLayout.C_STATE_PREFIX + cFamily);
    if (v == null) {
      return Map.of();
    }
    Map<String,String> m = JobRecord.decode(v);
    if (abandoned(m, System.currentTimeMillis())) {
      m.put("state", JobRecord.State.FAILED.name());
      m.put("error", "abandoned: the client of job " + m.get("job") + " stopped renewing its"
          + " lease at " + m.get("lease") + " (killed or cut off); C is not complete");
    }
    return m;
  }

  private static boolean abandoned(Map<String,String> m, long now) {
    if (!JobRecord.State.RUNNING.name().equals(m.get("state"))) {
      return false;
    }
    try {
      long lease = Long.parseLong(m.getOrDefault("leaseMillis",
          Long.toString(MultiplyOptions.DEFAULT_LEASE.toMillis())));
      return now - Long.parseLong(m.getOrDefault("lease", "0")) > lease;
    } catch (NumberFormatException e) {
      return true;
    }
  }

  /**
   * Makes this job the writer of C, or refuses with a message naming the job that holds it.
   * Removes the job record of an abandoned job it takes over.
   */
  void claim() {
    Value before = MatrixStore.readMeta(client, table, TableLayout.C_STATE_PREFIX + cFamily);
    Map<String,String> old = before == null ? Map.of() : JobRecord.decode(before);
    long now = System.currentTimeMillis();
    if (JobRecord.State.RUNNING.name().equals(old.get("state")) && !abandoned(old, now)) {
      throw new ClusterException("refused: family " + cFamily + " of " + table + " is being"
          + " written by job " + old.get("job") + " (lease renewed " + (now
              - Long.parseLong(old.getOrDefault("lease", "0"))) / 1000 + " s ago); wait for it"
          + " to finish, or for its lease to lapse if its client died, or choose another C"
          + " family", null);
    }
    if (!compareAndSet(before, running(now))) {
      throw new ClusterException("refused: another multiply claimed family " + cFamily + " of "
          + table + " at the same moment", null);
    }
    if (old.get("job") != null && JobRecord.State.RUNNING.name().equals(old.get("state"))) {
      // the abandoned job: its record goes (so its tablets stop), its compaction is cancelled
      // (Accumulo runs one compaction with iterators per table), its tablets' counts removed
      MatrixStore.writeMeta(client, table, TableLayout.JOB_PREFIX + old.get("job"), null);
      if (Engine.COMPACTION.name().equals(old.get("engine"))) {
        CompactionDriver.cancel(client, table);
      }
      CompactionDriver.removeRecords(client, table, old.get("job"));
    }
  }

  /** Renews the lease; false if another job has taken C over meanwhile. */
  boolean renew() {
    return compareAndSet(current, running(System.currentTimeMillis()));
  }

  /** Sets a final state (COMPLETE or FAILED) with its details; the lease ends with it. */
  void finish(JobRecord.State state, Map<String,String> details) {
    Map<String,String> m = new LinkedHashMap<>();
    m.put("state", state.name());
    m.put("job", jobId);
    m.putAll(details);
    Value v = JobRecord.encode(m);
    if (!compareAndSet(current, v)) {
      throw new SpgemmException("family " + cFamily + " of " + table + " was taken over by"
          + " another job while job " + jobId + " ran (its lease lapsed); its state is left to"
          + " that job");
    }
  }

  private Value running(long now) {
    Map<String,String> m = new LinkedHashMap<>();
    m.put("state", JobRecord.State.RUNNING.name());
    m.put("job", jobId);
    m.put("engine", engine.name());
    m.put("lease", Long.toString(now));
    m.put("leaseMillis", Long.toString(leaseMillis));
    return JobRecord.encode(m);
  }

  private boolean compareAndSet(Value expected, Value next) {
    ConditionalMutation cm = new ConditionalMutation(TableLayout.META_ROW);
    Condition c = new Condition(TableLayout.META_FAMILY, TableLayout.C_STATE_PREFIX + cFamily);
    if (expected != null) {
      c.setValue(expected.get());
    }
    cm.addCondition(c);
    cm.put(TableLayout.META_FAMILY, TableLayout.C_STATE_PREFIX + cFamily, next);
    try (ConditionalWriter w = client.createConditionalWriter(table,
        new ConditionalWriterConfig().setTimeout(60, TimeUnit.SECONDS))) {
      ConditionalWriter.Status s = w.write(cm).getStatus();
      if (s == ConditionalWriter.Status.ACCEPTED) {
        current = next;
        return true;
      }
      if (s == ConditionalWriter.Status.REJECTED) {
        return false;
      }
      throw new ClusterException("cannot write the state of " + cFamily + " in " + table + ": "
          + s + " (WRITE permission needed)", null);
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (org.apache.accumulo.core.client.AccumuloException
        | org.apache.accumulo.core.client.AccumuloSecurityException e) {
      throw new ClusterException("cannot write the state of " + cFamily + " in " + table + ": "
          + e.getMessage(), e);
    }
  }
}
