package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.TablePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.RefusedException;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * Engine bulk: the scan engine's batches write C as RFiles under the instance's first volume and
 * the client imports them. C is exact and replaces what was there; nothing stays behind in the
 * files' directory; a caller who may not bulk-import into C's table is refused before anything
 * changes. (Labels, time-outs, killed clients and tablet servers: LabelsIT,
 * ConcurrencyAndTimeoutIT, KilledClientIT, TabletServerKillIT, TrustIT run bulk too.)
 */
@ClusterTest
class BulkEngineIT {

  /** What is in the C files' directory now: one name per job directory left. */
  private static Set<String> jobDirectories(AccumuloClient client) throws Exception {
    String[] names = filesDirectory(client).list();
    return names == null ? Set.of() : new TreeSet<>(List.of(names));
  }

  private static File filesDirectory(AccumuloClient client) throws Exception {
    String volume = client.instanceOperations().getSiteConfiguration()
        .get(TableLayout.VOLUMES_PROPERTY).split(",")[0];
    return new File(URI.create(volume).getPath(), TableLayout.C_FILES_DIR);
  }

  /** A job directory holding one file, as a client killed two days ago left it. */
  private static Path leftTwoDaysAgo(AccumuloClient client, String name) throws Exception {
    Path dir = Files.createDirectories(filesDirectory(client).toPath().resolve(name));
    FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 2 * 24 * 3600_000L);
    Files.setLastModifiedTime(Files.writeString(dir.resolve("left.rf"), "x"), old);
    Files.setLastModifiedTime(dir, old);
    return dir;
  }

  @Test
  void theProductIsWrittenAsFilesImportedAndReplacesTheStoredC() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(9, 16, 7);
      SparseMatrix b = RmatGenerator.generate(9, 16, 8);
      String table = Fixtures.uniqueTable("bulk");
      Fixtures.createAndLoad(client, table, a, b, List.of("128", "256", "384"));
      // a C of another semiring first: every one of its entries must go or be replaced
      SpGEMM.multiply(client, table, MultiplyOptions.builder().semiring("MAX_PLUS").build());
      Set<String> before = jobDirectories(client);
      Path killed = leftTwoDaysAgo(client, "killed-client-job");
      Path killedTmp = leftTwoDaysAgo(client, "killed-client-job-tmp");
      MultiplyResult r = ItHelpers.multiplyAndCheck(client, table, a, b,
          // each server reads all of B here, so B rows close no batch: 32 rows do
          MultiplyOptions.builder().engine(Engine.BULK).batchLimits(64, 32, 32 << 20).build(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      assertFalse(Files.exists(killed) || Files.exists(killedTmp),
          "a bulk multiply removes directories nothing changed in for a day");
      assertEquals(Engine.BULK, r.engine());
      assertTrue(r.batches() > 4, "several batches, so several files: " + r.batches());
      assertTrue(r.phaseSeconds().containsKey("import C"), r.phaseSeconds().toString());
      assertEquals(before, jobDirectories(client), "the job's directories are gone");
    }
  }

  /**
   * AUTO gives large work where every server reads all of B to bulk: C exact and computed once
   * (its files carry C's table's summaries, so the inputs are confirmed unchanged from the files
   * and no second run is needed), and the next multiply finds C's entries from the files too.
   * Bulk asked for takes the same path, the files standing for a scan of the inputs.
   */
  @ParameterizedTest
  @EnumSource(value = Engine.class, names = {"AUTO", "BULK"})
  void largeWorkWhereBIsReadWholeRunsBulkFromTheFiles(Engine engine) throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(12, 16, 51);
      SparseMatrix b = RmatGenerator.generate(12, 16, 52);
      String table = Fixtures.loadedTable(client, "bulkauto", a, b,
          List.of("1024", "2048", "3072"));
      for (int run = 0; run < 2; run++) {
        MultiplyResult r = ItHelpers.multiplyAndCheck(client, table, a, b,
            MultiplyOptions.builder().engine(engine).build(), Semirings.PLUS_TIMES,
            ValueCodecs.DECIMAL);
        assertEquals(Engine.BULK, r.engine(), r.engineReason());
        assertTrue(r.engineReason().contains("all of B read at once by each server"),
            r.engineReason());
        assertEquals(List.of(), r.warnings(), "computed once, nothing to warn of");
      }
    }
  }

  @Test
  void anEmptyProductImportsNothing() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      // A's columns miss every row of B: C is empty and no file is written
      SparseMatrix a = SparseMatrix.ofCsr(4, 8, new int[] {0, 1, 1, 2, 2}, new int[] {5, 6},
          new double[] {1, 2});
      SparseMatrix b = SparseMatrix.ofCsr(8, 4, new int[] {0, 1, 2, 2, 2, 2, 2, 2, 2},
          new int[] {0, 1}, new double[] {3, 4});
      String table = Fixtures.uniqueTable("bulk");
      Fixtures.createAndLoad(client, table, a, b, List.of());
      MultiplyResult r = ItHelpers.multiplyAndCheck(client, table, a, b,
          MultiplyOptions.builder().engine(Engine.BULK).build(), Semirings.PLUS_TIMES,
          ValueCodecs.DECIMAL);
      assertEquals(0, r.nnzC());
    }
  }

  @Test
  void withoutBulkImportOnCsTableBulkIsRefusedAndCStaysAndWithItRuns() throws Exception {
    String pw = "bulk-pw";
    try (AccumuloClient root = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(30, 25, 0.2, 91);
      SparseMatrix b = Fixtures.random(25, 20, 0.2, 92);
      String user = ItHelpers.user(root, "nobulk", pw);
      String table = Fixtures.loadedTable(root, "bulk", a, b, List.of("15"));
      root.securityOperations().grantTablePermission(user, table, TablePermission.READ);
      root.securityOperations().grantTablePermission(user, table, TablePermission.WRITE);
      try (AccumuloClient u = ItHelpers.as(user, pw)) {
        ItHelpers.multiplyAndCheck(u, table, a, b, MultiplyOptions.defaults(),
            Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
        Map<String,String> c = Fixtures.snapshot(root, table, "C");
        RefusedException e = assertThrows(RefusedException.class, () -> SpGEMM.multiply(u,
            table, MultiplyOptions.builder().engine(Engine.BULK).semiring("MIN_PLUS").build()));
        assertTrue(e.getMessage().contains("lacks BULK_IMPORT and ALTER_TABLE on " + table),
            e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertEquals(c, Fixtures.snapshot(root, table, "C"), "C as it was");
        assertTrue(SpGEMM.isComplete(root, table, "C"), "and still complete");
        // with both rights, the same user's bulk multiply runs
        root.securityOperations().grantTablePermission(user, table,
            TablePermission.BULK_IMPORT);
        assertThrows(RefusedException.class, () -> SpGEMM.multiply(u, table,
            MultiplyOptions.builder().engine(Engine.BULK).build()), "ALTER_TABLE still missing");
        root.securityOperations().grantTablePermission(user, table,
            TablePermission.ALTER_TABLE);
        ItHelpers.multiplyAndCheck(u, table, a, b, MultiplyOptions.builder()
            .engine(Engine.BULK).semiring("MIN_PLUS").build(), Semirings.MIN_PLUS,
            ValueCodecs.DECIMAL);
      }
    }
  }
}
