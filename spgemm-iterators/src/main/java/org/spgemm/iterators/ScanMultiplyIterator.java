package org.spgemm.iterators;

import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iterators.YieldCallback;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.job.JobRecord;
import org.spgemm.metrics.Engine;
import org.spgemm.metrics.MultiplyMeters;
import org.spgemm.metrics.TabletPass;
import org.spgemm.pipeline.ARowReader;
import org.spgemm.pipeline.BRowCache;
import org.spgemm.pipeline.BadInputException;
import org.spgemm.pipeline.BatchWorker;
import org.spgemm.pipeline.CWriters;
import org.spgemm.pipeline.Labels;
import org.spgemm.pipeline.MemoryBudget;
import org.spgemm.pipeline.scan.BatchPipeline;
import org.spgemm.pipeline.scan.PendingWork;
import org.spgemm.pipeline.scan.WorkerPools;
import org.spgemm.progress.BatchStats;

/**
 * Row-by-row parallel SpGEMM (RRp) at scan scope. Consumes the rows of A in the scanned range,
 * writes the rows of C = A·B into the C family of the same table as a side effect, and emits one
 * progress entry per finished batch, at the key of the batch's last A entry. In count mode it
 * writes nothing and emits one entry per A row carrying nnz(C(i,:)).
 *
 * <p>Runs only for a job whose record ({@link JobRecord}) the client wrote into the table: a user
 * who can read the table but not write it cannot make the iterator write. Accumulo re-creates scan
 * iterators often (between RPC batches, after minor compactions); a new instance whose seek
 * resumes where the last one stopped adopts its batches in flight ({@link PendingWork}), and any
 * other seek with an exclusive start key resumes after that key's row, so batches already
 * reported are not redone. While a batch is slow, the iterator yields so the tablet server can
 * release the tablet's memory map (our own C writes may be waiting for it). Data and set-up errors
 * are emitted as a final entry whose value carries {@code error=...}.
 */
public class ScanMultiplyIterator implements SortedKeyValueIterator<Key,Value>, OptionDescriber {

  private SortedKeyValueIterator<Key,Value> source;
  private MultiplySpec opts;
  /** Digest of every option, the job key included: only an identical scan adopts pending work. */
  private String optionsDigest;
  private ScanHost server;
  private YieldCallback<Key> yield;
  private Range seekRange;
  private String workId;
  private BatchPipeline pipeline;
  private boolean returnedSinceSeek;
  private Key topKey;
  private Value topValue;
  private boolean failed;
  /** Why these options cannot run (the scan gets one error entry, the server log nothing). */
  private String refusal;
  /** Set outside scan scope: entries pass through untouched. */
  private boolean passThrough;

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) throws IOException {
    this.source = source;
    this.server = server(env);
    if (env.getIteratorScope() != IteratorScope.scan) {
      passThrough = true; // never drop data a compaction would otherwise keep
      return;
    }
    try {
      this.opts = checked(MultiplySpec.decode(options));
      this.optionsDigest = JobRecord.keyHash(new java.util.TreeMap<>(options).toString());
    } catch (IllegalArgumentException e) {
      refusal = BatchStats.REFUSED + e.getMessage();
    }
  }

  @Override
  public void enableYielding(YieldCallback<Key> callback) {
    this.yield = callback;
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    if (passThrough || refusal != null) {
      source.seek(range, columnFamilies, inclusive);
      failed = refusal != null;
      // one error entry per tablet: a seek continuing after it (an exclusive start key that is
      // an entry, not a bare row) returns nothing more
      boolean continuation = !range.isInfiniteStartKey() && !range.isStartKeyInclusive()
          && range.getStartKey().getColumnFamilyData().length() > 0;
      topKey = failed && !continuation && source.hasTop() ? new Key(source.getTopKey()) : null;
      topValue = topKey == null ? null : new Value(errorStats(refusal).encode());
      if (topKey != null) {
        refused(range, refusal);
      }
      return;
    }
    seekRange = range;
    returnedSinceSeek = false;
    failed = false;
    topKey = null;
    topValue = null;
    pipeline = null;
    if (opts.dryRun()) {
      dryRun(range, columnFamilies, inclusive);
      return;
    }
    // a scan with other options (a reader without the job key) never finds this work
    workId = opts.job() + "|" + optionsDigest + "|" + server.tableId() + "|"
        + (range.isInfiniteStopKey() ? "+inf" : range.getEndKey().toString());
    pipeline = null;
    PendingWork adopted = range.isStartKeyInclusive() ? null
        : PendingWork.adopt(workId, range.getStartKey(), this, opts.yieldMillis() + 1000);
    Range sourceRange;
    if (adopted != null) {
      sourceRange = adopted.sourceExhausted ? null
          : new Range(adopted.nextSourceKey, true, range.getEndKey(), range.isEndKeyInclusive());
    } else {
      sourceRange = resumeRange(range);
      if (sourceRange == null) {
        return; // the last row of the range was already reported
      }
    }
    PendingWork work = adopted;
    if (work == null) {
      work = new PendingWork();
      work.hold(this);
    }
    try {
      work.sourceExhausted = sourceRange == null;
      if (sourceRange != null) {
        source.seek(sourceRange, columnFamilies, inclusive);
      }
      pipeline = newPipeline(work, adopted == null);
      if (adopted == null && sourceRange != null && source.hasTop()) {
        work.pass = TabletPass.start(Engine.SCAN, opts.job(), server.tableName(),
            server.tableId(), range, continues(range) ? "resumed" : "started");
      }
      PendingWork.register(workId, work);
      advance();
    } catch (BadInputException e) {
      if (pipeline == null) {
        refused(range, e.getMessage()); // the job's check
      }
      fail(e);
    } finally {
      work.exit(this);
    }
  }

  /**
   * An exclusive start key is the last entry already returned: carry on at the next row (unless
   * it is a bare row key, which no entry of A can equal). Returns null when nothing is left.
   */
  static Range resumeRange(Range range) {
    if (range.isInfiniteStartKey() || range.getStartKey().getColumnFamilyData().length() == 0) {
      return range;
    }
    if (range.isStartKeyInclusive()) {
      // a seek that starts at an entry inside a row (a deep copy positioned where another one
      // is): the row is read whole, and its entry, at its last key, is not before the start
      return new Range(new Key(range.getStartKey().getRow()), true, range.getEndKey(),
          range.isEndKeyInclusive());
    }
    Key next = range.getStartKey().followingKey(PartialKey.ROW);
    if (!range.isInfiniteStopKey() && next.compareTo(range.getEndKey()) >= 0) {
      return null;
    }
    return new Range(next, true, range.getEndKey(), range.isEndKeyInclusive());
  }

  /**
   * The pre-flight of a job: checks it as a real run would, and emits one entry (at the first
   * key of the range, which the client picks in the metadata row) carrying no error or the
   * refusal. Nothing is computed or written.
   */
  private void dryRun(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    source.seek(range, columnFamilies, inclusive);
    Key at = source.hasTop() ? new Key(source.getTopKey()) : null;
    failed = true; // one entry, then nothing
    if (at == null) {
      return;
    }
    try {
      server.authorize(opts, at);
      BatchStats ok = errorStats(null);
      if (opts.cFiles()) {
        ok.files = server.cFilesDirectory(opts);
      }
      topKey = at;
      topValue = new Value(ok.encode());
    } catch (BadInputException e) {
      refused(range, "(pre-flight) " + e.getMessage());
      fail(e);
    }
  }

  /** The tablet server's own host: its context's rights, nested scans on the nested executor. */
  ScanHost server(IteratorEnvironment env) {
    return ScanHost.of(env);
  }

  /** Wires reader, workers and pool; checks the job unless adopted work was checked already. */
  private BatchPipeline newPipeline(PendingWork work, boolean checkJob) {
    if (checkJob) {
      server.authorize(opts, !work.sourceExhausted && source.hasTop()
          ? new Key(source.getTopKey()) : null);
    }
    // scan iterators come and go between RPCs: budgets assume the usual number of tablets at once
    MemoryBudget budget = MemoryBudget.of(opts, Runtime.getRuntime().maxMemory(),
        MemoryBudget.MIN_TABLETS);
    Labels labels = new Labels(opts.cVisibility());
    // the job's B rows, shared by its tablets in this server across RPCs and re-created iterators
    BRowCache cache = server.bCache(opts, budget.cacheBytes());
    ARowReader reader = new ARowReader(source, opts, budget.batchBytes(), cache, labels);
    CWriters writers = server.cWriters(opts, budget);
    work.watch(writers::jobRunning);
    BatchWorker worker = new BatchWorker(opts, budget, labels, server.bSource(opts), cache,
        writers, MultiplyMeters.of(Engine.SCAN));
    // as many batches at once in this server as the budgets assume: a batch mostly waits on its
    // nested scan and its writer's flush, so two tablets' batches overlap theirs
    return new BatchPipeline(reader, worker,
        WorkerPools.get(opts.threads() * MemoryBudget.MIN_TABLETS), opts.threads(), work);
  }

  /** A seek that carries on after an entry already returned (exclusive start at an entry). */
  private static boolean continues(Range range) {
    return !range.isInfiniteStartKey() && !range.isStartKeyInclusive()
        && range.getStartKey().getColumnFamilyData().length() > 0;
  }

  private void refused(Range range, String why) {
    TabletPass.refused(Engine.SCAN, opts == null ? null : opts.job(), server.tableName(),
        server.tableId(), range, why);
  }

  private void advance() throws IOException {
    PendingWork work = pipeline.work;
    while (true) {
      if (!work.pendingKeys.isEmpty()) {
        topKey = work.pendingKeys.poll();
        topValue = new Value(work.pendingStats.poll().encode());
        work.resumeAfter = topKey;
        returnedSinceSeek = true;
        return;
      }
      pipeline.fill();
      if (pipeline.done()) {
        if (work.pass != null) {
          work.pass.completed(null);
        }
        PendingWork.remove(workId, work);
        topKey = null;
        topValue = null;
        return;
      }
      long wait = yield == null ? Long.MAX_VALUE : opts.yieldMillis();
      if (!pipeline.awaitHead(wait)) {
        Key at = yieldPosition();
        if (at != null) {
          work.resumeAfter = at;
          yield.yield(at);
          topKey = null;
          topValue = null;
          return;
        }
      }
    }
  }

  /**
   * Where to yield: a key in the seek range after everything returned, such that resuming after
   * it even without {@link PendingWork} skips nothing unprocessed. Null when there is none.
   */
  private Key yieldPosition() {
    Key at;
    if (returnedSinceSeek) {
      // strictly after the last key returned (Accumulo checks), still inside its finished row
      at = pipeline.work.resumeAfter.followingKey(PartialKey.ROW_COLFAM_COLQUAL_COLVIS_TIME);
    } else if (seekRange.isInfiniteStartKey()) {
      at = new Key();
    } else if (!seekRange.isStartKeyInclusive()) {
      at = seekRange.getStartKey().followingKey(PartialKey.ROW_COLFAM_COLQUAL_COLVIS_TIME);
    } else if (seekRange.getStartKey().getColumnFamilyData().length() == 0) {
      at = seekRange.getStartKey();
    } else {
      return null;
    }
    return seekRange.contains(at) ? at : null;
  }

  private void fail(BadInputException e) {
    if (pipeline != null) {
      pipeline.work.fail(workId, e.getMessage(), false);
    }
    failed = true;
    Key at = e.at();
    if (at == null || !seekRange.contains(at)) {
      // nothing in range to anchor an error to, so nothing was going to be computed either
      topKey = null;
      topValue = null;
      return;
    }
    topKey = at;
    topValue = new Value(errorStats(e.getMessage()).encode());
  }

  private static BatchStats errorStats(String message) {
    BatchStats s = new BatchStats();
    s.server = TabletServerBridge.serverId();
    s.error = message;
    return s;
  }

  @Override
  public void next() throws IOException {
    if (passThrough) {
      source.next();
      return;
    }
    if (topKey == null) {
      throw new IllegalStateException("next() called with no top");
    }
    if (failed) {
      topKey = null;
      topValue = null;
      return;
    }
    PendingWork work = pipeline.work;
    if (!work.enter(this)) {
      throw new IOException("multiply work of job " + opts.job() + " was resumed by another scan"
          + " of the same job; this one stops");
    }
    try {
      advance();
    } catch (BadInputException e) {
      fail(e);
    } finally {
      work.exit(this);
    }
  }

  @Override
  public boolean hasTop() {
    return passThrough ? source.hasTop() : topKey != null;
  }

  @Override
  public Key getTopKey() {
    return passThrough ? source.getTopKey() : topKey;
  }

  @Override
  public Value getTopValue() {
    return passThrough ? source.getTopValue() : topValue;
  }

  @Override
  public SortedKeyValueIterator<Key,Value> deepCopy(IteratorEnvironment env) {
    ScanMultiplyIterator copy;
    try {
      copy = getClass().getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot copy " + getClass().getName(), e);
    }
    copy.source = source.deepCopy(env);
    copy.opts = opts;
    copy.optionsDigest = optionsDigest;
    copy.server = copy.server(env);
    copy.refusal = refusal;
    copy.passThrough = passThrough;
    return copy;
  }

  @Override
  public IteratorOptions describeOptions() {
    return new IteratorOptions("spgemm", "Row-by-row sparse multiply C = A*B over a semiring;"
        + " writes C rows beside their A rows and emits one progress entry per batch",
        MultiplySpec.descriptions(), null);
  }

  @Override
  public boolean validateOptions(Map<String,String> options) {
    checked(MultiplySpec.decode(options));
    return true;
  }

  /** A scan-scope multiply needs the job's key (a compaction's does not: starting one takes WRITE). */
  private static MultiplySpec checked(MultiplySpec spec) {
    if (spec.jobKey() == null) {
      throw new IllegalArgumentException("option 'jobKey' is required: the iterator only runs"
          + " for a job started by SpGEMM.multiply");
    }
    return spec;
  }
}
