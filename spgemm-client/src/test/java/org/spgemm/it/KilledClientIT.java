package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * A client killed (SIGKILL) mid-multiply: while its lease runs C is still its own and a second
 * multiply is refused; once the lease lapses C reads FAILED ("abandoned"), a new multiply takes C
 * over, cleans the dead job's records and computes C exactly.
 */
@ClusterTest
class KilledClientIT {

  private static final long LEASE_SECONDS = 10;

  @ParameterizedTest
  @EnumSource(value = Engine.class, names = {"COMPACTION", "SCAN", "BULK"})
  void aKilledClientsJobIsDetectedAndTakenOver(Engine engine) throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(12, 16, 41);
      SparseMatrix b = RmatGenerator.generate(12, 16, 42);
      String table = Fixtures.loadedTable(client, "killed", a, b, List.of("1024", "2048", "3072"));
      Path props = Files.createTempFile("client", ".properties");
      try (FileOutputStream out = new FileOutputStream(props.toFile())) {
        SharedCluster.cluster().clientProperties().store(out, null);
      }
      Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
          .toString(), "-cp", System.getProperty("java.class.path"),
          KilledClientMain.class.getName(), props.toString(), table, engine.name(),
          Long.toString(LEASE_SECONDS)).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      long deadline = System.currentTimeMillis() + 60_000;
      while (!"RUNNING".equals(SpGEMM.cState(client, table, "C").get("state"))) {
        assertTrue(p.isAlive(), "the client ended before its multiply was seen running");
        assertTrue(System.currentTimeMillis() < deadline, "never saw the multiply running");
        Thread.sleep(50);
      }
      p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      String deadJob = SpGEMM.cState(client, table, "C").get("job");

      // its lease still runs: C is not free
      SpgemmException refused = assertThrows(SpgemmException.class,
          () -> SpGEMM.multiply(client, table, MultiplyOptions.builder().engine(engine).build()));
      assertTrue(refused.getMessage().contains("being written by job " + deadJob),
          refused.getMessage());

      Thread.sleep((LEASE_SECONDS + 2) * 1000);
      Map<String,String> state = SpGEMM.cState(client, table, "C");
      assertEquals("FAILED", state.get("state"), state.toString());
      assertTrue(state.get("error").contains("abandoned"), state.toString());
      assertFalse(SpGEMM.isComplete(client, table, "C"));

      SpGEMM.multiply(client, table, MultiplyOptions.builder().engine(engine).build());
      assertTrue(SpGEMM.isComplete(client, table, "C"));
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES),
          MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL));
      Map<String,String> meta = ItHelpers.snapshotAll(client, table);
      assertTrue(meta.keySet().stream().noneMatch(k -> k.startsWith(TableLayout.META_ROW)
          && k.contains(deadJob)), "the dead job's records are gone: " + meta.keySet().stream()
              .filter(k -> k.startsWith(TableLayout.META_ROW)).toList());
      Files.deleteIfExists(props);
    }
  }
}
