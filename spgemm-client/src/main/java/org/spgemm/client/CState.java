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
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobRecord;

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
  /** The state this job's claim replaced (null: none), for {@link #restore}. */
  private Value previous;
  /** A value whose write timed out: it may have landed. */
  private Value attempted;
  private long lastRenewed;

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
   * Remembers the state it replaced, so {@link #restore} can put it back exactly. Removes the
   * job record of an abandoned job it takes over.
   */
  void claim() {
    Value before = raw(client, table, cFamily);
    Map<String,String> old = before == null ? Map.of() : JobRecord.decode(before);
    long now = System.currentTimeMillis();
    if (JobRecord.State.RUNNING.name().equals(old.get("state")) && !abandoned(old, now)) {
      throw new RefusedException("refused: family " + cFamily + " of " + table + " is being"
          + " written by job " + old.get("job") + " (lease renewed " + (now
              - Long.parseLong(old.getOrDefault("lease", "0"))) / 1000 + " s ago); wait for it"
          + " to finish, or for its lease to lapse if its client died, or choose another C"
          + " family", null);
    }
    if (patiently(before, running(now)) != Outcome.DONE) {
      throw new RefusedException("refused: another multiply claimed family " + cFamily + " of "
          + table + " at the same moment", null);
    }
    previous = before;
    lastRenewed = now;
    if (old.get("job") != null && JobRecord.State.RUNNING.name().equals(old.get("state"))) {
      // the abandoned job: its record goes, so its tablets stop (a compaction's passes end their
      // C and commit, and Accumulo's operation ends by itself, which this job's compaction waits
      // for: Accumulo runs one compaction with iterators per table; cancelling it while passes
      // run would leave their tablets starting no user compaction again, in Accumulo 2.1.4),
      // and its tablets' counts are removed
      MatrixStore.writeMeta(client, table, TableLayout.JOB_PREFIX + old.get("job"), null);
      CompactionDriver.removeRecords(client, table, old.get("job"));
    }
  }

  /** C's state record as stored (null: none), undecoded. */
  static Value raw(AccumuloClient client, String table, String cFamily) {
    return MatrixStore.readMeta(client, table, TableLayout.C_STATE_PREFIX + cFamily);
  }

  /** The state record this job's claim replaced (null: none). */
  Value replaced() {
    return previous;
  }

  /**
   * Puts back the state this job's claim replaced, exactly: for a multiply refused before it
   * changed anything. Leaves the state alone if another job holds C by now.
   */
  void restore() {
    patiently(current, previous);
  }

  /**
   * Renews the lease. False when the state's tablet did not answer in time (a tablet server
   * died and its tablets are being recovered): try again later (see {@link #unanswered}).
   *
   * @throws SpgemmException when another job holds C now
   */
  boolean renew() {
    long now = System.currentTimeMillis();
    Outcome o = swap(current, running(now), RENEW_MILLIS * 2);
    if (o == Outcome.LOST) {
      throw new SpgemmException("lost the claim on family " + cFamily + " of " + table
          + ": another job holds it now (this one's lease had lapsed)");
    }
    if (o == Outcome.DONE) {
      lastRenewed = now;
    }
    return o == Outcome.DONE;
  }

  /**
   * True once renewals have gone unanswered for {@link #FINAL_WAIT_MILLIS} (and longer than the
   * lease). While the tablet holding the state is away (a tablet server died and its tablets are
   * being recovered, which can take longer than the lease) no other job can claim C either: the
   * claim needs the same tablet. So an unanswered renewal is not a lost claim; the next answer
   * tells, and a claim another job took meanwhile makes {@link #renew} throw.
   */
  boolean unanswered(long now) {
    return now - lastRenewed > Math.max(leaseMillis, FINAL_WAIT_MILLIS);
  }

  long lastRenewed() {
    return lastRenewed;
  }

  /** Sets a final state (COMPLETE or FAILED) with its details; the lease ends with it. */
  void finish(JobRecord.State state, Map<String,String> details) {
    Map<String,String> m = new LinkedHashMap<>();
    m.put("state", state.name());
    m.put("job", jobId);
    m.putAll(details);
    Outcome o = patiently(current, JobRecord.encode(m));
    if (o != Outcome.DONE) {
      throw new SpgemmException("family " + cFamily + " of " + table + (o == Outcome.LOST
          ? " was taken over by another job while job " + jobId + " ran (its lease lapsed);"
              + " its state is left to that job"
          : ": its state record could not be written for " + FINAL_WAIT_MILLIS / 1000
              + " s; it reads FAILED (abandoned) once the lease lapses"));
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

  /** How a compare-and-set of the state ended. */
  private enum Outcome {
    /** The state holds the new value. */
    DONE,
    /** Another job's value is there. */
    LOST,
    /** The tablet did not answer: the state may hold either value; ask again. */
    UNKNOWN
  }

  /** How long a final state (or a claim) keeps trying through a tablet's recovery. */
  static final long FINAL_WAIT_MILLIS = 600_000;

  /** {@link #swap} until it is not UNKNOWN, for up to {@link #FINAL_WAIT_MILLIS}. */
  private Outcome patiently(Value expected, Value next) {
    long deadline = System.currentTimeMillis() + FINAL_WAIT_MILLIS;
    while (true) {
      Outcome o = swap(expected, next, 30_000);
      if (o != Outcome.UNKNOWN || System.currentTimeMillis() > deadline) {
        return o;
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Outcome.UNKNOWN;
      }
    }
  }

  /**
   * Compare-and-set of the state from {@code expected} (null: no state) to {@code next} (null:
   * none). An answer that is not clear (time-out, UNKNOWN, or REJECTED after an attempt whose
   * outcome was not known) is settled by reading the state back.
   */
  private Outcome swap(Value expected, Value next, long timeoutMillis) {
    ConditionalWriter.Status s;
    try (ConditionalWriter w = client.createConditionalWriter(table,
        new ConditionalWriterConfig().setTimeout(timeoutMillis, TimeUnit.MILLISECONDS))) {
      s = w.write(mutation(expected, next)).getStatus();
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (org.apache.accumulo.core.client.AccumuloSecurityException e) {
      throw new ClusterException("cannot write the state of " + cFamily + " in " + table
          + " (WRITE permission needed): " + e.getMessage(), e);
    } catch (org.apache.accumulo.core.client.AccumuloException | RuntimeException e) {
      s = ConditionalWriter.Status.UNKNOWN; // timed out, or the tablet is away
    }
    if (s == ConditionalWriter.Status.ACCEPTED) {
      current = next;
      attempted = null;
      return Outcome.DONE;
    }
    if (s != ConditionalWriter.Status.REJECTED && s != ConditionalWriter.Status.UNKNOWN) {
      throw new ClusterException("cannot write the state of " + cFamily + " in " + table + ": "
          + s, null);
    }
    Value stored;
    try {
      stored = MatrixStore.readMeta(client, table, TableLayout.C_STATE_PREFIX + cFamily,
          timeoutMillis);
    } catch (RuntimeException e) {
      attempted = s == ConditionalWriter.Status.UNKNOWN ? next : attempted;
      return Outcome.UNKNOWN;
    }
    if (java.util.Objects.equals(stored, next)) {
      current = next;
      attempted = null;
      return Outcome.DONE;
    }
    if (attempted != null && attempted.equals(stored)) {
      current = stored; // an earlier attempt that timed out did land: carry on from it
      attempted = null;
      return Outcome.UNKNOWN;
    }
    if (s == ConditionalWriter.Status.UNKNOWN && java.util.Objects.equals(stored, expected)) {
      attempted = next;
      return Outcome.UNKNOWN;
    }
    return Outcome.LOST;
  }

  private ConditionalMutation mutation(Value expected, Value next) {
    ConditionalMutation cm = new ConditionalMutation(TableLayout.META_ROW);
    Condition c = new Condition(TableLayout.META_FAMILY, TableLayout.C_STATE_PREFIX + cFamily);
    if (expected != null) {
      c.setValue(expected.get());
    }
    cm.addCondition(c);
    if (next == null) {
      cm.putDelete(TableLayout.META_FAMILY, TableLayout.C_STATE_PREFIX + cFamily);
    } else {
      cm.put(TableLayout.META_FAMILY, TableLayout.C_STATE_PREFIX + cFamily, next);
    }
    return cm;
  }
}
