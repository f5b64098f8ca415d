package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.Locations;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TabletId;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/** C = A·B on the cluster equals the in-memory multiply, entry by entry. */
@ClusterTest
class RowByRowMultiplyIT {

  /** Multiplies on the cluster and checks C and the reported counts. */
  static MultiplyResult multiplyAndCheck(AccumuloClient client, SparseMatrix a, SparseMatrix b,
      List<String> splits, MultiplyOptions opts) {
    String table = Fixtures.uniqueTable("rrp");
    Fixtures.createAndLoad(client, table, a, b, splits);
    MultiplyResult r = SpGEMM.multiply(client, table, opts);
    SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.forName(opts.semiring()));
    SparseMatrix actual =
        MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL);
    Fixtures.assertSameMatrix(expected, actual);
    assertEquals(expected.nnz(), r.nnzC(), "reported nnz(C)");
    assertEquals(a.partialProducts(b), r.partialProducts(), "reported partial products");
    assertTrue(SpGEMM.isComplete(client, table, "C"), "C state COMPLETE");
    return r;
  }

  @Test
  void randomRectangular() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(40, 70, 0.08, 1);
      SparseMatrix b = Fixtures.random(70, 25, 0.1, 2);
      multiplyAndCheck(client, a, b, List.of("10", "25"), MultiplyOptions.defaults());
    }
  }

  @Test
  void rmatSquaredWithHubRows() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(9, 16, 7);
      MultiplyResult r = multiplyAndCheck(client, a, a, List.of("128", "256", "384"),
          MultiplyOptions.builder().batchLimits(64, 4096, 32 << 20).build());
      assertTrue(r.batches() > 4, "several batches: " + r.batches());
    }
  }

  /** B entries from tablets on another server are counted as remote, and only those. */
  @Test
  void remoteFetchesFollowTabletLocations() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(9, 16, 8);
      String single = Fixtures.uniqueTable("local");
      Fixtures.createAndLoad(client, single, a, a, List.of());
      MultiplyResult one = SpGEMM.multiply(client, single, MultiplyOptions.defaults());
      assertTrue(one.bEntriesFetched() > 0);
      assertEquals(0, one.bEntriesRemote(), "one tablet: every B row is local");

      String spread = Fixtures.uniqueTable("spread");
      Fixtures.createAndLoad(client, spread, a, a, List.of("128", "256", "384"));
      Set<String> before = servers(client, spread);
      MultiplyResult r = SpGEMM.multiply(client, spread, MultiplyOptions.defaults());
      assertEquals(before, servers(client, spread), "no tablet moved during the multiply");
      assertTrue(r.bEntriesRemote() <= r.bEntriesFetched());
      if (before.size() == 1) {
        assertEquals(0, r.bEntriesRemote(), "all tablets on " + before);
      } else {
        // every tablet's batches need the hub rows of the first tablet, which one server lacks
        assertTrue(r.bEntriesRemote() > 0, "tablets on " + before + ": " + r);
      }
    }
  }

  private static Set<String> servers(AccumuloClient client, String table) throws Exception {
    Locations l = client.tableOperations().locate(table, List.of(new Range()));
    Set<String> s = new TreeSet<>();
    for (TabletId t : l.groupByTablet().keySet()) {
      s.add(l.getTabletLocation(t));
    }
    return s;
  }

  @Test
  void poisson27() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Poisson3D.generate(6, 27);
      multiplyAndCheck(client, a, a, List.of("100"), MultiplyOptions.defaults());
    }
  }
}
