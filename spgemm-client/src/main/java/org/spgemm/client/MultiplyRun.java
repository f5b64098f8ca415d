package org.spgemm.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Range;
import org.spgemm.iterators.JobRecord;
import org.spgemm.iterators.MultiplyIteratorOptions.Mode;
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
  /** Where C goes: M, or another table (scan engine). */
  private final String cTable;
  private final String jobId = UUID.randomUUID().toString();
  private final String jobKey = JobRecord.newJobKey();

  MultiplyRun(AccumuloClient client, String table, MultiplyOptions opts, Mode mode) {
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.mode = mode;
    // a compaction writes C; counting writes nothing and stays a scan
    this.engine = mode == Mode.MULTIPLY ? opts.engine : Engine.SCAN;
    this.bTable = opts.bTable == null ? table : opts.bTable;
    this.cTable = opts.cTable == null ? table : opts.cTable;
  }

  /** Runs; {@code perEntry} (count mode) sees each emitted entry's row and counts. */
  MultiplyResult run(BiConsumer<String,BatchStats> perEntry) {
    long t0 = System.nanoTime();
    IteratorSetting setting = MultiplySetting.of(engine, jobId, jobKey, table, mode, opts);
    InputCheck check = new InputCheck(client, table, bTable, opts);
    Shape cShape = mode == Mode.TRANSPOSE ? check.checkTranspose() : check.check();
    TableM.ensureNestedDispatch(client, table, opts.nestedExecutor);
    if (!bTable.equals(table)) {
      TableM.ensureNestedDispatch(client, bTable, opts.nestedExecutor);
    }
    boolean writes = mode != Mode.COUNT;
    if (!client.tableOperations().exists(cTable)) {
      throw ClusterException.noTable(cTable, null);
    }
    CFamily c = new CFamily(client, cTable, opts);
    CState cState = null;
    boolean stale = false;
    if (writes) {
      stale = c.refuseStaleUnlessOverwrite();
      if (engine == Engine.COMPACTION) {
        TableM.ensureOwnLocalityGroup(client, table, opts.cFamily);
      }
      cState = new CState(client, cTable, opts.cFamily, jobId, engine, opts.lease.toMillis());
      cState.claim();
    }
    Heartbeat heartbeat = new Heartbeat(cState, opts.progressTimeout, table);
    CompactionDriver compaction = null;
    try {
      writeJob(JobRecord.State.RUNNING);
      List<Range> ranges = TableM.tabletRanges(client, table);
      RunCounts counts = new RunCounts(ranges.size(), opts.listener);
      if (engine == Engine.SCAN) {
        if (stale) {
          c.clearC(); // a compaction replaces C by itself; a scan writes beside what is there
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
        c.failC(cState, e.getMessage());
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
        MatrixStore.recordShape(client, cTable, opts.cFamily, new Shape(cShape.rows(),
            cShape.cols(), counts.total.get(Counter.C_ENTRIES), cShape.keyWidth()));
      }
    }
    return counts.result(wall, setup);
  }

  private void removeJob() {
    MatrixStore.writeMeta(client, table, TableLayout.JOB_PREFIX + jobId, null);
  }

  private void writeJob(JobRecord.State state) {
    MatrixStore.writeMeta(client, table, TableLayout.JOB_PREFIX + jobId, JobRecord.encode(
        JobRecord.jobFields(state.name(), jobKey, opts.cFamily, bTable, mode.name(),
            client.whoami(), cTable.equals(table) ? null : cTable)));
  }

}
