package org.spgemm.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchDeleter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.CompactionMultiplyIterator;
import org.spgemm.iterators.JobRecord;
import org.spgemm.iterators.MultiplyIteratorOptions;
import org.spgemm.iterators.MultiplyIteratorOptions.Mode;
import org.spgemm.iterators.RowByRowMultiplyIterator;
import org.spgemm.iterators.TableLayout;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * One multiply from the client's side: check, set up (dispatch hint, C's locality group, the
 * claim on C, the job record), run an engine over every tablet, and record the state of C.
 */
final class MultiplyRun {


  private final AccumuloClient client;
  private final String table;
  private final MultiplyOptions opts;
  private final Mode mode;
  private final Engine engine;
  private final String bTable;
  private final String jobId = UUID.randomUUID().toString();
  private final String jobKey = JobRecord.newJobKey();

  MultiplyRun(AccumuloClient client, String table, MultiplyOptions opts, Mode mode) {
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.mode = mode;
    // a compaction writes C; counting writes nothing and stays a scan
    this.engine = mode == Mode.COUNT ? Engine.SCAN : opts.engine;
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
    CState cState = null;
    boolean stale = false;
    if (writes) {
      stale = refuseStaleUnlessReplace();
      if (engine == Engine.COMPACTION) {
        TableM.ensureOwnLocalityGroup(client, table, opts.cFamily);
      }
      cState = new CState(client, table, opts.cFamily, jobId, engine, opts.lease.toMillis());
      cState.claim();
    }
    Heartbeat heartbeat = new Heartbeat(cState, opts.progressTimeout, table);
    CompactionDriver compaction = null;
    try {
      writeJob(JobRecord.State.RUNNING);
      List<Range> ranges = tabletRanges();
      RunCounts counts = new RunCounts(ranges.size(), opts.listener);
      if (engine == Engine.SCAN) {
        if (stale) {
          clearC(); // a compaction replaces C by itself; a scan writes beside what is there
        }
        long setup = System.nanoTime() - t0;
        new ScanDriver(client, table, opts, heartbeat).run(setting, counts, ranges, perEntry);
        return finish(cState, cShape, counts, t0, setup);
      }
      long setup = System.nanoTime() - t0;
      compaction = new CompactionDriver(client, table, jobId, heartbeat);
      compaction.run(setting, counts);
      return finish(cState, cShape, counts, t0, setup);
    } catch (RuntimeException e) {
      // first the job record: without it no tablet server writes another C row
      removeJob();
      if (writes) {
        failC(cState, e.getMessage());
      }
      throw e;
    } finally {
      removeJob();
      if (compaction != null) {
        compaction.removeRecords();
      }
    }
  }

  private MultiplyResult finish(CState cState, Shape cShape, RunCounts counts, long t0,
      long setup) {
    long wall = System.nanoTime() - t0;
    if (cState != null) {
      Map<String,String> details = new LinkedHashMap<>();
      details.put("nnz", Long.toString(counts.total.get(Counter.C_ENTRIES)));
      details.put("products", Long.toString(counts.total.get(Counter.PRODUCTS)));
      details.put("semiring", opts.semiring);
      details.put("engine", engine.name());
      cState.finish(JobRecord.State.COMPLETE, details);
      if (cShape != null) {
        MatrixStore.recordShape(client, table, opts.cFamily, new Shape(cShape.rows(),
            cShape.cols(), counts.total.get(Counter.C_ENTRIES), cShape.keyWidth()));
      }
    }
    return counts.result(wall, setup);
  }

  private IteratorSetting iteratorSetting() {
    IteratorSetting is = new IteratorSetting(TableLayout.ITERATOR_PRIORITY, TableLayout.ITERATOR_NAME,
        engine == Engine.SCAN ? RowByRowMultiplyIterator.class : CompactionMultiplyIterator.class);
    if (engine == Engine.SCAN) {
      MultiplyIteratorOptions.setJob(is, jobId, jobKey);
    } else {
      MultiplyIteratorOptions.setCompactionJob(is, jobId, table, System.currentTimeMillis());
    }
    MultiplyIteratorOptions.setMode(is, mode);
    MultiplyIteratorOptions.setFamilies(is, opts.aFamily, opts.bFamily, opts.cFamily);
    if (opts.bTable != null) {
      MultiplyIteratorOptions.setBTable(is, opts.bTable);
    }
    MultiplyIteratorOptions.setSemiring(is, opts.semiring);
    MultiplyIteratorOptions.setCodecs(is, opts.codecA, opts.codecB, opts.codecC);
    if (opts.cVisibility != null) {
      MultiplyIteratorOptions.setCVisibility(is, opts.cVisibility);
    }
    setIfGiven(is, MultiplyIteratorOptions.BATCH_B_ROWS, opts.batchBRows);
    setIfGiven(is, MultiplyIteratorOptions.MAX_BATCH_ROWS, opts.maxBatchRows);
    setIfGiven(is, MultiplyIteratorOptions.MAX_BATCH_BYTES, opts.maxBatchBytes);
    setIfGiven(is, MultiplyIteratorOptions.CACHE_BYTES, opts.cacheBytes);
    setIfGiven(is, MultiplyIteratorOptions.THREADS, opts.threads);
    setIfGiven(is, MultiplyIteratorOptions.SCAN_THREADS, opts.scanThreads);
    try {
      MultiplyIteratorOptions.parse(is.getOptions());
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
    return is;
  }

  private static void setIfGiven(IteratorSetting is, String option, Number value) {
    if (value != null) {
      MultiplyIteratorOptions.set(is, option, value.longValue());
    }
  }

  /** Checks tables, families and shapes; returns C's shape when A's and B's are known. */
  private Shape check() {
    if (!client.tableOperations().exists(table)) {
      throw ClusterException.noTable(table, null);
    }
    if (!client.tableOperations().exists(bTable)) {
      throw ClusterException.noTable(bTable, null);
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
      throw ClusterException.noTable(t, null);
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
      throw ClusterException.noTable(t, null);
    } catch (RuntimeException e) {
      throw new ClusterException("cannot scan table " + t + " (READ permission needed): "
          + e.getMessage(), e);
    }
  }

  /** True if C holds entries already; refused unless the options say replace. */
  private boolean refuseStaleUnlessReplace() {
    boolean stale = hasEntries(table, opts.cFamily);
    if (stale && !opts.replace) {
      throw new SpgemmException("family " + opts.cFamily + " of " + table
          + " already holds entries; clear it or multiply with replace");
    }
    return stale;
  }

  private void clearC() {
    try (BatchDeleter d =
        client.createBatchDeleter(table, MatrixStore.userAuths(client), 4)) {
      d.setRanges(List.of(new Range()));
      d.fetchColumnFamily(new Text(opts.cFamily));
      d.delete();
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (MutationsRejectedException e) {
      throw new ClusterException("cannot clear " + opts.cFamily + " of " + table + ": "
          + e.getMessage(), e);
    }
  }

  private void removeJob() {
    MatrixStore.writeMeta(client, table, TableLayout.JOB_PREFIX + jobId, null);
  }

  /**
   * Removes a failed run's C. Batches already writing when the job record went away may still
   * land, so clear until C stays empty (bounded); the FAILED state is what readers rely on.
   */
  private void failC(CState cState, String why) {
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
    try {
      cState.finish(JobRecord.State.FAILED,
          Map.of("error", why == null ? "" : why.replace(';', ',')));
    } catch (SpgemmException e) {
      // another job holds C now: its state is the truth
    }
  }

  private void writeJob(JobRecord.State state) {
    MatrixStore.writeMeta(client, table, TableLayout.JOB_PREFIX + jobId, JobRecord.encode(
        JobRecord.jobFields(state.name(), jobKey, opts.cFamily, bTable, mode.name(),
            client.whoami())));
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
      throw ClusterException.noTable(table, null);
    } catch (AccumuloSecurityException | AccumuloException e) {
      throw new ClusterException("cannot list tablets of " + table + ": " + e.getMessage(), e);
    }
  }
}
