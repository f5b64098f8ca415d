package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
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
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * A scan-engine multiply that replaces C computes while M's files are still being flushed and
 * summarized to show whether C was empty. Here C was not: it held an entry the runner reads and
 * one labelled beyond the runner's authorizations, written just before the multiply (still in
 * memory). Whichever way each run went (waiting for the files first, or computing beside the
 * stale entries and then clearing and computing again), C must come out as exactly the product,
 * with neither stale entry left; and at least one of the runs must have gone the second way.
 */
@ClusterTest
class StaleCReplacedIT {

  private static final int ROUNDS = 4;

  @Test
  void staleEntriesFoundAfterComputingGoAndCIsComputedAgain() throws Exception {
    SparseMatrix a = Fixtures.random(200, 150, 0.05, 91);
    SparseMatrix b = Fixtures.random(150, 120, 0.05, 92);
    SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    int[] hole = hole(expected);
    try (AccumuloClient root = SharedCluster.client()) {
      root.securityOperations().changeUserAuthorizations("root", new Authorizations("secret"));
      int recomputed = 0;
      List<List<String>> paths = new ArrayList<>();
      for (int round = 0; round < ROUNDS; round++) {
        String m = Fixtures.uniqueTable("stale_c");
        KeyFormat keys = Fixtures.createAndLoad(root, m, a, b,
            ItHelpers.splitsEvery(200, 50, KeyFormat.forSize(200)));
        try (BatchWriter w = root.createBatchWriter(m)) {
          Mutation stale = new Mutation(keys.encodeString(hole[0]));
          stale.put(new Text("C"), new Text(keys.encodeString(hole[1])), new Value("999"));
          stale.put(new Text("C"), new Text(keys.encodeString(0)), new ColumnVisibility("secret"),
              new Value("777"));
          w.addMutation(stale);
        }
        // the runner reads with no authorizations: the labelled entry is beyond it
        root.securityOperations().changeUserAuthorizations("root", Authorizations.EMPTY);
        MultiplyResult r = SpGEMM.multiply(root, m, MultiplyOptions.defaults());
        root.securityOperations().changeUserAuthorizations("root", new Authorizations("secret"));

        assertEquals(Engine.SCAN, r.engine(), r.engineReason());
        Fixtures.assertSameMatrix(expected,
            MatrixStore.read(root, m, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL));
        assertEquals(expected.nnz(), r.nnzC(), "reported nnz(C), counted once");
        assertEquals(a.partialProducts(b), r.partialProducts(), "reported partial products");
        assertEquals(expected.nnz(),
            ItHelpers.entries(root, m, "C", new Authorizations("secret")).size(),
            "C entries, labelled ones included");
        List<String> path = new ArrayList<>(r.phaseSeconds().keySet());
        paths.add(path);
        if (path.indexOf("clear C") > path.indexOf("compute")) {
          recomputed++;
        }
      }
      assertTrue(recomputed > 0, "no run computed beside the stale C before the files answered;"
          + " phases of each run: " + paths);
    } finally {
      try (AccumuloClient root = SharedCluster.client()) {
        root.securityOperations().changeUserAuthorizations("root", Authorizations.EMPTY);
      }
    }
  }

  /** A position where {@code c} has no entry, row 1 or later (row 0 holds the labelled one). */
  private static int[] hole(SparseMatrix c) {
    for (int i = 1; i < c.rows(); i++) {
      for (int k = 0; k < c.cols(); k++) {
        if (!c.hasEntry(i, k)) {
          return new int[] {i, k};
        }
      }
    }
    throw new IllegalStateException("C is dense");
  }
}
