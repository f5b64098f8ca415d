package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Consent;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * Many outer scans at once, all issuing nested B scans (the deadlock the nested executor
 * prevents; the class timeout catches a hang), and B read from another table.
 */
@ClusterTest
class ManyTabletsIT {

  private static final String READERS =
      "table.custom." + TableLayout.B_READERS_PROPERTY;

  /** A and B of the tests with B in another table. */
  private static final SparseMatrix A = Fixtures.random(80, 60, 0.08, 112);
  private static final SparseMatrix B = Fixtures.random(60, 45, 0.1, 113);

  @Test
  void sixtyFourTabletsAtOnce() throws Exception {
    SparseMatrix a = RmatGenerator.generate(9, 16, 111);
    KeyFormat keys = KeyFormat.forSize(a.rows());
    List<String> splits = ItHelpers.splitsEvery(a.rows(), 8, keys);
    assertEquals(63, splits.size());
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.loadedTable(client, "many", a, a, splits);
      assertEquals(63, client.tableOperations().listSplits(table).size());
      MultiplyResult r = ItHelpers.multiplyAndCheck(client, table, a, a,
          MultiplyOptions.builder().tabletParallelism(64).batchLimits(16, 4, 1 << 20).build(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      assertEquals(64, r.tablets());
      assertEquals(SharedCluster.TSERVERS, r.perServer().size(), "every tablet server worked");
    }
  }

  /** M holds A, table Mb holds B; M lists Mb as a trusted B table if {@code listed}. */
  private static String[] loadSplit(AccumuloClient client, boolean listed) throws Exception {
    String m = Fixtures.uniqueTable("many");
    String mb = Fixtures.uniqueTable("manyB");
    KeyFormat keys = KeyFormat.forSize(Math.max(A.rows(), Math.max(A.cols(), B.cols())));
    TableM.create(client, m, List.of("A", "C"), List.of("20", "50"));
    TableM.create(client, mb, List.of("B"), List.of("30"));
    MatrixStore.load(client, m, "A", A, keys, ValueCodecs.DECIMAL);
    MatrixStore.load(client, mb, "B", B, keys, ValueCodecs.DECIMAL);
    if (listed) {
      Consent.grant(client, mb, m, Consent.Access.READ);
    }
    return new String[] {m, mb};
  }

  @Test
  void bInAnotherListedTable() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String[] t = loadSplit(client, true);
      Map<String,String> bBefore = ItHelpers.snapshotAll(client, t[1]);
      ItHelpers.multiplyAndCheck(client, t[0], A, B,
          MultiplyOptions.builder().bTable(t[1]).batchLimits(8, 8, 1 << 20).build(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      assertEquals(bBefore, ItHelpers.snapshotAll(client, t[1]), "B's table unchanged");
      assertTrue(Fixtures.snapshot(client, t[0], "B").isEmpty(), "no B family in M");
    }
  }

  @Test
  void bInAnotherTableThatIsNotListed() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String[] t = loadSplit(client, false);
      Map<String,String> aBefore = Fixtures.snapshot(client, t[0], "A");
      Map<String,String> bBefore = ItHelpers.snapshotAll(client, t[1]);
      SpgemmException e = assertThrows(SpgemmException.class, () -> SpGEMM.multiply(client,
          t[0], MultiplyOptions.builder().bTable(t[1]).build()));
      assertTrue(e.getMessage().contains("does not let table " + t[0])
          && e.getMessage().contains(t[1]), e.getMessage());
      assertTrue(e.getMessage().contains(READERS), e.getMessage());
      assertEquals(Map.of(), Fixtures.snapshot(client, t[0], "C"), "C empty");
      assertFalse(SpGEMM.isComplete(client, t[0], "C"));
      assertEquals(Map.of(), SpGEMM.cState(client, t[0], "C"), "refused: no state left behind");
      assertEquals(aBefore, Fixtures.snapshot(client, t[0], "A"), "A unchanged");
      assertEquals(bBefore, ItHelpers.snapshotAll(client, t[1]), "B's table unchanged");
    }
  }
}
