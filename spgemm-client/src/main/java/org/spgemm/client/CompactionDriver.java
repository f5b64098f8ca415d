package org.spgemm.client;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.env.CompactionIds;
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobRecord;
import org.spgemm.progress.BatchStats;

/**
 * The compaction engine: one user compaction of M (flushed first) with the multiply iterator;
 * each tablet computes its C rows into its new file and records its counts, or its error, beside
 * the job record. The client follows those records (READ is enough); on an error, a time-out or
 * an interrupt it removes the job record, which ends every pass, and leaves Accumulo's operation
 * to end by itself ({@link CompactionTail}); it removes the records when the job ends.
 */
final class CompactionDriver {

  private static final long POLL_MILLIS = 500;

  /**
   * How often the tablets' records are read to tell that the compaction is done without waiting
   * for Accumulo's operation ({@link CompactionTail}); each read is a scan, and each scan has the
   * serving tablet server check the user's password (a salted SHA-512 crypt, milliseconds).
   */
  private static final long RECORDS_POLL_MILLIS = 250;

  private final AccumuloClient client;
  private final String table;
  private final String tableId;
  private final String jobId;
  private final Heartbeat heartbeat;

  CompactionDriver(AccumuloClient client, String table, String tableId, String jobId,
      Heartbeat heartbeat) {
    this.client = client;
    this.table = table;
    this.tableId = tableId;
    this.jobId = jobId;
    this.heartbeat = heartbeat;
  }

  /**
   * Runs the compaction to its end, keeping {@code counts} up to date, then checks that each of
   * {@code expected} (tablets holding A rows, named as in their records) recorded its final
   * count. A tablet writes that record before its compaction commits, so one missing once the
   * compaction has ended was not computed (Accumulo marks a tablet that has no files compacted
   * without running any iterator) or its record was lost (a pass whose record cannot be written
   * fails its compaction, so this is the last line of defence). Such tablets are compacted again,
   * up to {@link #RECOMPACTIONS} times, with a warning naming them.
   *
   * @param tablets M's tablets when the job started: if they were split or merged since, the
   *        records cannot be matched and a warning says so
   * @return warnings (none, one about unmatched tablets, or one per round of compacting again)
   */
  List<String> run(IteratorSetting setting, RunCounts counts, Set<String> expected,
      List<Range> tablets) {
    compact(new CompactionConfig(), setting, counts, expected);
    List<String> warnings = new ArrayList<>();
    for (int round = 0;; round++) {
      if (!tablets.equals(TableM.tabletRanges(client, table))) {
        warnings.add("the tablets of " + table + " were split or merged while it multiplied:"
            + " the counts could not be checked tablet by tablet and may be short");
        return warnings;
      }
      Set<String> missing = missingFinalRecords(counts, expected);
      if (missing.isEmpty()) {
        return warnings;
      }
      String names = String.join(", ", new TreeSet<>(missing));
      if (round == RECOMPACTIONS) {
        throw new ClusterException(missing.size() + " tablet(s) of " + table + " recorded no"
            + " final count after " + (round + 1) + " compactions (" + names + "): their share"
            + " of C is not confirmed");
      }
      warnings.add(missing.size() + " tablet(s) of " + table + " recorded no final count when"
          + " the compaction ended (" + names + "; a tablet server lost during the multiply can"
          + " cause this) and were compacted again");
      List<Text> splits = TableM.splits(client, table);
      for (int i = 0; i < tablets.size(); i++) {
        if (missing.contains(JobRecord.tabletName(tablets.get(i)))) {
          compact(new CompactionConfig().setStartRow(i == 0 ? null : splits.get(i - 1))
              .setEndRow(i < splits.size() ? splits.get(i) : null), setting, counts, null);
        }
      }
    }
  }

  /** How many times tablets that recorded no final count are compacted again. */
  static final int RECOMPACTIONS = 2;

  /**
   * How long a final record may take to become readable once the compaction ended: it is written
   * before the tablet's compaction commits, so this only covers reading M's metadata row.
   */
  private static final long FINAL_RECORD_GRACE_MILLIS = 10_000;

  /**
   * Runs one user compaction ({@code cfg}'s rows, all of them by default) to its end. With {@code
   * expected} (the whole table's compaction), its end is also known once every one of those
   * tablets recorded its final count and every tablet of the table committed the compaction
   * ({@link CompactionTail}): Accumulo's operation is then left to notice by itself. Those
   * records are what shows that Accumulo already counts this compaction in the table's id, so
   * with none expected (no A entries) the operation is waited for.
   */
  private void compact(CompactionConfig cfg, IteratorSetting setting, RunCounts counts,
      Set<String> expected) {
    cfg.setIterators(List.of(setting)).setFlush(true).setWait(true);
    Set<String> early = expected == null || expected.isEmpty() ? null : expected;
    CompactionTail.await(client, table, tableId);
    ExecutorService exec = Executors.newSingleThreadExecutor(new ThreadFactoryBuilder()
        .setDaemon(true).setNameFormat("spgemm-compaction").build());
    Future<?> compaction = exec.submit(() -> {
      CompactionTail.compact(client, table, cfg, jobId);
      return null;
    });
    boolean[] committed = {false};
    try {
      Follower.follow(new Follower.Run() {
        /** The table's compaction id once every expected tablet recorded its final count. */
        private long id = -1;
        /** Whether the last wait ended right after {@link #committed} read the records. */
        private boolean recordsJustRead;

        @Override
        public boolean await(long millis) throws ExecutionException, InterruptedException {
          long deadline = System.currentTimeMillis() + millis;
          for (long left = millis; left > 0; left = deadline - System.currentTimeMillis()) {
            recordsJustRead = false;
            try {
              long poll = id < 0 ? RECORDS_POLL_MILLIS : CompactionTail.COMMIT_POLL_MILLIS;
              compaction.get(early == null ? left : Math.min(left, poll), TimeUnit.MILLISECONDS);
              return true;
            } catch (TimeoutException e) {
              recordsJustRead = early != null && id < 0;
              if (early != null && committed()) {
                committed[0] = true;
                return true;
              }
            }
          }
          return false;
        }

        /** Whether the work is done and committed, told from the records and the metadata. */
        private boolean committed() {
          if (id < 0) {
            if (!follow(counts).containsAll(early)) {
              return false;
            }
            id = CompactionTail.latestId(client, tableId);
            if (id < 0) {
              return false;
            }
          }
          return CompactionIds.allCompacted(client, tableId, id);
        }

        @Override
        public void refresh() {
          if (!recordsJustRead) { // committed() read them (and brought the counts up) a moment ago
            follow(counts);
          }
        }

        @Override
        public void cancel() {
          // the job's record goes next (MultiplyRun), and every pass then ends its C early and
          // lets its compaction commit, so Accumulo's operation ends by itself: it is left as
          // the table's tail, which the next compaction of the table waits for (and cancels
          // only if it does not end and no job of it runs; CompactionTail.await). Cancelling it
          // now, while passes run, would leave their tablets starting no user compaction again
          // (Accumulo 2.1.4)
          if (!compaction.isDone()) {
            CompactionTail.leave(tableId, compaction);
          }
        }

        @Override
        public SpgemmException failure(Throwable cause) {
          return refusal(table, cause);
        }
      }, heartbeat, counts);
    } finally {
      if (committed[0] && !compaction.isDone()) {
        CompactionTail.leave(tableId, compaction);
      }
      // a tail (committed, or left by cancel()) keeps its thread until the operation ends
      if (CompactionTail.isTail(tableId, compaction)) {
        exec.shutdown();
      } else {
        exec.shutdownNow();
      }
    }
  }

  /** The tablets of {@code expected} whose final record is still missing after a short grace. */
  private Set<String> missingFinalRecords(RunCounts counts, Set<String> expected) {
    long deadline = System.currentTimeMillis() + FINAL_RECORD_GRACE_MILLIS;
    Set<String> missing = new HashSet<>(expected);
    missing.removeAll(follow(counts));
    try {
      while (!missing.isEmpty() && System.currentTimeMillis() < deadline) {
        heartbeat.beat(counts.total);
        Thread.sleep(POLL_MILLIS);
        missing.removeAll(follow(counts));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpgemmException("interrupted waiting for the final counts of " + table);
    }
    return missing;
  }

  /**
   * Reads the tablets' records into the counts; throws the first error a tablet recorded.
   * Returns the tablets that recorded their final count.
   */
  private Set<String> follow(RunCounts counts) {
    String done = TableLayout.DONE_PREFIX + jobId + ":";
    String progress = TableLayout.PROGRESS_PREFIX + jobId + ":";
    String error = TableLayout.ERROR_PREFIX + jobId + ":";
    Map<String,BatchStats> perTablet = new HashMap<>();
    Set<String> finished = new HashSet<>();
    for (Map.Entry<Key,Value> e : records()) {
      String q = e.getKey().getColumnQualifier().toString();
      if (q.startsWith(error)) {
        BatchStats st = BatchStats.decode(e.getValue().get());
        throw ClusterException.fromTablet(st.error == null || st.error.isBlank()
            ? "a tablet failed" : st.error, st.refused());
      } else if (q.startsWith(done)) {
        String tablet = q.substring(done.length());
        perTablet.put(tablet, BatchStats.decode(e.getValue().get()));
        finished.add(tablet);
      } else if (q.startsWith(progress)) {
        String tablet = q.substring(progress.length());
        if (!finished.contains(tablet)) {
          perTablet.put(tablet, BatchStats.decode(e.getValue().get()));
        }
      }
    }
    counts.replace(perTablet.values(), finished.size());
    return finished;
  }

  private Iterable<Map.Entry<Key,Value>> records() {
    return metaEntries(client, table, "");
  }

  /** The entries of {@code table}'s metadata row whose qualifier starts with {@code prefix}. */
  static List<Map.Entry<Key,Value>> metaEntries(AccumuloClient client, String table,
      String prefix) {
    List<Map.Entry<Key,Value>> out = new java.util.ArrayList<>();
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.setRange(new Range(TableLayout.META_ROW));
      s.fetchColumnFamily(new Text(TableLayout.META_FAMILY));
      for (Map.Entry<Key,Value> e : s) {
        if (e.getKey().getColumnQualifier().toString().startsWith(prefix)) {
          out.add(Map.entry(new Key(e.getKey()), new Value(e.getValue())));
        }
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
    return out;
  }

  /** Deletes the given entries of {@code table}'s metadata row (best effort). */
  static void deleteMeta(AccumuloClient client, String table, List<Map.Entry<Key,Value>> entries) {
    if (entries.isEmpty()) {
      return;
    }
    try (BatchWriter w = client.createBatchWriter(table)) {
      Mutation m = new Mutation(TableLayout.META_ROW);
      for (Map.Entry<Key,Value> e : entries) {
        m.putDelete(TableLayout.META_FAMILY, e.getKey().getColumnQualifier().toString());
      }
      w.addMutation(m);
    } catch (Exception e) {
      // records of an ended job only cost a few bytes; the next claim of C ignores them
    }
  }

  /** Removes every record this job's tablets wrote. */
  void removeRecords() {
    removeRecords(client, table, jobId);
  }

  /** Removes every record the tablets of job {@code jobId} wrote into {@code table}. */
  static void removeRecords(AccumuloClient client, String table, String jobId) {
    List<String> prefixes = List.of(TableLayout.DONE_PREFIX + jobId + ":",
        TableLayout.PROGRESS_PREFIX + jobId + ":", TableLayout.ERROR_PREFIX + jobId + ":");
    List<Map.Entry<Key,Value>> mine = metaEntries(client, table, "");
    mine.removeIf(e -> prefixes.stream()
        .noneMatch(e.getKey().getColumnQualifier().toString()::startsWith));
    deleteMeta(client, table, mine);
  }

  /**
   * Why a user compaction of {@code table} failed: refused at once (another compaction with
   * iterators runs: Accumulo runs one at a time, and nothing changed) or otherwise.
   */
  static ClusterException refusal(String table, Throwable cause) {
    String msg = String.valueOf(cause.getMessage());
    if (CompactionTail.anotherCompaction(cause)) {
      return new RefusedException("refused: another multiply (or another compaction with"
          + " iterators) is running on table " + table + "; Accumulo runs one at a time", cause);
    }
    if (cause instanceof AccumuloSecurityException) {
      return new RefusedException("cannot compact " + table + " (WRITE permission needed): "
          + msg, cause);
    }
    if (cause instanceof TableNotFoundException) {
      return ClusterException.noTable(table, cause);
    }
    return new ClusterException("compaction of " + table + " failed: " + msg, cause);
  }
}
