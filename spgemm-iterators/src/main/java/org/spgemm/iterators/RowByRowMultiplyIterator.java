package org.spgemm.iterators;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.progress.BatchStats;

/**
 * Row-by-row parallel SpGEMM (RRp) at scan scope. Consumes the rows of A in the scanned range,
 * writes the rows of C = A·B into the C family of the same table as a side effect, and emits one
 * progress entry per finished batch, at the key of the batch's last A entry. In count mode it
 * writes nothing and emits one entry per A row carrying nnz(C(i,:)).
 *
 * <p>Runs only for a job whose record ({@link JobRecord}) the client wrote into the table: a user
 * who can read the table but not write it cannot make the iterator write. A seek whose start key
 * is exclusive resumes after the row of that key, so batches already reported are not redone.
 * Data and set-up errors are emitted as a final entry whose value carries {@code error=...}.
 */
public class RowByRowMultiplyIterator implements SortedKeyValueIterator<Key,Value>, OptionDescriber {

  /** Table property naming the scan executor that nested B scans are dispatched to. */
  public static final String NESTED_DISPATCH_PROPERTY = "table.scan.dispatcher.opts.executor.nested";
  /** Table custom property on M listing other tables B may be read from (comma separated). */
  public static final String TRUSTED_B_TABLES_PROPERTY = "spgemm.btables";

  private SortedKeyValueIterator<Key,Value> source;
  private MultiplyIteratorOptions.Parsed opts;
  private IteratorEnvironment env;
  private BatchPipeline pipeline;
  private final ArrayDeque<Key> pendingKeys = new ArrayDeque<>();
  private final ArrayDeque<BatchStats> pendingStats = new ArrayDeque<>();
  private Key topKey;
  private Value topValue;
  private boolean failed;

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) throws IOException {
    if (env.getIteratorScope() != IteratorScope.scan) {
      throw new IllegalArgumentException(getClass().getSimpleName()
          + " runs only at scan scope, not " + env.getIteratorScope());
    }
    this.source = source;
    this.opts = MultiplyIteratorOptions.parse(options);
    this.env = env;
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    if (pipeline != null) {
      pipeline.abandon();
    }
    pendingKeys.clear();
    pendingStats.clear();
    failed = false;
    Range resume = resumeRange(range);
    if (resume == null) {
      topKey = null; // the last row of the range was already reported
      topValue = null;
      return;
    }
    source.seek(resume, columnFamilies, inclusive);
    try {
      pipeline = pipeline == null ? newPipeline() : pipeline;
      advance();
    } catch (BadInputException e) {
      fail(e);
    }
  }

  /**
   * An exclusive start key is the last entry already returned: carry on at the next row. Returns
   * null when nothing of the range is left.
   */
  static Range resumeRange(Range range) {
    if (range.isInfiniteStartKey() || range.isStartKeyInclusive()) {
      return range;
    }
    Key next = range.getStartKey().followingKey(PartialKey.ROW);
    if (!range.isInfiniteStopKey() && next.compareTo(range.getEndKey()) >= 0) {
      return null;
    }
    return new Range(next, true, range.getEndKey(), range.isEndKeyInclusive());
  }

  private BatchPipeline newPipeline() {
    AccumuloClient client = TabletServerBridge.serverClient(env);
    PluginEnvironment plugins = env.getPluginEnv();
    String table;
    try {
      table = plugins.getTableName(env.getTableId());
    } catch (TableNotFoundException e) {
      throw new IllegalStateException("table " + env.getTableId() + " vanished", e);
    }
    Key at = source.hasTop() ? new Key(source.getTopKey()) : null;
    String bTable = opts.bTable() == null ? table : opts.bTable();
    new JobAuthorization(client, plugins, env.getTableId(), table, opts).check(bTable, at);
    ARowReader reader = new ARowReader(source, opts);
    BatchWorker worker = new BatchWorker(client, table, bTable, opts);
    return new BatchPipeline(reader, worker, WorkerPools.get(opts.threads()), opts.threads());
  }

  private void advance() throws IOException {
    if (pendingKeys.isEmpty() && !failed) {
      BatchResult r = pipeline.next();
      if (r != null) {
        pendingKeys.addAll(r.keys);
        pendingStats.addAll(r.stats);
      }
    }
    if (pendingKeys.isEmpty()) {
      topKey = null;
      topValue = null;
    } else {
      topKey = pendingKeys.poll();
      topValue = new Value(pendingStats.poll().encode());
    }
  }

  private void fail(BadInputException e) {
    pipeline.abandon();
    pendingKeys.clear();
    pendingStats.clear();
    failed = true;
    Key at = e.at();
    if (at == null) {
      // nothing in range to anchor an error to, so nothing was going to be computed either
      topKey = null;
      topValue = null;
      return;
    }
    BatchStats s = new BatchStats();
    s.server = TabletServerBridge.serverId();
    s.error = e.getMessage();
    topKey = at;
    topValue = new Value(s.encode());
  }

  @Override
  public void next() throws IOException {
    if (topKey == null) {
      throw new IllegalStateException("next() called with no top");
    }
    if (failed) {
      topKey = null;
      topValue = null;
      return;
    }
    try {
      advance();
    } catch (BadInputException e) {
      fail(e);
    }
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key,Value> deepCopy(IteratorEnvironment env) {
    RowByRowMultiplyIterator copy = new RowByRowMultiplyIterator();
    copy.source = source.deepCopy(env);
    copy.opts = opts;
    copy.env = env;
    return copy;
  }

  @Override
  public IteratorOptions describeOptions() {
    return new IteratorOptions("spgemm", "Row-by-row sparse multiply C = A*B over a semiring;"
        + " writes C rows beside their A rows and emits one progress entry per batch",
        MultiplyIteratorOptions.descriptions(), null);
  }

  @Override
  public boolean validateOptions(Map<String,String> options) {
    MultiplyIteratorOptions.parse(options);
    return true;
  }
}
