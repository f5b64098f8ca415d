package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.spgemm.client.Engine;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.client.TableM;

/**
 * Visibility labels do not leak through C: a C entry carries the conjunction of the labels of
 * the A entries it comes from, so a reader without a label sees nothing derived from labelled
 * data, while one who holds it sees the whole product; a caller's C visibility is used only if at
 * least as strict.
 */
@ClusterTest
class LabelsIT {

  /** Root's authorizations before each test, given back after it (the cluster is shared). */
  private Authorizations before;

  @BeforeEach
  void rememberAuthorizations() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      before = root.securityOperations().getUserAuthorizations("root");
    }
  }

  @AfterEach
  void restoreAuthorizations() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      root.securityOperations().changeUserAuthorizations("root", before);
    }
  }

  /** A = [[5 (secret), 1], [0, 2]], B = [[3, 0], [4, 1]] as row keys 0, 1. */
  private static String labelledTable(AccumuloClient root) throws Exception {
    String table = Fixtures.uniqueTable("labels");
    TableM.create(root, table, List.of("A", "B", "C"), List.of());
    try (BatchWriter w = root.createBatchWriter(table)) {
      Mutation a0 = new Mutation("0");
      a0.put(new Text("A"), new Text("0"), new ColumnVisibility("secret"), new Value("5"));
      a0.put("A", "1", "1");
      a0.put("B", "0", "3");
      w.addMutation(a0);
      Mutation a1 = new Mutation("1");
      a1.put("A", "1", "2");
      a1.put("B", "0", "4");
      a1.put("B", "1", "1");
      w.addMutation(a1);
    }
    return table;
  }

  /** C as row|col|visibility -> value, read with {@code auths}. */
  private static Map<String,String> c(AccumuloClient client, String table, Authorizations auths)
      throws Exception {
    return ItHelpers.entries(client, table, "C", auths);
  }

  @ParameterizedTest
  @EnumSource(value = Engine.class, names = {"COMPACTION", "SCAN", "BULK"})
  void nothingDerivedFromLabelledDataReachesAReaderWithoutTheLabel(Engine engine)
      throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      root.securityOperations().changeUserAuthorizations("root", new Authorizations("secret"));
      String table = labelledTable(root);
      SpGEMM.multiply(root, table, MultiplyOptions.builder().engine(engine).build());
      // C(0,0) = 5*3 + 1*4 = 19 and C(0,1) = 1*1 come from A(0,0) (secret) and A(0,1)
      Map<String,String> all = c(root, table, new Authorizations("secret"));
      assertEquals(Map.of("0|0|secret", "19", "0|1|", "1", "1|0|", "8", "1|1|", "2"), all);
      String user = Fixtures.uniqueTable("nosecret");
      root.securityOperations().createLocalUser(user, new PasswordToken("pw"));
      root.securityOperations().grantTablePermission(user, table, TablePermission.READ);
      try (AccumuloClient u = Accumulo.newClient()
          .from(SharedCluster.cluster().clientProperties()).as(user, new PasswordToken("pw"))
          .build()) {
        Map<String,String> seen = c(u, table, Authorizations.EMPTY);
        assertEquals(Map.of("0|1|", "1", "1|0|", "8", "1|1|", "2"), seen,
            "no entry derived from the secret A(0,0)");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Engine.class, names = {"COMPACTION", "SCAN", "BULK"})
  void aGivenCVisibilityMustBeAtLeastAsStrict(Engine engine) throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      root.securityOperations().changeUserAuthorizations("root",
          new Authorizations("secret", "audit"));
      String table = labelledTable(root);
      SpGEMM.multiply(root, table,
          MultiplyOptions.builder().engine(engine).cVisibility("secret&audit").build());
      Map<String,String> all = c(root, table, new Authorizations("secret", "audit"));
      assertEquals(4, all.size());
      assertTrue(all.keySet().stream().allMatch(k -> k.endsWith("|secret&audit")), all.toString());
      String other = labelledTable(root);
      SpgemmException e = assertThrows(SpgemmException.class, () -> SpGEMM.multiply(root, other,
          MultiplyOptions.builder().engine(engine).cVisibility("audit").build()));
      assertTrue(e.getMessage().contains("less strict than secret"), e.getMessage());
      assertEquals(Map.of(), c(root, other, new Authorizations("secret", "audit")), "no C");
    }
  }
}
