package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.Locations;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TabletId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.balancer.PartBalancer;
import org.spgemm.balancer.PartServerMap;
import org.spgemm.client.Engine;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.Partitioner;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.TablePlan;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.table.ApplyOptions;
import org.spgemm.partition.table.ApplyResult;

/**
 * The part balancer on the shared cluster (3 tablet servers): a plan of K = 2 parts is applied,
 * each part is split into three tablets, and every tablet of part p must be hosted by the
 * server the table's mapping names, also after the mapping changes (balance moves tablets),
 * after the table goes offline and online (assignment), and C must still equal the in-memory
 * reference. A malformed mapping leaves the table to Accumulo's default balancer.
 */
@ClusterTest
class PartBalancerIT {

  private static final long WAIT_MILLIS = 90_000;

  @Test
  void everyTabletOfAPartStaysOnThePartsServer() throws Exception {
    SparseMatrix a = RmatGenerator.generate(8, 8, 11);
    SparseMatrix expected = ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES);
    try (AccumuloClient client = SharedCluster.client()) {
      assertTrue(client.instanceOperations().getTabletServers().size() >= 3,
          "the test needs three tablet servers");
      String m = Fixtures.uniqueTable("pinned");
      Fixtures.createAndLoad(client, m, a, a, List.of());
      TablePlan tp = Partitioner.plan(client, m, 2, PartitionOptions.parts(2).withSeed(1));
      String m2 = m + "_k2";
      ApplyResult applied = tp.apply(client, m2);
      assertTrue(applied.pinned(), applied.toString());

      Map<String,String> props = client.tableOperations().getConfiguration(m2);
      assertEquals(PartBalancer.class.getName(), props.get("table.balancer"));
      PartServerMap map = PartServerMap.parse(props.get(TableLayout.PARTS_PROPERTY));
      assertEquals(2, map.parts());
      assertNotEquals(map.server(0), map.server(1), "two parts spread over two servers");
      assertEquals(map.servers(), applied.partServers());

      client.tableOperations().addSplits(m2, splitsInsideParts(tp.plan()));
      assertEquals(6, awaitPinned(client, m2, map), "three tablets per part");

      // a new mapping: part 0 moves to the server that held nothing; balance() moves its tablets
      Set<String> spare = new TreeSet<>(client.instanceOperations().getTabletServers());
      spare.removeAll(map.servers());
      PartServerMap moved =
          PartServerMap.parse(spare.iterator().next() + "," + map.server(1));
      client.tableOperations().setProperty(m2, TableLayout.PARTS_PROPERTY, moved.format());
      awaitPinned(client, m2, moved);

      // offline and online: every tablet is assigned afresh, straight to its part's server
      client.tableOperations().offline(m2, true);
      client.tableOperations().online(m2, true);
      awaitPinned(client, m2, moved);

      SpGEMM.multiply(client, m2, MultiplyOptions.defaults());
      SparseMatrix c = Partitioner.readC(client, m2, a.rows(), a.cols(), ValueCodecs.DECIMAL);
      Fixtures.assertSameMatrix(expected, c);
      awaitPinned(client, m2, moved);

      // a malformed mapping: Accumulo's default balancer hosts the tablets, nothing breaks
      client.tableOperations().setProperty(m2, TableLayout.PARTS_PROPERTY, "not-a-server");
      client.tableOperations().offline(m2, true);
      client.tableOperations().online(m2, true);
      awaitHosted(client, m2);
      assertEquals(expected, Partitioner.readC(client, m2, a.rows(), a.cols(),
          ValueCodecs.DECIMAL), "the table still reads back");
    }
  }

  @Test
  void tabletsPerPartAreCutAtApplyAndPinnedAndKeepCompression() throws Exception {
    SparseMatrix a = RmatGenerator.generate(8, 8, 12);
    SparseMatrix expected = ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES);
    try (AccumuloClient client = SharedCluster.client()) {
      String m = Fixtures.uniqueTable("perpart");
      Fixtures.createAndLoad(client, m, a, a, List.of());
      TablePlan tp = Partitioner.plan(client, m, 2, PartitionOptions.parts(2).withSeed(1));
      String m2 = m + "_k2x3";
      ApplyResult applied = tp.apply(client, m2, ApplyOptions.defaults().withTabletsPerPart(3));
      assertTrue(applied.pinned() && applied.balanced(), applied.toString());
      assertEquals(6, applied.tabletLocations().size(), applied.toString());
      Map<String,String> conf = client.tableOperations().getConfiguration(m2);
      assertEquals(TableLayout.COMPRESSION, conf.get(TableLayout.COMPRESSION_PROPERTY),
          "the copy keeps M's compression (the multiply's compaction writes C with it)");
      PartServerMap map = PartServerMap.parse(conf.get(TableLayout.PARTS_PROPERTY));
      assertEquals(6, awaitPinned(client, m2, map), "three tablets per part, on its server");
      long predicted = tp.metrics().remoteBVolume();
      assertEquals(Long.toString(predicted), conf.get(TableLayout.PREDICTED_REMOTE_B_PROPERTY),
          "the plan's predicted remote B, recorded for the copy's multiply");
      MultiplyResult r = SpGEMM.multiply(client, m2,
          MultiplyOptions.builder().engine(Engine.COMPACTION).build());
      Fixtures.assertSameMatrix(expected,
          Partitioner.readC(client, m2, a.rows(), a.cols(), ValueCodecs.DECIMAL));
      System.out.println("gRRp copy: predicted remote B " + predicted + " of nnz(B) "
          + tp.nnzB() + "; " + r.engineReason());
      // two servers: whole reads of B fetch nnz(B) remotely in all, row by row the prediction
      assertEquals(2 * predicted >= tp.nnzB(), r.engineReason().contains("all of B read"),
          "predicted " + predicted + " of nnz(B) " + tp.nnzB() + ": " + r.engineReason());
    }
  }

  /** Two split points inside each part, at A rows a third and two thirds into the part. */
  private static SortedSet<Text> splitsInsideParts(PartitionPlan plan) {
    SortedSet<Text> splits = new TreeSet<>();
    for (int p = 0; p < plan.parts(); p++) {
      List<String> rows = new ArrayList<>();
      for (int i = 0; i < plan.numARows(); i++) {
        if (plan.aPart(i) == p) {
          rows.add(plan.newARowKey(i));
        }
      }
      rows.sort(null);
      assertTrue(rows.size() >= 6, "part " + p + " has too few rows to split: " + rows.size());
      splits.add(new Text(rows.get(rows.size() / 3)));
      splits.add(new Text(rows.get(2 * rows.size() / 3)));
    }
    return splits;
  }

  /**
   * Waits until every tablet is hosted by its part's server under {@code map}; returns the
   * number of tablets. A tablet's part is that of the first partitioned row it holds.
   */
  private static int awaitPinned(AccumuloClient client, String table, PartServerMap map)
      throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    Map<String,String> misplaced = new TreeMap<>();
    while (System.currentTimeMillis() < deadline) {
      Locations loc = client.tableOperations().locate(table, List.of(new Range()));
      misplaced.clear();
      for (TabletId t : loc.groupByTablet().keySet()) {
        int part = partOfTablet(client, table, t);
        String where = loc.getTabletLocation(t);
        if (where == null || !where.equals(map.server(part))) {
          misplaced.put(t.toString(), "part " + part + " on " + where + ", want "
              + map.server(part));
        }
      }
      if (misplaced.isEmpty()) {
        return loc.groupByTablet().size();
      }
      Thread.sleep(500);
    }
    fail("tablets not on their part's server within " + WAIT_MILLIS / 1000 + " s: "
        + misplaced);
    return -1;
  }

  private static void awaitHosted(AccumuloClient client, String table) throws Exception {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    Set<String> unhosted = new HashSet<>();
    while (System.currentTimeMillis() < deadline) {
      Locations loc = client.tableOperations().locate(table, List.of(new Range()));
      unhosted.clear();
      loc.groupByTablet().keySet().forEach(t -> {
        if (loc.getTabletLocation(t) == null) {
          unhosted.add(t.toString());
        }
      });
      if (unhosted.isEmpty()) {
        return;
      }
      Thread.sleep(500);
    }
    fail("tablets not hosted within " + WAIT_MILLIS / 1000 + " s: " + unhosted);
  }

  private static int partOfTablet(AccumuloClient client, String table, TabletId t)
      throws Exception {
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.setRange(new Range(t.getPrevEndRow(), false, t.getEndRow(), true));
      for (Map.Entry<Key,Value> e : s) {
        String row = e.getKey().getRow().toString();
        if (!row.equals(TableLayout.META_ROW)) {
          return PartitionPlan.partOf(row);
        }
      }
    }
    throw new AssertionError("tablet " + t + " holds no partitioned row");
  }
}
