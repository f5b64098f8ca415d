package org.spgemm.iterators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iterators.WrappingIterator;
import org.spgemm.env.RateLimitedLog;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.job.JobRecord;
import org.spgemm.job.TabletRecords;

/**
 * Sweeps whole column families in a full user compaction, which, unlike any scan, sees every
 * entry whatever its label: {@code drop} removes every entry of the families (how a stale or
 * failed C, or a transpose, is cleared whoever wrote it and whatever the clearing user may read);
 * {@code count} passes everything through and records, per tablet, how many entries the families
 * hold (how a multiply that must not overwrite C learns that C is not empty, labels included).
 * Counts are written beside the job records of the compacted table ({@link TableLayout#META_ROW},
 * qualifier {@link TableLayout#PROBE_PREFIX}{@code <probe>:<tablet>}), which only a user who may
 * compact it (WRITE) could have asked for. Every other scope and every partial round passes
 * entries through unchanged.
 */
public class FamilySweepIterator extends WrappingIterator implements OptionDescriber {

  public static final String FAMILIES = "families";
  public static final String ACTION = "action";
  public static final String PROBE = "probe";

  /** What a sweep does to the families. */
  public enum Action {
    DROP, COUNT
  }

  private IteratorEnvironment env;
  private List<ByteSequence> families;
  private Action action;
  private String probe;
  private boolean active;
  private Range range;
  private long counted;

  /**
   * The compaction setting of a sweep: {@code probe} names the records of a count, and tells the
   * sweep's compaction from others (a client finds it in ZooKeeper while it runs); may be null.
   */
  public static IteratorSetting setting(Action action, Collection<String> families, String probe) {
    IteratorSetting is = new IteratorSetting(TableLayout.ITERATOR_PRIORITY,
        TableLayout.ITERATOR_NAME + "-sweep", FamilySweepIterator.class);
    List<String> hex = new ArrayList<>();
    for (String f : families) {
      hex.add(HexFormat.of().formatHex(f.getBytes(StandardCharsets.UTF_8)));
    }
    is.addOption(FAMILIES, String.join(",", hex));
    is.addOption(ACTION, action.name().toLowerCase());
    if (probe != null) {
      is.addOption(PROBE, probe);
    }
    return is;
  }

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) throws IOException {
    validateOptions(options);
    super.init(source, options, env);
    this.env = env;
    this.families = new ArrayList<>();
    for (String h : options.get(FAMILIES).split(",", -1)) {
      families.add(new ArrayByteSequence(HexFormat.of().parseHex(h)));
    }
    this.action = Action.valueOf(options.get(ACTION).toUpperCase());
    this.probe = options.get(PROBE);
    this.active = env.getIteratorScope() == IteratorScope.majc && env.isUserCompaction()
        && env.isFullMajorCompaction();
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    this.range = range;
    this.counted = 0;
    super.seek(range, columnFamilies, inclusive);
    skipDropped();
    recordIfDone();
  }

  @Override
  public void next() throws IOException {
    super.next();
    skipDropped();
    recordIfDone();
  }

  private void skipDropped() throws IOException {
    SortedKeyValueIterator<Key,Value> source = getSource();
    while (active && source.hasTop() && families.contains(source.getTopKey().getColumnFamilyData())) {
      if (action == Action.DROP) {
        source.next();
      } else {
        counted++;
        return;
      }
    }
  }

  /** At the end of a counting pass that saw the families: one record for this tablet. */
  private void recordIfDone() {
    if (!active || action != Action.COUNT || getSource().hasTop() || counted == 0
        || probe == null) {
      return;
    }
    AccumuloClient client = TabletServerBridge.serverClient(env);
    Mutation m = new Mutation(TableLayout.META_ROW);
    m.put(TableLayout.META_FAMILY, TableLayout.PROBE_PREFIX + probe + ":"
        + JobRecord.tabletName(range), new Value(Long.toString(counted)));
    BatchWriterConfig cfg = new BatchWriterConfig().setMaxMemory(1 << 16)
        .setTimeout(TabletRecords.FINAL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    try (BatchWriter w = client.createBatchWriter(env.getPluginEnv().getTableName(
        env.getTableId()), cfg)) {
      w.addMutation(m);
    } catch (Exception e) {
      // the client finds no count for this tablet; it then treats C as not empty
      RateLimitedLog.warn("cannot record the count of probe " + probe + ": " + e);
    }
    counted = 0;
  }

  @Override
  public SortedKeyValueIterator<Key,Value> deepCopy(IteratorEnvironment env) {
    FamilySweepIterator copy = new FamilySweepIterator();
    copy.setSource(getSource().deepCopy(env));
    copy.env = env;
    copy.families = families;
    copy.action = action;
    copy.probe = probe;
    copy.active = active;
    return copy;
  }

  @Override
  public IteratorOptions describeOptions() {
    return new IteratorOptions("spgemm-sweep", "In a full user compaction, drops or counts every"
        + " entry of some column families, whatever its label",
        Map.of(FAMILIES, "the families, each hex-encoded, comma separated",
            ACTION, "drop or count",
            PROBE, "id of the sweep, under which a count records each tablet's total"), null);
  }

  @Override
  public boolean validateOptions(Map<String,String> options) {
    String f = options.get(FAMILIES);
    if (f == null) {
      throw new IllegalArgumentException("option '" + FAMILIES + "' is required");
    }
    try {
      for (String h : f.split(",", -1)) {
        HexFormat.of().parseHex(h);
      }
      Action.valueOf(String.valueOf(options.get(ACTION)).toUpperCase());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option '" + FAMILIES + "' must be hex-encoded families"
          + " and '" + ACTION + "' drop or count: " + e.getMessage());
    }
    return true;
  }
}
