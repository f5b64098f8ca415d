package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.spgemm.client.Algorithms;
import org.spgemm.client.Engine;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.Partitioner;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;

/**
 * Arguments of the Java API that cannot be meant are refused with one line naming them, before
 * anything is written (issue 21): null arguments (never a NullPointerException from deep
 * inside), reversed ranges, and algorithm arguments or options an algorithm's multiplies cannot
 * take; the table is exactly as it was afterwards.
 */
@ClusterTest
class ArgumentChecksIT {

  private static final SparseMatrix G = Fixtures.random(40, 40, 0.1, 91);
  private static final KeyFormat KEYS = KeyFormat.forSize(40);

  /** A new table with G as A and B, keys {@link #KEYS}. */
  private static String loaded(AccumuloClient client) {
    String table = Fixtures.uniqueTable("args");
    Fixtures.createAndLoad(client, table, G, G, List.of("20"));
    return table;
  }

  private static void refused(Executable call, String message) {
    InvalidOptionException e = assertThrows(InvalidOptionException.class, call);
    assertEquals(message, e.getMessage());
  }

  @Test
  void nullArgumentsAreNamed() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = loaded(client);
      Map<String,String> before = ItHelpers.snapshotAll(client, table);
      MultiplyOptions opts = MultiplyOptions.defaults();
      refused(() -> SpGEMM.multiply(client, null, opts), "table must not be null");
      refused(() -> SpGEMM.multiply(client, table, null), "options must not be null");
      refused(() -> SpGEMM.countRowNnz(client, table, null), "options must not be null");
      refused(() -> SpGEMM.transpose(client, table, null, "A^T", "decimal"),
          "family must not be null");
      refused(() -> SpGEMM.transpose(client, table, "A", "A^T", null), "codec must not be null");
      refused(() -> SpGEMM.cState(client, table, null), "cFamily must not be null");
      refused(() -> TableM.create(client, null), "table must not be null");
      refused(() -> TableM.create(client, table + "x", null, null), "families must not be null");
      refused(() -> TableM.addSplits(client, table, null), "splits must not be null");
      refused(() -> MatrixStore.load(client, table, null, G, KEYS, ValueCodecs.DECIMAL),
          "family must not be null");
      refused(() -> MatrixStore.load(client, table, "X", null, KEYS, ValueCodecs.DECIMAL),
          "matrix must not be null");
      refused(() -> MatrixStore.load(client, table, "X", G, null, ValueCodecs.DECIMAL),
          "keys must not be null");
      refused(() -> MatrixStore.loadEntriesOnly(client, table, "X", G, KEYS, null),
          "codec must not be null");
      refused(() -> MatrixStore.read(client, table, "A", 40, 40, null), "codec must not be null");
      refused(() -> MatrixStore.shape(client, table, null), "family must not be null");
      refused(() -> Partitioner.plan(client, table, 2, null, null),
          "multiply options must not be null");
      refused(() -> Partitioner.readPlan(client, table, null, opts), "file must not be null");
      refused(() -> Partitioner.readPlan(client, null, Path.of("plan.json"), opts),
          "table must not be null");
      refused(() -> Partitioner.read(client, table, null, 40, 40, ValueCodecs.DECIMAL),
          "family must not be null");
      refused(() -> Algorithms.ktruss(client, table, "A", 3, MultiplyOptions.builder(), null),
          "steps must not be null");
      refused(() -> Algorithms.bfs(client, table, "A", 0, 40, null, MultiplyOptions.builder(),
          new Algorithms.Steps()), "keys must not be null");
      refused(() -> Algorithms.galerkin(client, table, "A", null, "C", MultiplyOptions.builder(),
          new Algorithms.Steps()), "p must not be null");
      assertEquals(before, ItHelpers.snapshotAll(client, table), "table unchanged");
      assertEquals(false, client.tableOperations().exists(table + "x"), "no table created");
    }
  }

  @Test
  void refusedAlgorithmArgumentsWriteNothing() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = loaded(client);
      Map<String,String> before = ItHelpers.snapshotAll(client, table);
      MultiplyOptions.Builder base = MultiplyOptions.builder();
      MultiplyOptions.Builder scan = MultiplyOptions.builder().engine(Engine.SCAN);
      Algorithms.Steps steps = new Algorithms.Steps();
      refused(() -> Algorithms.ktruss(client, table, "A", -5, base, steps),
          "k must be at least 3, not -5 (the k-truss keeps the edges in at least k-2 triangles)");
      // jaccard loads its ones vector, and bfs its frontier, before their first multiply
      refused(() -> Algorithms.jaccard(client, table, "A", "J", KEYS, 40, scan, steps),
          "jaccard accumulates into families it wrote before (S -= ..., J /= ...), which the"
              + " scan engine cannot (it writes C beside what is there); use the auto or"
              + " compaction engine");
      refused(() -> Algorithms.jaccard(client, table, "A", "J", KEYS, -1, base, steps),
          "n must be between 0 and 2147483647, not -1");
      refused(() -> Algorithms.bfs(client, table, "A", 40, 40, KEYS, base, steps),
          "source must be between 0 and 39, not 40");
      refused(() -> Algorithms.bfs(client, table, "A", -1, 40, KEYS, base, steps),
          "source must be between 0 and 39, not -1");
      refused(() -> SpGEMM.multiply(client, table, MultiplyOptions.builder().rows("15", "03")
          .build()), "rows: first key '15' sorts after last key '03', so the range is empty");
      assertEquals(before, ItHelpers.snapshotAll(client, table), "nothing written");
      assertEquals(0, steps.multiplies.size(), "no multiply made");
    }
  }
}
