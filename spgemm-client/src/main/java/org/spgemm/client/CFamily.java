package org.spgemm.client;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.client.summary.CountingSummarizer;
import org.apache.accumulo.core.client.summary.Summary;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.spgemm.iterators.FamilySweepIterator;
import org.spgemm.iterators.FamilySweepIterator.Action;
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobRecord;

/**
 * The C family of a multiply: a stale C refused or cleared, and a failed run's C removed. Entries
 * may carry labels the runner cannot read (the compaction engine labels C with A's labels, and
 * other users may have written there), and no scan shows those; so C is cleared, and looked for,
 * by a user compaction of its table with a {@link FamilySweepIterator}: a compaction sees every
 * entry. Each costs one compaction of the table (Accumulo's round trip, about 0.5 s per tablet
 * on one server, and a rewrite of its files).
 */
final class CFamily {

  /** How long removing a failed C waits for the failed job's own compaction to end. */
  private static final long REMOVE_WAIT_MILLIS = 120_000;

  private final AccumuloClient client;
  private final String table;
  private final MultiplyOptions opts;
  /** The multiply this C belongs to, or null. */
  private final String ownJob;
  /**
   * A flush of C's table started ahead of {@link #provenEmpty}, then the family counts of its
   * files read as soon as it ended; null when none was started.
   */
  private CompletableFuture<Map<String,Long>> earlyFlush;
  /** C's state record, read just before {@link #earlyFlush} started. */
  private CompletableFuture<Value> stateBeforeFlush;
  /** Whether C was claimed ({@link #claimed}): from then on, what the files prove holds. */
  private boolean claimed;
  /**
   * {@link #provenEmpty}'s answer once C was claimed, before this job writes C (null: not asked
   * yet, or C swept since).
   */
  private Boolean provenAfterClaim;
  /** Whether {@link #earlyFlush} alone makes the files tell whether C is empty. */
  private boolean earlyFlushEnough;
  /** C shown empty by the caller ({@link #knownEmpty}). */
  private boolean knownEmpty;

  CFamily(AccumuloClient client, String table, MultiplyOptions opts) {
    this(client, table, opts, null);
  }

  /** As above, for the multiply {@code ownJob} (its job record does not stop a sweep's retry). */
  CFamily(AccumuloClient client, String table, MultiplyOptions opts, String ownJob) {
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.ownJob = ownJob;
  }

  /**
   * Whether C must be empty before the multiply, and is not: refused unless the options say
   * overwrite. A stored C that is an input (accumulated into, kept outside the mask) is neither.
   * Looks first with the runner's authorizations, then, if it saw nothing, by a counting
   * compaction that sees every entry.
   */
  void refuseStaleUnlessOverwrite() {
    if (opts.readsC() || opts.overwrite) {
      return;
    }
    if (InputCheck.hasEntries(client, table, opts.spec.cFamily())
        || !provenEmpty() && countAll() > 0) {
      throw new RefusedException("family " + opts.spec.cFamily() + " of " + table
          + " already holds entries (some perhaps with labels you cannot read); clear it or"
          + " multiply with overwrite");
    }
  }

  /**
   * Removes every entry of C, whatever its label. Refused when another compaction runs; fails
   * when the compaction has not ended within the run's progress time-out.
   */
  void clear() {
    if (!provenEmpty()) {
      sweep(Action.DROP, null, opts.progressTimeout.toMillis());
      provenAfterClaim = null;
    }
  }

  /**
   * Starts reading C's state record, then flushing C's table and reading its files' family counts
   * as soon as the flush ends, all in the background, so that the check of {@link #provenEmpty}
   * overlaps the steps before it. Call it before C is claimed.
   */
  void startFlush() {
    stateBeforeFlush = CompletableFuture.supplyAsync(() -> CState.raw(client, table,
        opts.spec.cFamily()), Background.TASKS);
    earlyFlush = stateBeforeFlush.thenRunAsync(() -> {
      try {
        client.tableOperations().flush(table, null, null, true);
      } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
        throw new CompletionException(e);
      }
    }, Background.TASKS)
        .thenApplyAsync(v -> familyCounts(client, table, false), Background.TASKS);
  }

  /**
   * C was claimed over state record {@code replaced}. When that is the record seen before the
   * early flush started, and no job was writing C then, no multiply wrote C after that flush
   * began (one writes C only while it holds C's state as RUNNING): the early flush is enough,
   * and {@link #provenEmpty} need not flush again.
   */
  void claimed(Value replaced) {
    claimed = true;
    Value before;
    try {
      before = stateBeforeFlush == null ? null : stateBeforeFlush.join();
    } catch (CompletionException | java.util.concurrent.CancellationException e) {
      return; // not known: provenEmpty flushes again
    }
    earlyFlushEnough = earlyFlush != null && java.util.Objects.equals(replaced, before)
        && (replaced == null || !JobRecord.State.RUNNING.name()
            .equals(JobRecord.decode(replaced).get("state")));
  }

  /**
   * Whether the files of C's table prove C empty, labelled entries included: the table's memory
   * flushed, every file summarized with {@link TableM#FAMILY_COUNTS}, and none counting an entry
   * of C. False when that cannot be known (files written before the summarizer was configured, no
   * GET_SUMMARIES permission, too many families); a deleted entry still in a file also counts, so
   * false can mean empty, never the other way round.
   */
  boolean provenEmpty() {
    if (knownEmpty) {
      return true;
    }
    if (provenAfterClaim != null) {
      return provenAfterClaim; // C is this job's now: no multiply writes it but this one
    }
    Map<String,Long> counts = null;
    boolean counted = false;
    if (earlyFlushEnough) { // implies an early flush
      try {
        counts = earlyFlush.get();
        counted = true;
      } catch (ExecutionException e) {
        // the flush below says what is wrong, if anything still is
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SpgemmException("interrupted flushing " + table);
      }
    }
    if (!counted) {
      counts = familyCounts(client, table, true);
    }
    boolean empty = counts != null && counts.getOrDefault(opts.spec.cFamily(), 0L) == 0;
    if (claimed) {
      provenAfterClaim = empty;
    }
    return empty;
  }

  /**
   * Whether {@link #provenEmpty} will be answered by the early flush, which began before C was
   * claimed (so its files hold nothing this job writes), and that answer has not come yet.
   */
  boolean answerPending() {
    return !knownEmpty && provenAfterClaim == null && earlyFlushEnough && !earlyFlush.isDone();
  }

  /**
   * C was shown empty by the caller and written by nobody since: an algorithm's scratch family,
   * cleared before its first step ({@link AlgorithmRun}). {@link #provenEmpty} then answers at
   * once, and nothing is flushed or cleared.
   */
  void knownEmpty() {
    knownEmpty = true;
  }

  /** Reads of the summaries that a compaction ending during the read may cost. */
  private static final int SUMMARY_READS = 4;

  /**
   * The entries of every family in the files of {@code table}, labelled ones included, from the
   * summaries of {@link TableM#FAMILY_COUNTS} (after a flush of its memory when {@code flush});
   * null when the files cannot tell (files written before the summarizer was configured, no
   * GET_SUMMARIES permission, too many families). The counts are upper bounds, so a zero proves a
   * family empty: a deleted entry still in a file counts, and so does a file shared by tablets
   * (after a split) for rows outside the tablets that still read it (Accumulo's "extra" files,
   * seen while its compactions replace a split table's files one tablet at a time). A compaction
   * that replaces files while they are read leaves them "deleted" in the answer, which could
   * count too little: then the summaries are read again, a few times, rather than giving up and
   * having C cleared by a compaction of its own (2 s).
   */
  static Map<String,Long> familyCounts(AccumuloClient client, String table, boolean flush) {
    for (int read = 1;; read++) {
      Summary s;
      try {
        List<Summary> summaries = client.tableOperations().summaries(table)
            .flush(flush && read == 1).withConfiguration(TableM.FAMILY_COUNTS).retrieve();
        if (summaries.size() != 1) {
          return null;
        }
        s = summaries.get(0);
      } catch (AccumuloException | AccumuloSecurityException e) {
        return null;
      } catch (TableNotFoundException e) {
        throw ClusterException.noTable(table, e);
      }
      Summary.FileStatistics f = s.getFileStatistics();
      if (f.getDeleted() != 0 && read < SUMMARY_READS) {
        continue;
      }
      Map<String,Long> st = s.getStatistics();
      if (f.getMissing() != 0 || f.getLarge() != 0 || f.getDeleted() != 0
          || st.getOrDefault(CountingSummarizer.TOO_MANY_STAT, 0L) != 0
          || st.getOrDefault(CountingSummarizer.TOO_LONG_STAT, 0L) != 0) {
        return null;
      }
      Map<String,Long> counts = new java.util.HashMap<>();
      st.forEach((k, n) -> {
        if (k.startsWith(CountingSummarizer.COUNTER_STAT_PREFIX)) {
          counts.put(k.substring(CountingSummarizer.COUNTER_STAT_PREFIX.length()), n);
        }
      });
      return counts;
    }
  }

  /** Entries of C, every label included (a compaction of C's table that rewrites nothing). */
  private long countAll() {
    String probe = UUID.randomUUID().toString();
    String prefix = TableLayout.PROBE_PREFIX + probe + ":";
    sweep(Action.COUNT, probe, opts.progressTimeout.toMillis());
    long n = 0;
    List<Map.Entry<Key,Value>> records = CompactionDriver.metaEntries(client, table, prefix);
    for (Map.Entry<Key,Value> e : records) {
      n += Long.parseLong(e.getValue().toString());
    }
    CompactionDriver.deleteMeta(client, table, records);
    return n;
  }

  /**
   * One sweeping compaction of C's table, waited for at most {@code waitMillis}: past that the
   * sweep fails, and the compaction is cancelled if none of its jobs runs yet, else left to end
   * as the table's tail ({@link CompactionTail#cancelUnlessRunning}). It is done once every tablet
   * committed it ({@link CompactionTail#awaitCommitted}), not when Accumulo's operation notices
   * (0.1-4 s later).
   */
  private void sweep(Action action, String probe, long waitMillis) {
    sweep(client, table, List.of(opts.spec.cFamily()), action, probe, waitMillis, ownJob);
  }

  /**
   * As above, over {@code families} of {@code table}, for the multiply {@code ownJob} or null;
   * {@code probe} names a count's records (null: a sweep of its own).
   */
  static void sweep(AccumuloClient client, String table, List<String> families, Action action,
      String probe, long waitMillis, String ownJob) {
    String named = (families.size() == 1 ? "family " : "families ") + String.join(", ", families);
    String token = probe != null ? probe : UUID.randomUUID().toString();
    IteratorSetting is = FamilySweepIterator.setting(action, families, token);
    String tableId = TableM.id(client, table);
    CompactionTail.await(client, table, tableId);
    ExecutorService exec = Executors.newSingleThreadExecutor(new ThreadFactoryBuilder()
        .setDaemon(true).setNameFormat("spgemm-sweep").build());
    boolean done = false;
    Future<?> operation = exec.submit(() -> {
      CompactionTail.compact(client, table, new CompactionConfig()
          .setIterators(List.of(is)).setFlush(true).setWait(true), ownJob);
      return null;
    });
    try {
      done = CompactionTail.awaitCommitted(client, tableId, operation, token, waitMillis);
      if (!done) {
        throw new ClusterException("the compaction clearing " + named + " of " + table
            + " did not end within " + waitMillis / 1000 + " s; " + stop(client, table, tableId,
            operation));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpgemmException("interrupted clearing " + named + " of " + table + "; "
          + stop(client, table, tableId, operation));
    } catch (ExecutionException x) {
      Throwable e = x.getCause();
      if (e instanceof AccumuloSecurityException) {
        throw new RefusedException("cannot compact " + table + " to clear "
            + named + " (WRITE permission needed): " + e.getMessage(), e);
      }
      if (e instanceof TableNotFoundException) {
        throw ClusterException.noTable(table, e);
      }
      throw CompactionDriver.refusal(table, e);
    } finally {
      if (done || CompactionTail.isTail(tableId, operation)) {
        exec.shutdown(); // a compaction left to end by itself keeps its thread to the end
      } else {
        exec.shutdownNow();
      }
    }
  }

  /**
   * Ends the wait for a sweeping compaction that has not ended: cancelled if none of its jobs
   * runs, else left as the table's tail, which the next compaction of the table waits for. Says
   * which.
   */
  private static String stop(AccumuloClient client, String table, String tableId,
      Future<?> operation) {
    String running = CompactionTail.cancelUnlessRunning(client, table, tableId);
    if (running == null) {
      return "cancelled";
    }
    CompactionTail.leave(tableId, operation);
    return "it goes on (" + running + ") and the next compaction of " + table + " waits for it";
  }

  /**
   * Removes a failed run's C and marks it FAILED with the reason. The run's job record is gone
   * already, so no tablet writes any further C row; batches of the scan engine already writing
   * may still land, so C is cleared until the runner sees it empty (bounded). Waits for the failed
   * run's own compaction to end first (Accumulo runs one compaction with iterators per table).
   */
  void remove(CState cState, String why) {
    try {
      Thread.sleep(2 * 500 + 200); // longer than the servers cache a running job
      long deadline = System.currentTimeMillis() + REMOVE_WAIT_MILLIS;
      int cleared = 0;
      while (cleared < 3 && System.currentTimeMillis() < deadline) {
        try {
          sweep(Action.DROP, null, Math.max(1000, deadline - System.currentTimeMillis()));
          cleared++;
          if (!InputCheck.hasEntries(client, table, opts.spec.cFamily())) {
            break;
          }
        } catch (RefusedException e) {
          Thread.sleep(1000); // the failed run's compaction is still ending
        }
      }
    } catch (RuntimeException e) {
      // the FAILED state below still tells readers not to trust what is left
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      cState.finish(JobRecord.State.FAILED, Map.of("error", why == null ? "" : why));
    } catch (SpgemmException e) {
      // another job holds C now: its state is the truth
    }
  }
}
