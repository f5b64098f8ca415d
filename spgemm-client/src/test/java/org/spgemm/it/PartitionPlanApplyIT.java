package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.Partitioner;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.TablePlan;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.metis.JMetis;
import org.spgemm.partition.metis.MetisUnavailableException;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.plan.PlanChoice;
import org.spgemm.partition.table.ApplyResult;
import org.spgemm.partition.table.TableGraph;
import org.spgemm.partition.table.TableGraphReader;

/**
 * gRRp end to end on the shared cluster: plan table M (symbolic multiply, graph, METIS), write
 * the re-keyed copy, multiply there, and read C back in original keys. C must equal C of M and
 * the in-memory reference exactly, and every tablet of the copy must hold exactly the planned
 * rows of one part. METIS must be installed (apt-get install libmetis5): without it the K &gt; 1
 * tests fail with that hint; they are never skipped.
 */
@ClusterTest
class PartitionPlanApplyIT {

  /** M loaded with A as both A and B, and its C from a plain RRp multiply. */
  private record Loaded(String table, SparseMatrix a, SparseMatrix c) {}

  private static final Map<String,Loaded> LOADED = new HashMap<>();

  private static synchronized Loaded load(AccumuloClient client, String name, SparseMatrix a) {
    Loaded l = LOADED.get(name);
    if (l == null) {
      String table = Fixtures.uniqueTable("grrp_" + name);
      KeyFormat keys = KeyFormat.forSize(a.rows());
      List<String> splits = List.of(keys.encodeString(a.rows() / 3),
          keys.encodeString(2 * a.rows() / 3));
      Fixtures.createAndLoad(client, table, a, a, splits);
      SpGEMM.multiply(client, table, MultiplyOptions.defaults());
      SparseMatrix c =
          MatrixStore.read(client, table, "C", a.rows(), a.cols(), ValueCodecs.DECIMAL);
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES), c);
      l = new Loaded(table, a, c);
      LOADED.put(name, l);
    }
    return l;
  }

  private static SparseMatrix rmat() {
    return RmatGenerator.generate(9, 16, 5);
  }

  private static SparseMatrix poisson() {
    return Poisson3D.generate(8, 27);
  }

  @ParameterizedTest(name = "{0}, {1} parts")
  @CsvSource({"rmat, 2", "rmat, 3", "poisson, 2", "poisson, 3"})
  void planApplyAndMultiply(String name, int parts) throws Exception {
    planApplyMultiply(name, name.equals("rmat") ? rmat() : poisson(), parts);
  }

  /**
   * The model read from the table equals the in-memory one: rectangular A·B where some columns of
   * A name empty B rows (phantom B vertices with weight 0), and gRRp still gives the same C.
   */
  @Test
  void graphFromTableAndPhantomBRows() throws Exception {
    SparseMatrix a = Fixtures.random(40, 30, 0.1, 3);
    SparseMatrix b = Fixtures.random(30, 20, 0.1, 4);
    SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("grrp_rect");
      KeyFormat keys = Fixtures.createAndLoad(client, table, a, b, List.of("15"));
      Map<String,Long> counts = SpGEMM.countRowNnz(client, table, MultiplyOptions.defaults());
      TableGraph tg = new TableGraphReader(client, table).read(counts);
      BipartiteGraph g = tg.graph();
      KeyFormat parse = KeyFormat.ofWidth(1);
      assertEquals(a.nonEmptyRows(), g.numARows());
      int phantoms = 0;
      Map<Integer,Integer> bIndex = new HashMap<>();
      for (int j = 0; j < g.numBRows(); j++) {
        int row = index(parse, tg.bRowKeys()[j]);
        bIndex.put(row, j);
        assertEquals(b.rowNnz(row), g.bRowNnz(j), "nnz of B row " + row);
        phantoms += b.rowNnz(row) == 0 ? 1 : 0;
        if (j > 0) {
          assertTrue(tg.bRowKeys()[j - 1].compareTo(tg.bRowKeys()[j]) < 0, "B keys ascending");
        }
      }
      assertTrue(phantoms > 0, "the test needs A columns without B rows");
      assertEquals(phantoms, tg.phantomBRows());
      for (int i = 0; i < g.numARows(); i++) {
        int row = index(parse, tg.aRowKeys()[i]);
        assertEquals(keys.encodeString(row), tg.aRowKeys()[i]);
        assertEquals(a.rowNnz(row), g.aRowNnz(i), "nnz of A row " + row);
        assertEquals(expected.rowNnz(row), g.cRowNnz(i), "nnz of C row " + row);
        Set<Integer> edges = new HashSet<>();
        for (int e = g.aRowBegin(i); e < g.aRowEnd(i); e++) {
          edges.add(g.aColumnAt(e));
        }
        for (int p = a.rowStart(row); p < a.rowEnd(row); p++) {
          assertTrue(edges.contains(bIndex.get(a.colAt(p))),
              "edge for a(" + row + "," + a.colAt(p) + ")");
        }
      }
      assertEquals(a.partialProducts(b), g.totalEdgeCost());
      TableGraph counted = new TableGraphReader(client, table).readCountingC();
      for (int i = 0; i < g.numARows(); i++) {
        assertEquals(g.cRowNnz(i), counted.graph().cRowNnz(i),
            "nnz(C) counted in the client equals the iterator's, row " + tg.aRowKeys()[i]);
      }

      TablePlan tp = Partitioner.plan(client, table, 2, PartitionOptions.parts(2).withSeed(3));
      tp.apply(client, table + "_k2");
      SpGEMM.multiply(client, table + "_k2", MultiplyOptions.defaults());
      assertEquals(expected,
          Partitioner.readC(client, table + "_k2", a.rows(), b.cols(), ValueCodecs.DECIMAL));
    }
  }

  /** Counting nnz(C) in the client gives the same model, hence the same plan. */
  @Test
  void clientSymbolicGivesTheSamePlan() {
    try (AccumuloClient client = SharedCluster.client()) {
      Loaded l = load(client, "rmat", rmat());
      PartitionOptions po = PartitionOptions.parts(2).withSeed(1);
      TablePlan viaIterator = Partitioner.plan(client, l.table(), 2, po);
      TablePlan viaClient = Partitioner.plan(client, l.table(), 2, po,
          MultiplyOptions.defaults(), Partitioner.Symbolic.CLIENT);
      assertEquals(Partitioner.Symbolic.CLIENT, viaClient.symbolic());
      assertEquals(viaIterator.nnzC(), viaClient.nnzC());
      assertEquals(viaIterator.metrics(), viaClient.metrics());
      assertEquals(java.util.Arrays.toString(viaIterator.plan().aParts()),
          java.util.Arrays.toString(viaClient.plan().aParts()));
    }
  }

  /** K = 1 needs no METIS: a library that cannot load must not matter. */
  @Test
  void onePartWithoutMetis() throws Exception {
    String before = System.getProperty(JMetis.LIBRARY_PROPERTY);
    System.setProperty(JMetis.LIBRARY_PROPERTY, "libmetis-not-installed-spgemm-test.so");
    try {
      TablePlan plan = planApplyMultiply("poisson", poisson(), 1);
      assertEquals(0, plan.metisNanos(), "K = 1 runs no METIS");
      assertTrue(plan.plan().splitPoints().isEmpty(), "one part, no split points");
    } finally {
      restore(before);
    }
  }

  /** K > 1 without the library: a clear error with the install hint, before any work. */
  @Test
  void missingMetisIsReportedWithInstallHint() {
    String before = System.getProperty(JMetis.LIBRARY_PROPERTY);
    System.setProperty(JMetis.LIBRARY_PROPERTY, "libmetis-not-installed-spgemm-test.so");
    try (AccumuloClient client = SharedCluster.client()) {
      Loaded l = load(client, "poisson", poisson());
      MetisUnavailableException e = assertThrows(MetisUnavailableException.class,
          () -> Partitioner.plan(client, l.table(), 2));
      assertTrue(e.getMessage().contains("apt-get install libmetis5"), e.getMessage());
    } finally {
      restore(before);
    }
  }

  private static void restore(String before) {
    if (before == null) {
      System.clearProperty(JMetis.LIBRARY_PROPERTY);
    } else {
      System.setProperty(JMetis.LIBRARY_PROPERTY, before);
    }
  }

  private static TablePlan planApplyMultiply(String name, SparseMatrix a, int k)
      throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      Loaded l = load(client, name, a);
      TablePlan tp =
          Partitioner.plan(client, l.table(), k, PartitionOptions.parts(k).withSeed(1));
      PartitionPlan plan = tp.plan();
      assertEquals(k, plan.parts());
      assertEquals(a.nonEmptyRows(), plan.numARows(), "one A vertex per stored A row");
      assertEquals(a.nnz(), tp.nnzA());
      assertEquals(a.nnz(), tp.nnzB());
      assertEquals(l.c().nnz(), tp.nnzC(), "nnz(C) of the symbolic multiply");
      assertEquals(a.partialProducts(a), tp.partialProducts());
      assertTrue(tp.metrics().remoteBVolume() <= tp.baselineMetrics().remoteBVolume(),
          "never more predicted traffic than the equal-rows split: " + tp.choice());
      if (k > 1 && tp.winner() != PlanChoice.Kind.EQUAL_ROWS) {
        assertTrue(tp.metrics().maxImbalance() < 1.10,
            "imbalance within tolerance: " + tp.metrics());
      }

      String m2 = l.table() + "_k" + k;
      ApplyResult applied = tp.apply(client, m2);
      assertEquals(a.nnz(), applied.aEntries(), "A entries copied");
      assertEquals(a.nnz(), applied.bEntries(), "B entries copied");
      assertTrue(applied.balanced(), "tablets hosted and balanced: " + applied);
      assertEquals(k > 1, applied.pinned(), "parts pinned to servers: " + applied);
      if (k > 1) {
        assertEquals(applied.partServers(), applied.tabletLocations(),
            "each part's tablet on its server");
      }
      List<String> splits = new ArrayList<>();
      client.tableOperations().listSplits(m2).forEach(t -> splits.add(t.toString()));
      assertEquals(plan.splitPoints(), splits, "split points at part boundaries");
      checkTablets(client, m2, plan, a, null);

      MultiplyResult r = SpGEMM.multiply(client, m2, MultiplyOptions.defaults());
      SparseMatrix c2 = Partitioner.readC(client, m2, a.rows(), a.cols(), ValueCodecs.DECIMAL);
      assertEquals(l.c(), c2, "C of the re-keyed table equals C of M exactly");
      assertEquals(ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES), c2,
          "C equals the in-memory reference exactly");
      assertEquals(l.c().nnz(), r.nnzC());
      assertEquals(a.partialProducts(a), r.partialProducts());
      // A read back through the prefixes is A again (rows and rewritten columns)
      assertEquals(a.nnz(), Partitioner.read(client, m2, "A", a.rows(), a.cols(),
          ValueCodecs.DECIMAL).nnz());
      checkTablets(client, m2, plan, a, l.c());
      return tp;
    }
  }

  /**
   * Each tablet (from listSplits) holds exactly the rows of one part: A rows of part p, stored
   * B rows of part p and (after a multiply) the C rows of part p's A rows; A's column keys are B's
   * new keys. The metadata row sits in the last tablet.
   */
  private static void checkTablets(AccumuloClient client, String table, PartitionPlan plan,
      SparseMatrix a, SparseMatrix c) throws Exception {
    KeyFormat parse = KeyFormat.ofWidth(1);
    Map<String,Integer> bPartByOriginal = new HashMap<>();
    for (int j = 0; j < plan.numBRows(); j++) {
      bPartByOriginal.put(plan.bRowKey(j), plan.bPart(j));
    }
    List<Text> ends = new ArrayList<>(client.tableOperations().listSplits(table));
    assertEquals(plan.parts() - 1, ends.size());
    for (int t = 0; t < plan.parts(); t++) {
      Text prev = t == 0 ? null : ends.get(t - 1);
      Text end = t == ends.size() ? null : ends.get(t);
      Set<String> aRows = new HashSet<>();
      Set<String> bRows = new HashSet<>();
      Set<String> cRows = new HashSet<>();
      try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
        s.setRange(new Range(prev, false, end, true));
        for (Map.Entry<Key,Value> e : s) {
          String row = e.getKey().getRow().toString();
          if (row.equals(TableLayout.META_ROW)) {
            assertEquals(plan.parts() - 1, t, "the metadata row sorts into the last tablet");
            continue;
          }
          assertEquals(t, PartitionPlan.partOf(row), "row " + row + " in tablet " + t);
          String family = e.getKey().getColumnFamily().toString();
          switch (family) {
            case "A" -> {
              aRows.add(row);
              String q = e.getKey().getColumnQualifier().toString();
              assertEquals(bPartByOriginal.get(PartitionPlan.originalKey(q)),
                  PartitionPlan.partOf(q), "A column " + q + " names B's new row key");
            }
            case "B" -> bRows.add(row);
            case "C" -> cRows.add(row);
            default -> throw new AssertionError("unexpected family " + family + " in " + row);
          }
        }
      }
      Set<String> wantA = new HashSet<>();
      Set<String> wantC = new HashSet<>();
      for (int i = 0; i < plan.numARows(); i++) {
        if (plan.aPart(i) == t) {
          wantA.add(plan.newARowKey(i));
          if (c != null && c.rowNnz(index(parse, plan.aRowKey(i))) > 0) {
            wantC.add(plan.newARowKey(i));
          }
        }
      }
      Set<String> wantB = new HashSet<>();
      for (int j = 0; j < plan.numBRows(); j++) {
        if (plan.bPart(j) == t && a.rowNnz(index(parse, plan.bRowKey(j))) > 0) {
          wantB.add(plan.newBRowKey(j));
        }
      }
      assertEquals(wantA, aRows, "A rows of tablet " + t);
      assertEquals(wantB, bRows, "B rows of tablet " + t);
      assertEquals(wantC, cRows, "C rows of tablet " + t);
      if (plan.parts() > 1) {
        assertFalse(aRows.isEmpty() && bRows.isEmpty(), "part " + t + " is empty");
      }
    }
  }

  private static int index(KeyFormat parse, String key) {
    byte[] b = key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return parse.decode(b, 0, b.length);
  }
}
