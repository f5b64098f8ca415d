package org.spgemm.partition.table;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.io.Text;
import org.spgemm.balancer.PartBalancer;
import org.spgemm.balancer.PartServerMap;
import org.spgemm.iterators.TableLayout;
import org.spgemm.partition.plan.PartitionPlan;

/**
 * Writes the re-keyed copy M2 of table M that a {@link PartitionPlan} describes, then waits until
 * M2's tablets are spread over the tablet servers.
 *
 * <ol>
 *   <li>M2 is created with M's locality groups, M's {@code table.custom.*} properties, M's file
 *       compression ({@value TableLayout#COMPRESSION_PROPERTY}: the multiply's compaction
 *       rewrites M2's files, and Accumulo's default gz writes C about three times slower than
 *       the snappy M is created with) and data block cache ({@value
 *       TableLayout#BLOCK_CACHE_PROPERTY}), the
 *       nested-scan dispatch property ({@value TableLayout#NESTED_DISPATCH_PROPERTY},
 *       M's value or {@value TableLayout#DEFAULT_NESTED_EXECUTOR}) and the plan's split points, so that
 *       no tablet holds rows of two parts. With {@link ApplyOptions#withTabletsPerPart} n &gt; 1,
 *       each part is split further at A row keys into up to n tablets of about equal nnz(A)
 *       ({@link PartSplits#inner}; nnz(a_i) is counted by one scan of family A of M first).
 *       With more than one part, {@link PartBalancer} is its balancer and the parts are spread
 *       evenly over the live tablet servers ({@link PartServerMap#spread}, recorded in
 *       {@value TableLayout#PARTS_PROPERTY}), so every tablet of part p stays on one server.
 *   <li>One BatchScanner pass over families A and B of M: A entry (i, j) becomes
 *       ({@code newARowKey(i)}, {@code newBRowKey(j)}): A's column keys are rewritten to B's new
 *       row keys, since column j of A names row j of B. B entry (j, k) becomes
 *       ({@code newBRowKey(j)}, k): C's columns stay in original keys. Values and visibilities
 *       are copied as bytes. The shape records of A and B in row {@value TableLayout#META_ROW} are
 *       copied; nothing else of M is (C, job records).
 *   <li>A bounded wait, polling {@code tableOperations().locate}, until every tablet is hosted
 *       and on its part's server (parts pinned), or the tablet counts of any two live tablet
 *       servers differ by at most one (not pinned). If the
 *       tablets are still not all hosted when it ends and the part balancer was set (the manager
 *       cannot load it when the iterators jar is not on its classpath, and then never assigns the
 *       tablets), the balancer property is removed, so Accumulo's default balancer places the
 *       tablets, and the wait is repeated; the result then reports the parts as not pinned.
 * </ol>
 *
 * <p>Original keys stay recoverable with {@link PartitionPlan#originalKey(String)}. If the copy
 * fails, M2 is deleted (best effort); M is never modified.
 */
public final class PlanApplier {

  private static final byte[] META_ROW = TableLayout.META_ROW.getBytes(StandardCharsets.UTF_8);
  private static final int MAX_ENTRIES_PER_MUTATION = 10_000;

  private PlanApplier() {}

  /** {@link #apply(AccumuloClient, String, String, PartitionPlan, ApplyOptions)} with defaults. */
  public static ApplyResult apply(AccumuloClient client, String source, String target,
      PartitionPlan plan) {
    return apply(client, source, target, plan, ApplyOptions.defaults());
  }

  /**
   * Creates {@code target} as the re-keyed copy of {@code source}.
   *
   * @throws IllegalArgumentException if source is missing, target exists, or M holds a row or
   *     column key the plan does not know (M changed since it was planned)
   * @throws TablePartitionException if the cluster fails or refuses
   */
  public static ApplyResult apply(AccumuloClient client, String source, String target,
      PartitionPlan plan, ApplyOptions opts) {
    if (client == null || source == null || target == null || plan == null || opts == null) {
      throw new IllegalArgumentException("client, tables, plan and options must not be null");
    }
    if (source.equals(target)) {
      throw new IllegalArgumentException("the re-keyed table must differ from " + source);
    }
    if (!client.tableOperations().exists(source)) {
      throw new IllegalArgumentException("table " + source + " does not exist");
    }
    if (client.tableOperations().exists(target)) {
      throw new IllegalArgumentException("table " + target + " already exists; choose another"
          + " name or delete it");
    }
    long t0 = System.nanoTime();
    Map<String,Integer> aIndex = index(plan.numARows(), plan::aRowKey, "A");
    Map<String,Integer> bIndex = index(plan.numBRows(), plan::bRowKey, "B");
    List<String> splits = new ArrayList<>(plan.splitPoints());
    if (opts.tabletsPerPart() > 1) {
      splits.addAll(PartSplits.inner(plan, countARows(client, source, aIndex, opts),
          opts.tabletsPerPart()));
    }
    int tablets = splits.size() + 1;
    PartServerMap pins = createTarget(client, source, target, plan, splits);
    long t1 = System.nanoTime();
    long[] copied;
    try {
      copied = copy(client, source, target, plan, opts, aIndex, bIndex);
    } catch (RuntimeException e) {
      try {
        client.tableOperations().delete(target);
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    long t2 = System.nanoTime();
    TabletPlacement p =
        TabletPlacement.await(client, target, tablets, pins, opts.balanceTimeout().toMillis());
    if (pins != null && !p.hosted) {
      unpin(client, target);
      pins = null;
      p = TabletPlacement.await(client, target, tablets, null, opts.balanceTimeout().toMillis());
    }
    long t3 = System.nanoTime();
    return new ApplyResult(target, copied[0], copied[1], t1 - t0, t2 - t1, t3 - t2, p.hosted,
        p.balanced, p.locations, p.perServer, pins == null ? List.of() : pins.servers());
  }

  /** nnz(a_i) of every A row of the plan, from one scan of family A of {@code source}. */
  private static long[] countARows(AccumuloClient client, String source,
      Map<String,Integer> aIndex, ApplyOptions opts) {
    long[] nnz = new long[aIndex.size()];
    Authorizations auths =
        opts.authorizations() != null ? opts.authorizations() : KeyText.userAuths(client);
    new FamilyScan(client, source, auths).scan(opts.aFamily(), "A", new FamilyScan.RowSink() {
      private int row;

      @Override
      public void startRow(String key) {
        row = indexOf(aIndex, key, true);
      }

      @Override
      public void entry(ByteSequence qualifier) {
        nnz[row]++;
      }

      @Override
      public void endRow() {}
    });
    return nnz;
  }

  /**
   * The part-to-server mapping for a new table of the plan's parts over the live tablet servers,
   * or null when there is nothing to pin (one part, or no server known).
   */
  private static PartServerMap pinParts(AccumuloClient client, PartitionPlan plan) {
    List<String> servers = client.instanceOperations().getTabletServers();
    return plan.parts() < 2 || servers.isEmpty() ? null
        : PartServerMap.spread(plan.parts(), servers);
  }

  private static void unpin(AccumuloClient client, String target) {
    try {
      client.tableOperations().removeProperty(target, TableLayout.TABLE_BALANCER_PROPERTY);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new TablePartitionException("the tablets of " + target + " were not hosted with "
          + PartBalancer.class.getSimpleName() + " (is the iterators jar on the manager's"
          + " classpath?) and its balancer property cannot be removed: " + e.getMessage(), e);
    }
  }

  /** Creates the target table; returns its part-to-server mapping, or null if not pinned. */
  private static PartServerMap createTarget(AccumuloClient client, String source, String target,
      PartitionPlan plan, List<String> splitPoints) {
    try {
      Map<String,Set<Text>> groups = client.tableOperations().getLocalityGroups(source);
      Map<String,String> props = new HashMap<>();
      client.tableOperations().getTableProperties(source).forEach((k, v) -> {
        if (k.startsWith(TableLayout.CUSTOM_PREFIX)
            || k.startsWith(TableLayout.SUMMARIZER_PREFIX)) {
          props.put(k, v);
        }
      });
      Map<String,String> conf = client.tableOperations().getConfiguration(source);
      String nested = conf.get(TableLayout.NESTED_DISPATCH_PROPERTY);
      props.put(TableLayout.NESTED_DISPATCH_PROPERTY,
          nested == null || nested.isEmpty() ? TableLayout.DEFAULT_NESTED_EXECUTOR : nested);
      for (String p : List.of(TableLayout.COMPRESSION_PROPERTY,
          TableLayout.BLOCK_CACHE_PROPERTY)) {
        String v = conf.get(p);
        if (v != null && !v.isEmpty()) {
          props.put(p, v);
        }
      }
      PartServerMap pins = pinParts(client, plan);
      if (pins != null) {
        props.put(TableLayout.TABLE_BALANCER_PROPERTY, PartBalancer.class.getName());
        props.put(TableLayout.PARTS_PROPERTY, pins.format());
      }
      NewTableConfiguration ntc =
          new NewTableConfiguration().setLocalityGroups(groups).setProperties(props);
      if (!splitPoints.isEmpty()) {
        SortedSet<Text> splits = new TreeSet<>();
        splitPoints.forEach(s -> splits.add(new Text(s)));
        ntc = ntc.withSplits(splits);
      }
      client.tableOperations().create(target, ntc);
      return pins;
    } catch (TableNotFoundException e) {
      throw new IllegalArgumentException("table " + source + " does not exist", e);
    } catch (TableExistsException e) {
      throw new IllegalArgumentException("table " + target + " already exists", e);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new TablePartitionException("cannot create table " + target + " (CREATE_TABLE"
          + " permission needed): " + e.getMessage(), e);
    }
  }

  /** Returns {A entries, B entries} copied. */
  private static long[] copy(AccumuloClient client, String source, String target,
      PartitionPlan plan, ApplyOptions opts, Map<String,Integer> aIndex,
      Map<String,Integer> bIndex) {
    byte[] famA = opts.aFamily().getBytes(StandardCharsets.UTF_8);
    byte[] famB = opts.bFamily().getBytes(StandardCharsets.UTF_8);
    byte[][] newA = new byte[plan.numARows()][];
    byte[][] newB = new byte[plan.numBRows()][];
    Authorizations auths =
        opts.authorizations() != null ? opts.authorizations() : KeyText.userAuths(client);
    long aEntries = 0;
    long bEntries = 0;
    BatchWriterConfig cfg = new BatchWriterConfig().setMaxMemory(64L << 20);
    try (BatchScanner bs = client.createBatchScanner(source, auths, opts.scanThreads());
        BatchWriter w = client.createBatchWriter(target, cfg)) {
      bs.setRanges(List.of(new Range()));
      bs.fetchColumnFamily(new Text(famA));
      bs.fetchColumnFamily(new Text(famB));
      byte[] lastRow = null;
      boolean lastIsA = false;
      boolean skip = false;
      byte[] newRow = null;
      Mutation m = null;
      int inMutation = 0;
      byte[] lastVis = null;
      ColumnVisibility cv = new ColumnVisibility();
      for (Map.Entry<Key,Value> e : bs) {
        Key k = e.getKey();
        boolean isA = KeyText.sameBytes(k.getColumnFamilyData(), famA);
        ByteSequence row = k.getRowData();
        if (isA != lastIsA || !KeyText.sameBytes(row, lastRow)) {
          if (m != null) {
            w.addMutation(m);
            m = null;
          }
          lastRow = row.toArray();
          lastIsA = isA;
          skip = Arrays.equals(lastRow, META_ROW);
          if (!skip) {
            String key = KeyText.decode(row, isA ? "A row key" : "B row key");
            newRow = isA ? newKey(plan, aIndex, newA, key, true)
                : newKey(plan, bIndex, newB, key, false);
          }
        }
        if (skip) {
          continue;
        }
        if (m == null || inMutation == MAX_ENTRIES_PER_MUTATION) {
          if (m != null) {
            w.addMutation(m);
          }
          m = new Mutation(newRow);
          inMutation = 0;
        }
        byte[] qual;
        if (isA) {
          String col = KeyText.decode(k.getColumnQualifierData(), "a column key of A");
          qual = newKey(plan, bIndex, newB, col, false);
          aEntries++;
        } else {
          qual = k.getColumnQualifierData().toArray();
          bEntries++;
        }
        ByteSequence vis = k.getColumnVisibilityData();
        if (vis.length() > 0 && !KeyText.sameBytes(vis, lastVis)) {
          lastVis = vis.toArray();
          cv = new ColumnVisibility(lastVis);
        } else if (vis.length() == 0 && lastVis != null) {
          lastVis = null;
          cv = new ColumnVisibility();
        }
        m.put(isA ? famA : famB, qual, cv, e.getValue().get());
        inMutation++;
      }
      if (m != null) {
        w.addMutation(m);
      }
      copyShapes(client, source, w, opts);
    } catch (TableNotFoundException e) {
      throw new IllegalArgumentException("table " + source + " or " + target + " vanished", e);
    } catch (MutationsRejectedException e) {
      throw new TablePartitionException("writing " + target + " failed: " + e.getMessage(), e);
    } catch (IllegalArgumentException | TablePartitionException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new TablePartitionException("copying " + source + " into " + target + " failed"
          + " (READ on " + source + " and WRITE on " + target + " needed): " + e.getMessage(), e);
    }
    return new long[] {aEntries, bEntries};
  }

  private static void copyShapes(AccumuloClient client, String source, BatchWriter w,
      ApplyOptions opts) throws TableNotFoundException, MutationsRejectedException {
    try (Scanner s = client.createScanner(source, Authorizations.EMPTY)) {
      s.setRange(new Range(TableLayout.META_ROW));
      Mutation m = new Mutation(TableLayout.META_ROW);
      for (String family : List.of(opts.aFamily(), opts.bFamily())) {
        s.clearColumns();
        s.fetchColumn(new Text(TableLayout.META_FAMILY), new Text(TableLayout.SHAPE_PREFIX + family));
        for (Map.Entry<Key,Value> e : s) {
          m.put(TableLayout.META_FAMILY, TableLayout.SHAPE_PREFIX + family, e.getValue());
        }
      }
      if (m.size() > 0) {
        w.addMutation(m);
      }
    }
  }

  private static byte[] newKey(PartitionPlan plan, Map<String,Integer> index, byte[][] cache,
      String key, boolean aRow) {
    int i = indexOf(index, key, aRow);
    byte[] b = cache[i];
    if (b == null) {
      b = (aRow ? plan.newARowKey(i) : plan.newBRowKey(i)).getBytes(StandardCharsets.UTF_8);
      cache[i] = b;
    }
    return b;
  }

  private static int indexOf(Map<String,Integer> index, String key, boolean aRow) {
    Integer i = index.get(key);
    if (i == null) {
      throw new IllegalArgumentException((aRow ? "A row " : "B row (or A column) ") + key
          + " is not in the plan: the table changed since it was planned; plan again");
    }
    return i;
  }

  private static Map<String,Integer> index(int n, java.util.function.IntFunction<String> key,
      String what) {
    Map<String,Integer> m = new HashMap<>(n * 4 / 3 + 16);
    for (int i = 0; i < n; i++) {
      if (m.put(key.apply(i), i) != null) {
        throw new IllegalArgumentException(what + " rows of the plan repeat the key "
            + key.apply(i));
      }
    }
    return m;
  }
}
