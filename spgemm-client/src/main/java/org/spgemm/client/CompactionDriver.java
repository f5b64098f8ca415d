package org.spgemm.client;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
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
import org.spgemm.iterators.TableLayout;
import org.spgemm.progress.BatchStats;

/**
 * The compaction engine: one user compaction of M (flushed first) with the multiply iterator;
 * each tablet computes its C rows into its new file and records its counts, or its error, beside
 * the job record. The client follows those records (READ is enough), cancels the compaction on
 * an error, a time-out or an interrupt, and removes the records when the job ends.
 */
final class CompactionDriver {

  private static final long POLL_MILLIS = 500;

  private final AccumuloClient client;
  private final String table;
  private final String jobId;
  private final Heartbeat heartbeat;

  CompactionDriver(AccumuloClient client, String table, String jobId, Heartbeat heartbeat) {
    this.client = client;
    this.table = table;
    this.jobId = jobId;
    this.heartbeat = heartbeat;
  }

  /** Runs the compaction to its end, keeping {@code counts} up to date. */
  void run(IteratorSetting setting, RunCounts counts) {
    CompactionConfig cfg = new CompactionConfig().setIterators(List.of(setting)).setFlush(true)
        .setWait(true);
    ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "spgemm-compaction");
      t.setDaemon(true);
      return t;
    });
    Future<?> compaction = exec.submit(() -> {
      client.tableOperations().compact(table, cfg);
      return null;
    });
    boolean finished = false;
    try {
      while (!finished) {
        try {
          compaction.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
          finished = true;
        } catch (TimeoutException e) {
          // still running
        }
        follow(counts);
        if (!finished) {
          heartbeat.beat(counts.total);
        }
      }
    } catch (ExecutionException e) {
      throw refused(e.getCause());
    } catch (InterruptedException e) {
      cancel(compaction);
      Thread.currentThread().interrupt();
      throw new SpgemmException("interrupted; the compaction of " + table + " was cancelled");
    } catch (RuntimeException e) {
      cancel(compaction);
      throw e;
    } finally {
      exec.shutdownNow();
    }
  }

  /** Reads the tablets' records into the counts; throws the first error a tablet recorded. */
  private void follow(RunCounts counts) {
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
  }

  private Iterable<Map.Entry<Key,Value>> records() {
    return records(client, table);
  }

  private static Iterable<Map.Entry<Key,Value>> records(AccumuloClient client, String table) {
    try {
      Scanner s = client.createScanner(table, Authorizations.EMPTY);
      s.setRange(new Range(TableLayout.META_ROW));
      s.fetchColumnFamily(new Text(TableLayout.META_FAMILY));
      return s;
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
  }

  /** Removes every record this job's tablets wrote. */
  void removeRecords() {
    removeRecords(client, table, jobId);
  }

  /** Removes every record the tablets of job {@code jobId} wrote into {@code table}. */
  static void removeRecords(AccumuloClient client, String table, String jobId) {
    String[] prefixes = {TableLayout.DONE_PREFIX + jobId + ":",
        TableLayout.PROGRESS_PREFIX + jobId + ":", TableLayout.ERROR_PREFIX + jobId + ":"};
    try (BatchWriter w = client.createBatchWriter(table)) {
      Mutation m = new Mutation(TableLayout.META_ROW);
      for (Map.Entry<Key,Value> e : records(client, table)) {
        String q = e.getKey().getColumnQualifier().toString();
        for (String p : prefixes) {
          if (q.startsWith(p)) {
            m.putDelete(TableLayout.META_FAMILY, q);
          }
        }
      }
      if (m.size() > 0) {
        w.addMutation(m);
      }
    } catch (Exception e) {
      // records of an ended job only cost a few bytes; the next claim of C ignores them
    }
  }

  private void cancel(Future<?> compaction) {
    cancel(client, table);
    compaction.cancel(true);
  }

  /** Cancels the user compactions of {@code table}, as far as this user may. */
  static void cancel(AccumuloClient client, String table) {
    try {
      client.tableOperations().cancelCompaction(table);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      // the job record is removed too, after which no tablet computes any further
    }
  }

  private SpgemmException refused(Throwable cause) {
    String msg = String.valueOf(cause.getMessage());
    if (msg.contains("Another compaction with iterators")) {
      return new ClusterException("refused: another multiply (or another compaction with"
          + " iterators) is running on table " + table + "; Accumulo runs one at a time", cause);
    }
    if (cause instanceof AccumuloSecurityException) {
      return new ClusterException("cannot compact " + table + " (WRITE permission needed): "
          + msg, cause);
    }
    if (cause instanceof TableNotFoundException) {
      return ClusterException.noTable(table, cause);
    }
    return new ClusterException("compaction of " + table + " failed: " + msg, cause);
  }
}
