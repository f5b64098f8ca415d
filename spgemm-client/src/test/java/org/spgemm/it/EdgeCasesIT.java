package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/** Shapes and keys at the edges: empty rows/columns/matrices, many tablets, string keys. */
@ClusterTest
class EdgeCasesIT {

  /** The engine every multiply here runs on: the default; a subclass runs them all on another. */
  Engine engine() {
    return Engine.AUTO;
  }

  MultiplyOptions.Builder options() {
    return MultiplyOptions.builder().engine(engine());
  }


  private static MultiplyResult check(AccumuloClient client, SparseMatrix a, SparseMatrix b,
      List<String> splits, MultiplyOptions opts) {
    String table = Fixtures.uniqueTable("edge");
    Fixtures.createAndLoad(client, table, a, b, splits);
    return ItHelpers.multiplyAndCheck(client, table, a, b, opts, Semirings.PLUS_TIMES,
        ValueCodecs.DECIMAL);
  }

  @Test
  void emptyRowsAndColumnsInAAndB() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = ItHelpers.withoutRowsAndCols(Fixtures.random(60, 50, 0.15, 11),
          Set.of(0, 1, 17, 30, 31, 32, 59), Set.of(0, 5, 6, 49));
      SparseMatrix b = ItHelpers.withoutRowsAndCols(Fixtures.random(50, 40, 0.15, 12),
          Set.of(3, 7, 8, 20, 49), Set.of(0, 1, 2, 39));
      for (int i : new int[] {0, 17, 59}) {
        assertEquals(0, a.rowNnz(i));
      }
      check(client, a, b, List.of("20", "40"),
          options().batchLimits(8, 5, 1 << 20).build());
    }
  }

  @Test
  void singleRowA() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(1, 30, 0.5, 21);
      SparseMatrix b = Fixtures.random(30, 20, 0.2, 22);
      MultiplyResult r = check(client, a, b, List.of(), options().build());
      assertEquals(1, r.aRows());
      assertEquals(1, r.batches());
    }
  }

  @Test
  void emptyA() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("edge");
      SparseMatrix a = SparseMatrix.empty(10, 20);
      SparseMatrix b = Fixtures.random(20, 5, 0.3, 31);
      Fixtures.createAndLoad(client, table, a, b, List.of("5"));
      assertTrue(Fixtures.snapshot(client, table, "A").isEmpty(), "A holds no entries");
      MultiplyResult r = SpGEMM.multiply(client, table, options().build());
      assertEquals(0, r.nnzC());
      assertEquals(0, r.batches());
      assertEquals(0, r.partialProducts());
      assertTrue(Fixtures.snapshot(client, table, "C").isEmpty(), "C is empty");
      assertTrue(SpGEMM.isComplete(client, table, "C"), "an empty product is still complete");
      assertEquals(0, MatrixStore.read(client, table, "C", 10, 5, ValueCodecs.DECIMAL).nnz());
    }
  }

  @Test
  void emptyAWithoutAnyShapeRecorded() {
    try (AccumuloClient client = SharedCluster.client()) {
      // family A exists only as a locality group; B written directly: no shapes anywhere
      String table = Fixtures.uniqueTable("edge");
      TableM.create(client, table);
      ItHelpers.put(client, table, "x", "B", "y", "2".getBytes(StandardCharsets.UTF_8));
      MultiplyResult r = SpGEMM.multiply(client, table, options().build());
      assertEquals(0, r.nnzC());
      assertTrue(Fixtures.snapshot(client, table, "C").isEmpty());
      assertTrue(SpGEMM.isComplete(client, table, "C"));
    }
  }

  @Test
  void rowsSplitAcrossManyTablets() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(200, 200, 0.03, 41);
      SparseMatrix b = Fixtures.random(200, 120, 0.03, 42);
      KeyFormat keys = KeyFormat.forSize(200);
      List<String> splits = ItHelpers.splitsEvery(200, 10, keys); // 19 splits, 20 tablets
      // and one split inside a row key range that holds no row at all
      splits.add("0455");
      MultiplyResult r = check(client, a, b, splits,
          options().batchLimits(16, 4, 1 << 20).build());
      assertEquals(21, r.tablets());
    }
  }

  @Test
  void rectangularWithUnreferencedBRowsAndAColumnsWithoutBRows() {
    try (AccumuloClient client = SharedCluster.client()) {
      // A's columns 0..9 hit empty B rows; B rows 50..59 are referenced by no A column
      SparseMatrix a = ItHelpers.withoutRowsAndCols(Fixtures.random(80, 60, 0.1, 51), Set.of(),
          Set.of(50, 51, 52, 53, 54, 55, 56, 57, 58, 59));
      SparseMatrix b = ItHelpers.withoutRowsAndCols(Fixtures.random(60, 35, 0.2, 52),
          Set.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), Set.of());
      check(client, a, b, List.of("30", "55"),
          options().batchLimits(4, 100, 1 << 20).build());
    }
  }

  @Test
  void rmatTimesRmatTwoSeeds() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(8, 16, 101);
      SparseMatrix b = RmatGenerator.generate(8, 16, 202);
      MultiplyResult r = check(client, a, b, List.of("064", "128", "192"),
          options().batchLimits(48, 4096, 32 << 20).build());
      assertTrue(r.batches() > 4, "several batches: " + r.batches());
    }
  }

  @Test
  void poisson7Squared() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Poisson3D.generate(6, 7);
      check(client, a, a, List.of("072", "144"), options().build());
    }
  }

  @Test
  void stringKeys() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("edge");
      TableM.create(client, table, List.of("A", "B", "C"), List.of("bob", "x"));
      // A: rows are people, columns name rows of B; "al" is a prefix of "alice"
      String[][] aEntries = {{"alice", "x1", "2"}, {"alice", "zeta", "-1.5"}, {"alice", "y", "3"},
          {"al", "y", "4"}, {"bob", "y", "1"}, {"bob", "nobody", "7"}, {"carol", "zeta", "0.5"},
          {"dave", "nobody", "1"}, {"émile", "x1", "10"}};
      // B: rows name columns of A, columns are colours; "unused" is referenced by no A entry
      String[][] bEntries = {{"x1", "red", "1"}, {"x1", "green", "-2"}, {"y", "green", "5"},
          {"y", "blue", "0.25"}, {"zeta", "red", "4"}, {"zeta", "green", "1"},
          {"unused", "red", "100"}};
      write(client, table, "A", aEntries);
      write(client, table, "B", bEntries);

      Map<String,Map<String,Double>> b = new TreeMap<>();
      for (String[] e : bEntries) {
        b.computeIfAbsent(e[0], k -> new TreeMap<>()).put(e[1], Double.parseDouble(e[2]));
      }
      Map<String,Double> expected = new TreeMap<>();
      for (String[] e : aEntries) {
        for (Map.Entry<String,Double> bk : b.getOrDefault(e[1], Map.of()).entrySet()) {
          expected.merge(e[0] + "|" + bk.getKey(), Double.parseDouble(e[2]) * bk.getValue(),
              Double::sum);
        }
      }
      // by hand: alice·red = 2*1 + -1.5*4 = -4, alice·green = 2*-2 + 3*5 + -1.5*1 = 9.5, ...
      assertEquals(-4.0, expected.get("alice|red"));
      assertEquals(9.5, expected.get("alice|green"));

      MultiplyResult r = SpGEMM.multiply(client, table, options().build());
      Map<String,Double> actual = new TreeMap<>();
      try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
        s.fetchColumnFamily(new Text("C"));
        for (Map.Entry<Key,Value> e : s) {
          actual.put(e.getKey().getRow() + "|" + e.getKey().getColumnQualifier(),
              Double.parseDouble(e.getValue().toString()));
        }
      }
      assertEquals(expected.keySet(), actual.keySet(), "structure of C");
      expected.forEach((k, v) -> assertTrue(Fixtures.close(v, actual.get(k)),
          "C(" + k + ") expected " + v + " got " + actual.get(k)));
      assertEquals(expected.size(), r.nnzC());
      assertTrue(SpGEMM.isComplete(client, table, "C"));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static void write(AccumuloClient client, String table, String family, String[][] entries)
      throws Exception {
    try (BatchWriter w = client.createBatchWriter(table)) {
      for (String[] e : entries) {
        Mutation m = new Mutation(e[0].getBytes(StandardCharsets.UTF_8));
        m.put(family.getBytes(StandardCharsets.UTF_8), e[1].getBytes(StandardCharsets.UTF_8),
            e[2].getBytes(StandardCharsets.UTF_8));
        w.addMutation(m);
      }
    }
  }
}
