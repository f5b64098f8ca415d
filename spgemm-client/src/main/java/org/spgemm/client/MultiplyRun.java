package org.spgemm.client;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchDeleter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.JobRecord;
import org.spgemm.iterators.MultiplyIteratorOptions;
import org.spgemm.iterators.MultiplyIteratorOptions.Mode;
import org.spgemm.iterators.RowByRowMultiplyIterator;
import org.spgemm.progress.BatchStats;

/**
 * One multiply from the client's side: check, set up (dispatch hint, stale C, job record), scan
 * every tablet of A with the iterator attached, gather progress, and record the state of C.
 */
final class MultiplyRun {

  static final String ITERATOR_NAME = "spgemm";
  static final int ITERATOR_PRIORITY = 100;

  private final AccumuloClient client;
  private final String table;
  private final MultiplyOptions opts;
  private final Mode mode;
  private final String bTable;
  private final String jobId = UUID.randomUUID().toString();
  private final String jobKey = JobRecord.newJobKey();

  MultiplyRun(AccumuloClient client, String table, MultiplyOptions opts, Mode mode) {
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.mode = mode;
    this.bTable = opts.bTable == null ? table : opts.bTable;
  }

  /** Runs; {@code perEntry} (count mode) sees each emitted entry's row and counts. */
  MultiplyResult run(BiConsumer<String,BatchStats> perEntry) {
    long t0 = System.nanoTime();
    IteratorSetting setting = iteratorSetting();
    Shape cShape = check();
    TableM.ensureNestedDispatch(client, table, opts.nestedExecutor);
    if (!bTable.equals(table)) {
      TableM.ensureNestedDispatch(client, bTable, opts.nestedExecutor);
    }
    boolean writes = mode == Mode.MULTIPLY;
    if (writes) {
      prepareC();
    }
    writeJob(JobRecord.State.RUNNING);
    long setup = System.nanoTime() - t0;
    try {
      TabletScans scans = new TabletScans(setting, perEntry);
      scans.runAll();
      long wall = System.nanoTime() - t0;
      if (writes) {
        Map<String,String> state = new HashMap<>();
        state.put("state", JobRecord.State.COMPLETE.name());
        state.put("nnz", Long.toString(scans.total.cEntries));
        state.put("products", Long.toString(scans.total.products));
        state.put("semiring", opts.semiring);
        MatrixStore.writeMeta(client, table, JobRecord.C_STATE_PREFIX + opts.cFamily,
            JobRecord.encode(state));
        if (cShape != null) {
          MatrixStore.recordShape(client, table, opts.cFamily, new Shape(cShape.rows(),
              cShape.cols(), scans.total.cEntries, cShape.keyWidth()));
        }
      }
      return new MultiplyResult(scans.total, scans.perServer, scans.tablets, wall, setup);
    } catch (RuntimeException e) {
      // first the job record: without it no tablet server writes another C row
      removeJob();
      if (writes) {
        failC(e.getMessage());
      }
      throw e;
    } finally {
      removeJob();
    }
  }

  private IteratorSetting iteratorSetting() {
    IteratorSetting is =
        new IteratorSetting(ITERATOR_PRIORITY, ITERATOR_NAME, RowByRowMultiplyIterator.class);
    MultiplyIteratorOptions.setJob(is, jobId, jobKey);
    MultiplyIteratorOptions.setMode(is, mode);
    MultiplyIteratorOptions.setFamilies(is, opts.aFamily, opts.bFamily, opts.cFamily);
    if (opts.bTable != null) {
      MultiplyIteratorOptions.setBTable(is, opts.bTable);
    }
    MultiplyIteratorOptions.setSemiring(is, opts.semiring);
    MultiplyIteratorOptions.setCodecs(is, opts.codecA, opts.codecB, opts.codecC);
    MultiplyIteratorOptions.setBatchLimits(is, opts.batchBRows, opts.maxBatchRows,
        opts.maxBatchBytes);
    MultiplyIteratorOptions.setThreads(is, opts.threads, opts.scanThreads);
    try {
      MultiplyIteratorOptions.parse(is.getOptions());
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
    return is;
  }

  /** Checks tables, families and shapes; returns C's shape when A's and B's are known. */
  private Shape check() {
    if (!client.tableOperations().exists(table)) {
      throw new InvalidOptionException("table " + table + " does not exist");
    }
    if (!client.tableOperations().exists(bTable)) {
      throw new InvalidOptionException("B table " + bTable + " does not exist");
    }
    requireFamily(table, opts.aFamily, "A");
    requireFamily(bTable, opts.bFamily, "B");
    Shape a = MatrixStore.shape(client, table, opts.aFamily).orElse(null);
    Shape b = MatrixStore.shape(client, bTable, opts.bFamily).orElse(null);
    if (a != null && b != null) {
      if (a.cols() != b.rows()) {
        throw new DimensionMismatchException("shape mismatch: A (" + table + ":" + opts.aFamily
            + ") is " + a + " but B (" + bTable + ":" + opts.bFamily + ") is " + b
            + " (A columns must equal B rows)");
      }
      return new Shape(a.rows(), b.cols(), 0, Math.max(a.keyWidth(), b.keyWidth()));
    }
    return null;
  }

  /** A family must be a locality group of the table or hold at least one entry. */
  private void requireFamily(String t, String family, String role) {
    if (hasEntries(t, family)) {
      return;
    }
    try {
      if (client.tableOperations().getLocalityGroups(t).values().stream()
          .anyMatch(g -> g.contains(new Text(family)))) {
        return; // an empty matrix that has its own locality group
      }
    } catch (TableNotFoundException e) {
      throw new InvalidOptionException("table " + t + " does not exist");
    } catch (AccumuloException e) {
      // reading table configuration takes more than READ; the entries decide then
    }
    throw new InvalidOptionException("family " + family + " (" + role + ") not found in table "
        + t + ": no locality group and no entries");
  }

  private boolean hasEntries(String t, String family) {
    try (Scanner s = client.createScanner(t, MatrixStore.userAuths(client))) {
      s.fetchColumnFamily(new Text(family));
      s.setBatchSize(1);
      return s.iterator().hasNext();
    } catch (TableNotFoundException e) {
      throw new InvalidOptionException("table " + t + " does not exist");
    } catch (RuntimeException e) {
      throw new ClusterException("cannot scan table " + t + " (READ permission needed): "
          + e.getMessage(), e);
    }
  }

  /** A stale C is cleared (or, without replace, refused) before the job starts. */
  private void prepareC() {
    boolean stale = hasEntries(table, opts.cFamily);
    if (stale && !opts.replace) {
      throw new SpgemmException("family " + opts.cFamily + " of " + table
          + " already holds entries; clear it or multiply with replace");
    }
    MatrixStore.writeMeta(client, table, JobRecord.C_STATE_PREFIX + opts.cFamily,
        JobRecord.encode(Map.of("state", JobRecord.State.RUNNING.name(), "job", jobId)));
    if (stale) {
      clearC();
    }
  }

  private void clearC() {
    try (BatchDeleter d =
        client.createBatchDeleter(table, MatrixStore.userAuths(client), 4)) {
      d.setRanges(List.of(new Range()));
      d.fetchColumnFamily(new Text(opts.cFamily));
      d.delete();
    } catch (TableNotFoundException e) {
      throw new ClusterException("table " + table + " does not exist", e);
    } catch (MutationsRejectedException e) {
      throw new ClusterException("cannot clear " + opts.cFamily + " of " + table + ": "
          + e.getMessage(), e);
    }
  }

  private void removeJob() {
    MatrixStore.writeMeta(client, table, JobRecord.JOB_PREFIX + jobId, null);
  }

  /**
   * Removes a failed run's C. Batches already writing when the job record went away may still
   * land, so clear until C stays empty (bounded); the FAILED state is what readers rely on.
   */
  private void failC(String why) {
    try {
      long deadline = System.nanoTime() + 30_000_000_000L;
      do {
        clearC();
        Thread.sleep(2 * 500 + 200); // longer than the servers cache a running job
      } while (hasEntries(table, opts.cFamily) && System.nanoTime() < deadline);
    } catch (RuntimeException e) {
      // the FAILED state below still tells readers not to trust what is left
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    MatrixStore.writeMeta(client, table, JobRecord.C_STATE_PREFIX + opts.cFamily,
        JobRecord.encode(Map.of("state", JobRecord.State.FAILED.name(), "job", jobId, "error",
            why == null ? "" : why.replace(';', ','))));
  }

  private void writeJob(JobRecord.State state) {
    MatrixStore.writeMeta(client, table, JobRecord.JOB_PREFIX + jobId, JobRecord.encode(
        JobRecord.jobFields(state.name(), jobKey, opts.cFamily, bTable, mode.name(),
            client.whoami())));
  }

  /** One scanner per tablet of A; entries arrive one per RPC so progress is live. */
  private final class TabletScans {
    final IteratorSetting setting;
    final BiConsumer<String,BatchStats> perEntry;
    final BatchStats total = new BatchStats();
    final Map<String,BatchStats> perServer = new HashMap<>();
    int tablets;
    int tabletsDone;

    TabletScans(IteratorSetting setting, BiConsumer<String,BatchStats> perEntry) {
      this.setting = setting;
      this.perEntry = perEntry;
    }

    void runAll() {
      List<Range> ranges = tabletRanges();
      tablets = ranges.size();
      Authorizations auths = MatrixStore.userAuths(client);
      ExecutorService pool =
          Executors.newFixedThreadPool(Math.min(ranges.size(), opts.tabletParallelism), r -> {
            Thread t = new Thread(r, "spgemm-tablet-scan");
            t.setDaemon(true);
            return t;
          });
      try {
        List<Future<?>> futures = new ArrayList<>();
        for (Range range : ranges) {
          futures.add(pool.submit(() -> {
            scanTablet(range, auths);
            return null;
          }));
        }
        for (Future<?> f : futures) {
          try {
            f.get();
          } catch (ExecutionException e) {
            futures.forEach(x -> x.cancel(true));
            Throwable c = e.getCause();
            if (c instanceof SpgemmException se) {
              throw se;
            }
            throw new ClusterException("multiply on " + table + " failed: " + c, c);
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SpgemmException("interrupted");
      } finally {
        pool.shutdownNow();
      }
    }

    private void scanTablet(Range range, Authorizations auths) throws TableNotFoundException {
      try (Scanner s = client.createScanner(table, auths)) {
        s.setRange(range);
        s.fetchColumnFamily(new Text(opts.aFamily));
        s.addScanIterator(setting);
        s.setBatchSize(1);
        for (Map.Entry<Key,Value> e : s) {
          BatchStats st = BatchStats.decode(e.getValue().get());
          if (st.error != null) {
            throw new SpgemmException(st.error);
          }
          if (perEntry != null) {
            perEntry.accept(e.getKey().getRow().toString(), st);
          }
          record(st, false);
        }
      }
      record(null, true);
    }

    private synchronized void record(BatchStats st, boolean tabletDone) {
      if (st != null) {
        total.add(st);
        perServer.computeIfAbsent(st.server, k -> {
          BatchStats b = new BatchStats();
          b.server = k;
          return b;
        }).add(st);
      }
      if (tabletDone) {
        tabletsDone++;
      }
      opts.listener.onProgress(total, tabletsDone, tablets);
    }

    private List<Range> tabletRanges() {
      try {
        List<Range> ranges = new ArrayList<>();
        Text prev = null;
        for (Text split : client.tableOperations().listSplits(table)) {
          ranges.add(new Range(prev, false, split, true));
          prev = split;
        }
        ranges.add(new Range(prev, false, null, true));
        return ranges;
      } catch (TableNotFoundException e) {
        throw new InvalidOptionException("table " + table + " does not exist");
      } catch (AccumuloSecurityException | AccumuloException e) {
        throw new ClusterException("cannot list tablets of " + table + ": " + e.getMessage(), e);
      }
    }
  }
}
