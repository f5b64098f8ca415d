package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/** C = A·B on the cluster equals the in-memory multiply, entry by entry. */
@ClusterTest
class RowByRowMultiplyIT {

  /** Multiplies on the cluster and checks C and the reported counts. */
  static MultiplyResult multiplyAndCheck(AccumuloClient client, SparseMatrix a, SparseMatrix b,
      List<String> splits, MultiplyOptions opts) {
    String table = Fixtures.uniqueTable("rrp");
    Fixtures.createAndLoad(client, table, a, b, splits);
    MultiplyResult r = SpGEMM.multiply(client, table, opts);
    SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.forName(opts.semiring()));
    SparseMatrix actual =
        MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL);
    Fixtures.assertSameMatrix(expected, actual);
    assertEquals(expected.nnz(), r.nnzC(), "reported nnz(C)");
    assertEquals(a.partialProducts(b), r.partialProducts(), "reported partial products");
    assertTrue(SpGEMM.isComplete(client, table, "C"), "C state COMPLETE");
    return r;
  }

  @Test
  void randomRectangular() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(40, 70, 0.08, 1);
      SparseMatrix b = Fixtures.random(70, 25, 0.1, 2);
      multiplyAndCheck(client, a, b, List.of("10", "25"), MultiplyOptions.defaults());
    }
  }

  @Test
  void rmatSquaredWithHubRows() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = RmatGenerator.generate(9, 16, 7);
      MultiplyResult r = multiplyAndCheck(client, a, a, List.of("128", "256", "384"),
          MultiplyOptions.builder().batchLimits(64, 4096, 32 << 20).build());
      assertTrue(r.batches() > 4, "several batches: " + r.batches());
    }
  }

  @Test
  void poisson27() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Poisson3D.generate(6, 27);
      multiplyAndCheck(client, a, a, List.of("100"), MultiplyOptions.defaults());
    }
  }
}
