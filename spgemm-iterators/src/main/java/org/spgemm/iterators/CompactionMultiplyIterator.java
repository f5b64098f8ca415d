package org.spgemm.iterators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.spgemm.env.RateLimitedLog;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.job.JobAuthorization;
import org.spgemm.job.TabletRecords;
import org.spgemm.metrics.Engine;
import org.spgemm.metrics.TabletPass;
import org.spgemm.pipeline.BRowCache;
import org.spgemm.pipeline.BSource;
import org.spgemm.pipeline.BadInputException;
import org.spgemm.pipeline.BatchScheduler;
import org.spgemm.pipeline.JobBRowCaches;
import org.spgemm.pipeline.MaskScan;
import org.spgemm.pipeline.MemoryBudget;
import org.spgemm.pipeline.NestedScanBSource;
import org.spgemm.pipeline.compaction.CompactionPass;
import org.spgemm.pipeline.compaction.LocalFirstBSource;
import org.spgemm.pipeline.compaction.LoggedPassRecords;

/**
 * Row-by-row parallel SpGEMM (RRp) inside a user compaction of the table. In the pass that writes
 * C's locality group of a full compaction it consumes the tablet's A rows (re-seeking its
 * source), fetches the B rows they need with nested scans, and emits C = A·B in key order in
 * place of the old C, straight into the tablet's new file. Every other pass, every partial
 * compaction round and every other scope passes entries through unchanged.
 *
 * <p>It computes only for a running job record that a writer of this table put there and whose
 * table is the one compacted. The job's errors are recorded beside the job record and the pass
 * ends early, without throwing (Accumulo would retry the compaction for ever); only when the
 * compaction itself is being stopped (interrupted, cancelled) does it throw, so that Accumulo
 * runs the compaction again instead of the job failing for a killed server. Per-tablet counts are recorded the
 * same way, so clients without the SYSTEM permission can follow progress.
 */
public class CompactionMultiplyIterator
    implements SortedKeyValueIterator<Key,Value>, OptionDescriber {

  private SortedKeyValueIterator<Key,Value> source;
  private MultiplySpec opts;
  private IteratorEnvironment env;
  private CompactionPass pass;

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) throws IOException {
    this.source = source;
    this.env = env;
    try {
      this.opts = MultiplySpec.decode(options);
    } catch (IllegalArgumentException e) {
      // not a job the client started (it validates first): leave the data as it is
      RateLimitedLog.warn("spgemm compaction iterator with bad options passes entries through: "
          + e.getMessage());
    }
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    pass = null;
    if (!writesC(columnFamilies, inclusive)) {
      source.seek(range, columnFamilies, inclusive);
      return;
    }
    AccumuloClient client = TabletServerBridge.serverClient(env);
    TabletRecords records = new TabletRecords(client, tableName(), opts.job(), range);
    String refusal = refusal(client, columnFamilies, inclusive);
    if (refusal != null) {
      refused(range, refusal);
      records.error(refusal);
      source.seek(range, columnFamilies, inclusive); // old C stays; the client marks it FAILED
      return;
    }
    MaskScan mask = null;
    try {
      mask = opts.maskTable() == null ? null : new MaskScan(client, opts, range);
    } catch (TableNotFoundException e) {
      refused(range, "mask table " + opts.maskTable() + " does not exist");
      records.error("mask table " + opts.maskTable() + " does not exist");
      source.seek(range, columnFamilies, inclusive);
      return;
    }
    String bTable = opts.bTableFor(tableName());
    MemoryBudget.Lease lease = MemoryBudget.lease(opts);
    BRowCache cache = JobBRowCaches.forJob(tableName(), bTable, opts.job(),
        lease.budget().cacheBytes());
    // a compaction thread is no scan thread: its nested scans may use the default executor
    BSource b = new NestedScanBSource(client, tableName(), bTable, opts.bFamily(),
        opts.scanThreads(), Map.of());
    if (opts.localB() && bTable.equals(tableName())) {
      b = LocalFirstBSource.over(source, env, range, opts.bFamily(), opts.threads(), b);
    }
    TabletPass logged = TabletPass.start(Engine.COMPACTION, opts.job(), tableName(),
        env.getTableId().canonical(), range, "started");
    pass = new CompactionPass(source, opts, lease, b, cache,
        new LoggedPassRecords(records, logged),
        () -> JobAuthorization.stillRunning(client, tableName(), opts.job()));
    pass.start(range, mask);
  }

  private void refused(Range range, String why) {
    TabletPass.refused(Engine.COMPACTION, opts.job(), tableName(), env.getTableId().canonical(),
        range, why);
  }

  /** True in the pass that writes C's locality group of a full user compaction. */
  private boolean writesC(Collection<ByteSequence> families, boolean inclusive) {
    if (opts == null || env.getIteratorScope() != IteratorScope.majc || !env.isUserCompaction()
        || !env.isFullMajorCompaction()) {
      return false;
    }
    ByteSequence c = new ArrayByteSequence(opts.cFamily().getBytes(StandardCharsets.UTF_8));
    return inclusive == families.contains(c);
  }

  /** Why this pass may not compute, or null. */
  private String refusal(AccumuloClient client, Collection<ByteSequence> families,
      boolean inclusive) {
    if (!inclusive || families.size() != 1) {
      return "family " + opts.cFamily() + " of " + tableName() + " shares a locality group with"
          + " other families; C needs one of its own (TableM.create sets it)";
    }
    if (opts.cTable() != null) {
      return "a compaction writes C into the compacted table only, not into "
          + opts.cTable() + " (the scan engine writes other tables)";
    }
    if (opts.mode() != MultiplySpec.Mode.MULTIPLY) {
      return "a compaction can only multiply, not " + opts.mode();
    }
    String bTable = opts.bTableFor(tableName());
    try {
      new JobAuthorization(client, env.getPluginEnv(), env.getTableId(), tableName(), opts)
          .checkCompaction(bTable);
      return null;
    } catch (BadInputException e) {
      return e.getMessage();
    } catch (RuntimeException e) {
      if (BatchScheduler.stopped(e)) {
        // stopped while reading the job record: not the job's failure; the compaction runs again
        throw new IllegalStateException("interrupted while checking job " + opts.job(), e);
      }
      return "cannot check job " + opts.job() + ": " + e;
    }
  }

  private String tableName() {
    TableId id = env.getTableId();
    try {
      return env.getPluginEnv().getTableName(id);
    } catch (Exception e) {
      return id.canonical();
    }
  }

  @Override
  public boolean hasTop() {
    return pass != null ? pass.hasTop() : source.hasTop();
  }

  @Override
  public void next() throws IOException {
    if (pass != null) {
      pass.next();
    } else {
      source.next();
    }
  }

  @Override
  public Key getTopKey() {
    return pass != null ? pass.getTopKey() : source.getTopKey();
  }

  @Override
  public Value getTopValue() {
    return pass != null ? pass.getTopValue() : source.getTopValue();
  }

  @Override
  public SortedKeyValueIterator<Key,Value> deepCopy(IteratorEnvironment env) {
    CompactionMultiplyIterator copy = new CompactionMultiplyIterator();
    copy.source = source.deepCopy(env);
    copy.opts = opts;
    copy.env = env;
    return copy;
  }

  @Override
  public IteratorOptions describeOptions() {
    return new IteratorOptions("spgemmc", "Row-by-row sparse multiply C = A*B over a semiring,"
        + " computed in a user compaction: writes C rows into the tablet's new file",
        MultiplySpec.descriptions(), null);
  }

  @Override
  public boolean validateOptions(Map<String,String> options) {
    MultiplySpec p = MultiplySpec.decode(options);
    if (p.table() == null) {
      throw new IllegalArgumentException("option '" + "table"
          + "' is required at compaction scope");
    }
    return true;
  }
}
