package org.spgemm.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.admin.ActiveCompaction;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.spgemm.algebra.Semirings;
import org.spgemm.bench.bl.BlTables;
import org.spgemm.bench.bl.TableMultBL;
import org.spgemm.bench.data.DatasetSpec;
import org.spgemm.bench.graphulo.StandInJar;
import org.spgemm.bench.run.BenchConfig;
import org.spgemm.bench.run.BenchRunner;
import org.spgemm.bench.run.CompactionsAfter;
import org.spgemm.bench.run.Measurement;
import org.spgemm.bench.run.Method;
import org.spgemm.bench.run.ResultsCsv;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.it.SlowSeekIterator;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.mini.EmbeddedCluster;

/**
 * On one small cluster (2 tablet servers): BL's C, summed by its combiner, equals the in-memory
 * reference entry by entry; and one bench cell runs end to end into a CSV row per method.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class BenchIT {

  private static EmbeddedCluster cluster;
  private static AccumuloClient client;
  private static Path graphuloJar;

  @BeforeAll
  static void start() throws Exception {
    Path dir = Paths.get("target", "mini-tests", "BenchIT-" + System.currentTimeMillis());
    Files.createDirectories(dir);
    graphuloJar = StandInJar.fromResources(dir.resolve("graphulo"), StandInJar.GRAPHULO_3_3_0);
    // the servers get the jar as `bench --graphulo-jar` gives it to them
    cluster = EmbeddedCluster.start(dir.resolve("mac"), 2, 512, true, List.of(graphuloJar));
    client = cluster.client();
  }

  @Test
  void tabletServersLoadClassesOfTheGraphuloJar() throws Exception {
    client.tableOperations().create("it_classload");
    assertTrue(client.tableOperations().testClassLoad("it_classload",
        "edu.mit.ll.graphulo.simplemult.MathTwoScalar", Object.class.getName()));
    assertFalse(client.tableOperations().testClassLoad("it_classload",
        "edu.mit.ll.graphulo.NotInTheJar", Object.class.getName()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (client != null) {
      client.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void outerProductMatchesReference() {
    // R-MAT scale 8 A·B with fractional values, small batches: many flushes and count entries
    SparseMatrix a = withRandomValues(RmatGenerator.generate(8, 1), 11);
    SparseMatrix b = withRandomValues(RmatGenerator.generate(8, 2), 12);
    KeyFormat keys = KeyFormat.forSize(a.rows());
    List<String> splits = keys.equalSplits(a.rows(), 4);
    BlTables.loadInputs(client, "it_AT", "it_B", a, b, keys, splits);
    BlTables.createC(client, "it_C", splits);

    TableMultBL.Result r = TableMultBL.multiply(client, "it_AT", "it_B", "it_C", 4, 500);

    assertEquals(a.partialProducts(b), r.partialProducts());
    SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    SparseMatrix c = MatrixStore.read(client, "it_C", BlTables.C_FAMILY, a.rows(), b.cols(),
        ValueCodecs.DECIMAL);
    MatrixComparison cmp = MatrixComparison.compare(expected, c, 1e-9);
    assertTrue(cmp.equal(), () -> cmp.differenceCount() + " differences: "
        + cmp.firstDifferences());
    assertEquals(expected.nnz(), c.nnz());
  }

  @Test
  void oneBenchCellWritesCsvRows(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    BenchConfig config = new BenchConfig(List.of(DatasetSpec.parse("rmatAA:7")), List.of(2),
        Method.defaults(false), 1, 512, 2, 1);
    Path csv = tmp.resolve("cell.csv");
    List<Measurement> got = new ArrayList<>();
    try (ResultsCsv sink = new ResultsCsv(csv)) {
      new BenchRunner(config, System.err).runDataset(client, config.datasets().get(0), 2, m -> {
        got.add(m);
        sink.add(m);
      });
    }
    List<String> lines = Files.readAllLines(csv);
    assertEquals(Measurement.HEADER, lines.get(0));
    assertEquals(1 + config.methods().size(), lines.size(), () -> String.join("\n", lines));
    for (Measurement m : got) {
      assertTrue(m.ok(), () -> m.method() + " failed: " + m.error());
      assertTrue(m.multiplySeconds() > 0 && m.scanSeconds() > 0, m::csv);
      assertEquals("yes", m.verified(), m::csv);
      assertEquals(m.nnzC(), m.cEntriesScanned(), m::csv);
      boolean iterator = m.method() == Method.RRP || m.method() == Method.RRP_SCAN
          || m.method() == Method.RRP_COMPACTION || m.method() == Method.GRRP;
      assertEquals(iterator, m.writeWorkerSeconds() > 0 && m.fetchWorkerSeconds() > 0
          && m.bEntriesRemote() >= 0 && m.bEntriesRemote() <= m.bEntriesFetched(), m::csv);
      // the engine each iterator run ran on: forced, or AUTO's choice (small work: the scan)
      String engine = switch (m.method()) {
        case RRP_SCAN, RRP, GRRP -> "scan";
        case RRP_COMPACTION -> "compaction";
        default -> Measurement.NO_ENGINE;
      };
      assertEquals(engine, m.engine(), m::csv);
      assertTrue(m.settleSeconds() >= 0, m::csv);
      assertTrue(lines.stream().anyMatch(l -> l.startsWith("rmat7_AA,rmat-AA,7,2,0,")
          && l.contains("," + m.method().label + ",")), m::csv);
    }
  }

  /**
   * What a method leaves running is waited for and timed: nothing on a quiet table; a compaction
   * still running when the call comes (one whose job sleeps 3 s), until it ended.
   */
  @Test
  void compactionsLeftRunningAreTimed() throws Exception {
    String table = "settle_it";
    client.tableOperations().create(table);
    try (BatchWriter w = client.createBatchWriter(table)) {
      Mutation m = new Mutation("r");
      m.put("f", "q", "1");
      w.addMutation(m);
    }
    client.tableOperations().flush(table, null, null, true);
    assertEquals(0.0, CompactionsAfter.await(client, table), "no compaction ran");

    client.tableOperations().compact(table, new CompactionConfig().setWait(false)
        .setIterators(List.of(SlowSeekIterator.setting(50, 3000))));
    long t0 = System.nanoTime();
    double settle = CompactionsAfter.await(client, table);
    double took = (System.nanoTime() - t0) / 1e9;
    assertTrue(settle >= 2.0 && settle + CompactionsAfter.QUIET_MILLIS / 1e3 <= took + 0.5,
        () -> "compactions after " + settle + " s, the call took " + took + " s");
    for (ActiveCompaction c : client.instanceOperations().getActiveCompactions()) {
      assertFalse(table.equals(c.getTable()), "still running when the wait returned");
    }
    client.tableOperations().delete(table);
  }

  @Test
  void resumedCellRunsOnlyWhatIsMissing() throws Exception {
    BenchConfig config = new BenchConfig(List.of(DatasetSpec.parse("rmatAB:6")), List.of(2),
        List.of(Method.RRP, Method.FLOOR), 2, 512, 2, 1, 1, null);
    List<Measurement> first = new ArrayList<>();
    new BenchRunner(config, System.err).runDataset(client, config.datasets().get(0), 2,
        first::add);
    assertEquals(4, first.size());
    for (Measurement m : first) { // --scan-reps 1: C scanned after the first repetition only
      assertTrue(m.ok(), m::csv);
      assertEquals(m.rep() == 0, m.scanSeconds() > 0 && m.cEntriesScanned() > 0, m::csv);
      assertEquals(m.rep() == 1, Double.isNaN(m.scanSeconds()), m::csv);
    }
    // as if the run had stopped after its first two rows: only the last two are made again
    List<Measurement> again = new ArrayList<>();
    new BenchRunner(config, System.err).skipping(first.subList(0, 2))
        .runDataset(client, config.datasets().get(0), 2, again::add);
    assertEquals(first.subList(2, 4).stream().map(Measurement::runKey).toList(),
        again.stream().map(Measurement::runKey).toList());
    List<Measurement> none = new ArrayList<>();
    new BenchRunner(config, System.err).skipping(first)
        .runDataset(client, config.datasets().get(0), 2, none::add);
    assertEquals(List.of(), none);
  }

  /**
   * The Graphulo row end to end, with the stand-in of Graphulo 3.3.0 (test resources
   * {@value StandInJar#GRAPHULO_3_3_0}): the binding makes a Connector, passes a token its
   * constructor checks against the cluster, and calls the 6-parameter TableMult, which fails on
   * any other CT, multiply class or plus combiner than the binding's.
   */
  @Test
  void graphuloRowRunsThroughTheReflectiveBinding() {
    BenchConfig config = new BenchConfig(List.of(DatasetSpec.parse("rmatAB:7")), List.of(2),
        List.of(Method.GRAPHULO), 1, 512, 2, 1, 1, graphuloJar);
    List<Measurement> got = new ArrayList<>();
    new BenchRunner(config, System.err).runDataset(client, config.datasets().get(0), 2, got::add);
    assertEquals(1, got.size());
    Measurement m = got.get(0);
    assertTrue(m.ok(), m::csv);
    assertEquals("yes", m.verified(), m::csv);
    assertEquals(m.partialProducts(), m.entriesWritten(), m::csv);
    assertEquals(m.nnzC(), m.cEntriesScanned(), m::csv);
  }

  private static SparseMatrix withRandomValues(SparseMatrix m, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int[] r = new int[m.nnz()];
    int[] c = new int[m.nnz()];
    double[] v = new double[m.nnz()];
    int e = 0;
    for (int i = 0; i < m.rows(); i++) {
      for (int p = m.rowStart(i); p < m.rowEnd(i); p++, e++) {
        r[e] = i;
        c[e] = m.colAt(p);
        v[e] = Math.round((rnd.nextDouble() * 4 - 2) * 1000) / 1000.0;
      }
    }
    return SparseMatrix.fromCoordinates(m.rows(), m.cols(), r, c, v, e);
  }
}
