package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.FamilyCountSummarizer;
import org.spgemm.iterators.InputDigestSummarizer;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * A large multiply over M's own A and B takes its inputs' digest from M's file summaries and a
 * sample of each tablet instead of a scan of every entry. What the summaries cannot tell apart (a
 * write during the multiply, older versions of entries its compaction drops) makes it compute
 * once more with a scan's digest, and C is exact either way.
 */
@ClusterTest
class FilesDigestIT {

  /** 3,000 x 30 times 30 x 100, both dense: 9 M partial products, 300 k entries of C. */
  private static final SparseMatrix A = Fixtures.random(3000, 30, 1.0, 71);
  private static final SparseMatrix B = Fixtures.random(30, 100, 1.0, 72);

  private static String table(AccumuloClient client, String prefix) {
    String m = Fixtures.uniqueTable(prefix);
    KeyFormat keys = KeyFormat.forSize(A.rows());
    Fixtures.createAndLoad(client, m, A, B, ItHelpers.splitsEvery(A.rows(), 750, keys));
    return m;
  }

  @Test
  void aLargeMultiplyTakesItsDigestFromTheFiles() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String m = table(client, "files_digest");
      assertEquals(Set.of(FamilyCountSummarizer.class.getName(),
          InputDigestSummarizer.class.getName()), client.tableOperations().listSummarizers(m)
              .stream().map(SummarizerConfiguration::getClassName).collect(Collectors.toSet()),
          "M's files count families (C's emptiness) and digest A and B from the start");
      MultiplyResult r = ItHelpers.multiplyAndCheck(client, m, A, B, MultiplyOptions.defaults(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      // every server reads all of this small B: bulk, whose files carry the same summaries
      assertEquals(Engine.BULK, r.engine(), r.engineReason());
      assertTrue(r.engineReason().contains("from M's file summaries"), r.engineReason());
      assertEquals(List.of(), r.warnings());
      // and again, with the files the first multiply imported beside A's and B's
      r = ItHelpers.multiplyAndCheck(client, m, A, B, MultiplyOptions.defaults(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      assertTrue(r.engineReason().contains("from M's file summaries"), r.engineReason());
      assertEquals(List.of(), r.warnings());
    }
  }

  /**
   * A 20,000 x 100,000 A of three entries a row (five rows also in column 0) times a B whose row
   * 0 holds every column and whose other rows three entries (680 k partial products, 460 k
   * entries of A and B): by the shapes the uniform bound is 240 k, below the scan engine's
   * limit, but B's squared row lengths, recorded by the loader and at least what the files'
   * summaries show, put the estimate above it. The digest comes from the files and the compaction
   * engine runs, without a scan of every entry first.
   */
  @Test
  void aHubRowInBSendsItToTheFilesAndTheCompactionEngine() throws Exception {
    int n = 100_000;
    SparseMatrix a = withHubRow(20_000, n, -1, 81);
    SparseMatrix b = withHubRow(n, n, 0, 82);
    try (AccumuloClient client = SharedCluster.client()) {
      String m = Fixtures.uniqueTable("files_digest_hub");
      Fixtures.createAndLoad(client, m, a, b, ItHelpers.splitsEvery(n, n / 8,
          KeyFormat.forSize(n)));
      MultiplyResult r = ItHelpers.multiplyAndCheck(client, m, a, b, MultiplyOptions.defaults(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      assertEquals(Engine.COMPACTION, r.engine(), r.engineReason());
      assertTrue(r.engineReason().contains("squared B row lengths")
          && r.engineReason().contains("from M's file summaries"), r.engineReason());
      assertEquals(List.of(), r.warnings());
    }
  }

  /**
   * A rows x n matrix with 3 entries in each row, of columns 1 to n-1, column 0 too in every
   * 4,000th row, and row {@code hub} (if not negative) holding every column.
   */
  private static SparseMatrix withHubRow(int rows, int n, int hub, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int max = 4 * rows + n;
    int[] r = new int[max];
    int[] c = new int[max];
    long[] v = new long[max];
    int e = 0;
    for (int i = 0; i < rows; i++) {
      if (i == hub) {
        for (int j = 0; j < n; j++, e++) {
          r[e] = i;
          c[e] = j;
          v[e] = 1 + rnd.nextInt(9);
        }
        continue;
      }
      int first = 1 + rnd.nextInt(n - 3);
      for (int k = i % 4000 == 1 ? -1 : 0; k < 3; k++, e++) {
        r[e] = i;
        c[e] = k < 0 ? 0 : first + k;
        v[e] = 1 + rnd.nextInt(9);
      }
    }
    return SparseMatrix.fromCoordinates(rows, n, r, c, v, e);
  }

  /** B rewritten while the compaction computes: computed again, C is A times the new B. */
  @Test
  void aWriteDuringTheMultiplyMakesItComputeAgain() {
    try (AccumuloClient client = SharedCluster.client()) {
      String m = table(client, "files_digest_write");
      KeyFormat keys = KeyFormat.forSize(A.rows());
      boolean[] written = new boolean[1];
      MultiplyResult r = SpGEMM.multiply(client, m, MultiplyOptions.builder()
          .listener((total, done, n) -> {
            if (!written[0]) {
              written[0] = true;
              ItHelpers.put(client, m, keys.encodeString(5), "B", keys.encodeString(7),
                  "1000".getBytes());
            }
          }).build());
      assertTrue(written[0]);
      assertTrue(r.warnings().stream().anyMatch(w -> w.contains("differ after the multiply")
          && w.contains("computed again")), r.warnings().toString());
      SparseMatrix newB = withValue(B, 5, 7, 1000);
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(A, newB,
          Semirings.PLUS_TIMES), MatrixStore.read(client, m, "C", A.rows(), B.cols(),
              ValueCodecs.DECIMAL));
      assertTrue(SpGEMM.isComplete(client, m, "C"));
    }
  }

  /**
   * A's entries rewritten before the multiply, with a flush between: the files hold both
   * versions, the compaction keeps the newer, so the summaries differ after; the multiply computes
   * again rather than refusing, and C is A's newer values times B. (Bulk, which AUTO would take
   * here, rewrites no file of A: its summaries stay as they were and nothing is computed twice.)
   */
  @Test
  void olderVersionsInTheFilesAreComputedAgainNotRefused() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String m = table(client, "files_digest_versions");
      client.tableOperations().flush(m, null, null, true);
      SparseMatrix newA = ItHelpers.mapValues(A, v -> v + 1);
      MatrixStore.load(client, m, "A", newA, KeyFormat.forSize(A.rows()), ValueCodecs.DECIMAL);
      client.tableOperations().flush(m, null, null, true);
      MultiplyResult r = ItHelpers.multiplyAndCheck(client, m, newA, B,
          MultiplyOptions.builder().engine(Engine.COMPACTION).build(), Semirings.PLUS_TIMES,
          ValueCodecs.DECIMAL);
      assertTrue(r.warnings().stream().anyMatch(w -> w.contains("computed again")),
          r.warnings().toString());
      r = ItHelpers.multiplyAndCheck(client, m, newA, B, MultiplyOptions.defaults(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      assertEquals(Engine.BULK, r.engine(), r.engineReason());
      assertEquals(List.of(), r.warnings(), "bulk's summaries before and after agree");
    }
  }

  /**
   * A labelled B entry: the servers read B with empty authorizations, and only a scan counts the
   * labels its runner may read, so the digest is a scan again; the labelled entry takes no part.
   */
  @Test
  void labelledBEntriesAreDigestedByAScan() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String m = table(client, "files_digest_label");
      KeyFormat keys = KeyFormat.forSize(A.rows());
      try (BatchWriter w = client.createBatchWriter(m)) {
        Mutation mut = new Mutation(keys.encodeString(3));
        mut.put(new Text("B"), new Text(keys.encodeString(4)), new ColumnVisibility("secret"),
            new Value("500".getBytes()));
        w.addMutation(mut);
      }
      MultiplyResult r = ItHelpers.multiplyAndCheck(client, m, A, B, MultiplyOptions.defaults(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      assertEquals(Engine.BULK, r.engine(), r.engineReason());
      assertFalse(r.engineReason().contains("file summaries"), r.engineReason());
    }
  }

  /** {@code m} (which has an entry at {@code row}, {@code col}) with that entry's value set. */
  private static SparseMatrix withValue(SparseMatrix m, int row, int col, double value) {
    double[] v = m.values().clone();
    for (int p = m.rowStart(row); p < m.rowEnd(row); p++) {
      if (m.colAt(p) == col) {
        v[p] = value;
      }
    }
    return SparseMatrix.ofCsr(m.rows(), m.cols(), m.rowPtr().clone(), m.colIdx().clone(), v);
  }
}
