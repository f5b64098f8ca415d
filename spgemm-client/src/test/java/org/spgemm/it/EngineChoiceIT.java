package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * The default engine, AUTO: small work runs on the scan engine, large on the compaction engine,
 * both exact, and the result says which ran and why. Prints each multiply's steps (the fixed cost
 * a small multiply pays) for the record; their times are not asserted.
 */
@ClusterTest
class EngineChoiceIT {

  @Test
  void smallWorkRunsAsAScanAndLargeAsACompaction() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix small = Poisson3D.generate(12, 7); // 1,728 rows, about 39 k partial products
      SparseMatrix large = Poisson3D.generate(20, 27); // 8,000 rows, 4.9 M
      for (SparseMatrix a : List.of(small, large)) {
        String table = Fixtures.loadedTable(client, "auto", a, a,
            List.of(Integer.toString(a.rows() / 2)));
        SparseMatrix expected = ReferenceMultiply.multiply(a, a,
            Semirings.forName("PLUS_TIMES"));
        Engine want = a == small ? Engine.SCAN : Engine.COMPACTION;
        for (int i = 0; i < (a == small ? 3 : 1); i++) {
          String c = "C" + i;
          MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder()
              .families("A", "B", c).build());
          System.out.println("AUTO " + a.rows() + " rows: " + r + "; " + r.engineReason()
              + "; steps " + r.phaseSeconds());
          assertEquals(want, r.engine(), r.engineReason());
          assertTrue(r.engineReason().contains("partial products"), r.engineReason());
          Fixtures.assertSameMatrix(expected, MatrixStore.read(client, table, c, a.rows(),
              a.cols(), ValueCodecs.DECIMAL));
        }
      }
    }
  }

  /**
   * R-MAT A·B with fewer A than B entries, as R-MAT 13 and 15 have: A's entries per tablet
   * server still outnumber B's rows, so each server reads all of B once (B fetched at most
   * servers x nnz(B)) instead of each batch's rows, and C is exact.
   */
  @Test
  void aScatteredASmallerThanBStillHasEachServerReadAllOfBOnce() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(9, 8, 21);
      SparseMatrix b = RmatGenerator.generate(9, 10, 22);
      int servers = client.instanceOperations().getTabletServers().size();
      assertTrue(a.nnz() < b.nnz() && a.nnz() / servers >= b.rows(), a.nnz() + " " + b.nnz());
      KeyFormat keys = KeyFormat.forSize(a.rows());
      String table = Fixtures.loadedTable(client, "wholeb", a, b, List.of(keys.encodeString(128),
          keys.encodeString(256), keys.encodeString(384)));
      MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder()
          .engine(Engine.COMPACTION).build());
      assertTrue(r.engineReason().contains("all of B read at once by each server (nnz(A) "
          + a.nnz() + " / " + servers + " servers >= " + b.rows() + " rows of B"),
          r.engineReason());
      assertTrue(r.bEntriesFetched() <= (long) servers * b.nnz(), r.bEntriesFetched() + " > "
          + servers + " x " + b.nnz());
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES),
          MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL));
    }
  }

  /**
   * The scan engine keeps the job's B rows per tablet server, as the compaction engine does.
   * Batches of 8 A rows, in the four tablets of M, read far fewer B entries than the same
   * multiply with a cache of one byte, which keeps nothing (each batch then reads its own rows:
   * R-MAT's long B rows once per batch). Where every server needs most of B, each reads all of it
   * once (B fetched at most servers x nnz(B)). C exact every time.
   */
  @Test
  void theScanEngineKeepsTheJobsBRowsPerServer() {
    try (AccumuloClient client = SharedCluster.client()) {
      int servers = client.instanceOperations().getTabletServers().size();
      SparseMatrix a = RmatGenerator.generate(9, 2, 41);
      SparseMatrix b = RmatGenerator.generate(9, 10, 42);
      KeyFormat keys = KeyFormat.forSize(a.rows());
      List<String> splits = List.of(keys.encodeString(128), keys.encodeString(256),
          keys.encodeString(384));
      SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
      // row by row: A has fewer entries per server than B has rows
      assertTrue(a.nnz() / servers < b.rows(), a.nnz() + " " + b.rows());
      String table = Fixtures.loadedTable(client, "scanrows", a, b, splits);
      long[] fetched = new long[2];
      for (int i = 0; i < 2; i++) {
        MultiplyOptions.Builder opts = MultiplyOptions.builder().families("A", "B", "C" + i)
            .engine(Engine.SCAN).batchLimits(64, 8, 1 << 20);
        MultiplyResult r = SpGEMM.multiply(client, table, i == 0 ? opts.build()
            : opts.cacheBytes(1).build());
        assertEquals(Engine.SCAN, r.engine());
        assertTrue(!r.engineReason().contains("all of B read"), r.engineReason());
        fetched[i] = r.bEntriesFetched();
        Fixtures.assertSameMatrix(expected, MatrixStore.read(client, table, "C" + i, a.rows(),
            b.cols(), ValueCodecs.DECIMAL));
      }
      System.out.println("scan engine, B entries fetched: " + fetched[0] + " kept, "
          + fetched[1] + " with nothing kept; nnz(B) " + b.nnz() + ", " + servers + " servers");
      assertTrue(2 * fetched[0] < fetched[1], fetched[0] + " kept against " + fetched[1]);
      // all of B at once: A has more entries than B
      String wide = Fixtures.loadedTable(client, "scanwhole", b, a, splits);
      MultiplyResult whole = SpGEMM.multiply(client, wide, MultiplyOptions.builder()
          .engine(Engine.SCAN).batchLimits(64, 8, 1 << 20).build());
      assertTrue(whole.engineReason().contains("all of B read at once by each server (nnz(A) "
          + b.nnz() + " >= nnz(B) " + a.nnz()), whole.engineReason());
      assertTrue(whole.bEntriesFetched() <= (long) servers * a.nnz(), whole.bEntriesFetched()
          + " > " + servers + " x " + a.nnz());
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(b, a, Semirings.PLUS_TIMES),
          MatrixStore.read(client, wide, "C", b.rows(), a.cols(), ValueCodecs.DECIMAL));
    }
  }
}
