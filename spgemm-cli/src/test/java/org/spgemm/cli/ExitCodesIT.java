package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.spgemm.client.SpGEMM;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.iterators.TableLayout;

/**
 * Exit code 3 for each way the cluster refuses, as the exit codes of docs/cli.md say, with one
 * line naming the cause: a missing table, a user without permission, and a scan executor the
 * tablet servers do not have. Each leaves A and B as they were.
 */
@ClusterTest
class ExitCodesIT extends CliOnSharedCluster {

  private static final String OK_MTX = "%%MatrixMarket matrix coordinate real general\n"
      + "3 3 4\n1 1 1\n1 2 2\n2 3 3\n3 1 4\n";

  private static Path ok;

  @BeforeAll
  static void files() throws IOException {
    ok = file("ok.mtx", OK_MTX);
  }

  private static Path propsFile(String name, Properties p) throws IOException {
    Path file = dir.resolve(name);
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, "shared test cluster");
    }
    return file;
  }

  /** Runs bin/spgemm in-process; returns the exit code and stderr. */
  private static Object[] spgemm(String... args) {
    return BadInputCasesTest.run(args);
  }

  private static void assertClusterRefusal(Object[] r, String... inMessage) {
    String err = (String) r[1];
    assertEquals(ExitCode.CLUSTER.code, (int) r[0], err);
    String line = err.strip();
    line = line.substring(line.lastIndexOf('\n') + 1); // after the progress lines
    assertTrue(line.startsWith("spgemm: "), "last line: " + err);
    assertEquals(1, err.lines().filter(l -> l.startsWith("spgemm: ")).count(), "one error line: "
        + err);
    for (String s : inMessage) {
      assertTrue(line.contains(s), "'" + s + "' in: " + err);
    }
    assertFalse(err.contains("\tat "), "no stack trace");
  }

  /** Loads A and B into a new table through the CLI, as root; returns their entries. */
  private static Map<String,String> loaded(String table) {
    succeed(table, "multiply", "--a", ok.toString(), "--out",
        dir.resolve(table + ".mtx").toString(), "--tablets", "2");
    try (AccumuloClient client = SharedCluster.client()) {
      return entries(client, table);
    }
  }

  /** Every entry of {@code table} except the metadata row, as key to value. */
  private static Map<String,String> entries(AccumuloClient client, String table) {
    Map<String,String> m = new TreeMap<>();
    stored(client, table, null).forEach((k, v) -> m.put(k.toStringNoTime(), v.toString()));
    return m;
  }

  @Test
  void missingTableExits3() {
    Object[] r = onCluster("exit_no_such_table", "partition", "--parts", "1", "--no-apply");
    assertClusterRefusal(r, "table exit_no_such_table does not exist");
    try (AccumuloClient client = SharedCluster.client()) {
      assertFalse(client.tableOperations().exists("exit_no_such_table"), "not created");
    }
  }

  @Test
  void userWithoutPermissionExits3() throws Exception {
    String table = "exit_permission";
    Map<String,String> a = loaded(table);
    Properties p = new Properties();
    p.putAll(SharedCluster.cluster().clientProperties());
    try (AccumuloClient root = SharedCluster.client()) {
      root.securityOperations().createLocalUser("exit_nobody", new PasswordToken("pw"));
    }
    p.setProperty("auth.principal", "exit_nobody");
    p.setProperty("auth.token", "pw");
    Object[] r = spgemm("partition", "--client-props",
        propsFile("nobody.properties", p).toString(), "--table", table, "--parts", "1",
        "--no-apply");
    assertClusterRefusal(r, table, "READ permission");
    try (AccumuloClient client = SharedCluster.client()) {
      assertEquals(a, entries(client, table), "A and B unchanged");
    }
  }

  @Test
  void missingScanExecutorExits3() {
    String table = "exit_executor";
    Object[] r = onCluster(table, "multiply", "--a", ok.toString(), "--out",
        dir.resolve("exec.mtx").toString(), "--tablets", "2", "--engine", "scan",
        "--nested-executor", "no_such_executor");
    assertClusterRefusal(r, "refused: ", "no_such_executor", "not configured");
    try (AccumuloClient client = SharedCluster.client()) {
      assertFalse(SpGEMM.isComplete(client, table, TableLayout.C_FAMILY), "no complete C");
    }
  }
}
