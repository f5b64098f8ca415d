package org.spgemm.iterators;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.client.sample.SamplerConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.spi.common.ServiceEnvironment;
import org.apache.accumulo.iteratortest.IteratorTestBase;
import org.apache.accumulo.iteratortest.IteratorTestInput;
import org.apache.accumulo.iteratortest.IteratorTestOutput;
import org.apache.accumulo.iteratortest.IteratorTestParameters;
import org.apache.accumulo.iteratortest.testcases.IsolatedDeepCopiesTestCase;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.pipeline.BRowCache;
import org.spgemm.pipeline.BSource;
import org.spgemm.pipeline.CWriters;
import org.spgemm.pipeline.MemoryBudget;
import org.spgemm.pipeline.TestTables;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * Accumulo's iterator contract (accumulo-iterator-test-harness: re-seek after every entry as a
 * tablet server tearing the iterator down does, deep copies, repeated hasTop calls, yielding)
 * for the scan engine's iterator in count mode, whose output is exact, and for the input digest.
 * Each case's output must equal the one computed independently here.
 */
class IteratorContractTest extends IteratorTestBase {

  private static final SortedMap<Key,Value> A = new TreeMap<>();
  private static final SortedMap<Key,Value> B = new TreeMap<>();
  private static final TreeMap<Integer,TreeMap<Integer,Long>> AM = TestTables.random(30, 20,
      0.2, 21);
  private static final TreeMap<Integer,TreeMap<Integer,Long>> BM = TestTables.random(20, 25,
      0.2, 22);

  static {
    TestTables.put(A, "A", AM);
    TestTables.put(B, "B", BM);
  }

  /** The scan engine's iterator with B in a map and a job that is always allowed. */
  public static final class InMemoryScanMultiplyIterator extends ScanMultiplyIterator {
    @Override
    protected ScanHost server(IteratorEnvironment env) {
      return new ScanHost() {
        @Override
        public String tableId() {
          return "t1";
        }

        @Override
        public String tableName() {
          return "M";
        }

        @Override
        public void authorize(MultiplySpec opts, Key at) {}

        @Override
        public BSource bSource(MultiplySpec opts) {
          return new TestTables.B(B, "B");
        }

        @Override
        public BRowCache bCache(MultiplySpec opts, long capacity) {
          return new BRowCache(capacity);
        }

        @Override
        public CWriters cWriters(MultiplySpec opts, MemoryBudget budget) {
          return CWriters.NONE;
        }

        @Override
        public String cFilesDirectory(MultiplySpec opts) {
          return "file:/nowhere/" + opts.job();
        }
      };
    }
  }

  /** A scan's environment, as a tablet server gives it (no sampling). */
  private static final IteratorEnvironment SCAN = new Env(IteratorScope.scan);
  /** A full user compaction's. */
  private static final IteratorEnvironment FULL_COMPACTION = new Env(IteratorScope.majc);

  private static final class Env implements IteratorEnvironment {
    private final IteratorScope scope;

    Env(IteratorScope scope) {
      this.scope = scope;
    }

    @Override
    public IteratorScope getIteratorScope() {
      return scope;
    }

    @Override
    public boolean isSamplingEnabled() {
      return false;
    }

    @Override
    public TableId getTableId() {
      return TableId.of("t1");
    }

    @Override
    public boolean isFullMajorCompaction() {
      return scope == IteratorScope.majc;
    }

    @Override
    public boolean isUserCompaction() {
      return scope == IteratorScope.majc;
    }

    @Override
    public Authorizations getAuthorizations() {
      return Authorizations.EMPTY;
    }

    @Override
    public SortedKeyValueIterator<Key,Value> reserveMapFileReader(String name) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void registerSideChannel(SortedKeyValueIterator<Key,Value> iter) {
      throw new UnsupportedOperationException();
    }

    @Override
    public IteratorEnvironment cloneWithSamplingEnabled() {
      throw new UnsupportedOperationException();
    }

    @Override
    public SamplerConfiguration getSamplerConfiguration() {
      return null;
    }

    @Override
    public ServiceEnvironment getServiceEnv() {
      throw new UnsupportedOperationException();
    }

    @Override
    public PluginEnvironment getPluginEnv() {
      throw new UnsupportedOperationException();
    }
  }

  @Override
  protected Stream<IteratorTestParameters> parameters() {
    return Stream.of(countCases(), digestCases(), sweepCases()).flatMap(x -> x);
  }

  /** Count mode: one entry per A row, at its last key, carrying nnz(C(i,:)). */
  private Stream<IteratorTestParameters> countCases() {
    Map<String,String> options = MultiplySpec.builder().set("job", "j").set("jobKey", "k")
        .set("mode", "count").set("batchBRows", 4).set("maxBatchRows", 3).build().encode();
    IteratorTestInput input = new IteratorTestInput(InMemoryScanMultiplyIterator.class, options,
        new Range(), A, SCAN);
    TreeMap<Integer,TreeMap<Integer,Long>> c = TestTables.multiply(AM, BM);
    SortedMap<Key,Value> expected = new TreeMap<>();
    AM.forEach((i, row) -> {
      BatchStats s = new BatchStats();
      s.server = TabletServerBridge.serverId();
      s.set(Counter.ROWS, 1);
      s.set(Counter.A_ENTRIES, row.size());
      s.set(Counter.PRODUCTS, row.keySet().stream().mapToLong(j -> BM.containsKey(j)
          ? BM.get(j).size() : 0).sum());
      s.set(Counter.ROW_NNZ, c.containsKey(i) ? c.get(i).size() : 0);
      expected.put(new Key(TestTables.key(i), "A", TestTables.key(row.lastKey())),
          new Value(s.encode()));
    });
    return builtinTestCases().map(t -> t.toParameters(input, new IteratorTestOutput(expected)));
  }

  /** A sweep dropping a family in a full compaction: every other entry passes unchanged. */
  private Stream<IteratorTestParameters> sweepCases() {
    SortedMap<Key,Value> input = new TreeMap<>(A);
    input.putAll(B);
    IteratorTestInput in = new IteratorTestInput(FamilySweepIterator.class, FamilySweepIterator
        .setting(FamilySweepIterator.Action.DROP, java.util.List.of("A"), null).getOptions(),
        new Range(), input, FULL_COMPACTION);
    return builtinTestCases().map(t -> t.toParameters(in, new IteratorTestOutput(B)));
  }

  /**
   * The digest: one entry at the last key read, with the family's count, hash sum, labelled
   * entries, squared row lengths and entries whose qualifier is a row of the range (all of them:
   * the range is everything).
   */
  private Stream<IteratorTestParameters> digestCases() {
    IteratorTestInput input = new IteratorTestInput(InputDigestIterator.class, Map.of(),
        new Range(), A, SCAN);
    long hash = 0;
    Map<org.apache.hadoop.io.Text,Long> rowLengths = new TreeMap<>();
    for (Map.Entry<Key,Value> e : A.entrySet()) {
      hash += InputDigestIterator.hash(e.getKey(), e.getValue().get());
      rowLengths.merge(e.getKey().getRow(), 1L, Long::sum);
    }
    long squares = rowLengths.values().stream().mapToLong(n -> n * n).sum();
    SortedMap<Key,Value> expected = new TreeMap<>();
    expected.put(A.lastKey(), new Value(java.util.HexFormat.of().formatHex("A".getBytes())
        + ":" + A.size() + ":" + hash + ":0:" + squares + ":" + A.size()));
    // an entry that sums everything up to its key cannot be had again by a copy seeked to start
    // at that key (what IsolatedDeepCopiesTestCase does); the client's scans never seek so
    return builtinTestCases().filter(t -> !(t instanceof IsolatedDeepCopiesTestCase))
        .map(t -> t.toParameters(input, new IteratorTestOutput(expected)));
  }
}
