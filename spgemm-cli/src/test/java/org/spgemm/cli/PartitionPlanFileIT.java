package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.Partitioner;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.plan.PlanIO;

/**
 * bin/spgemm partition --plan on the shared cluster: a plan saved with --no-apply --plan-out is
 * applied later as it was saved, and the copy multiplies to the in-memory reference; a plan that
 * does not fit the table (or --parts) is refused with one line and nothing is written.
 */
@ClusterTest
class PartitionPlanFileIT extends CliOnSharedCluster {

  @Test
  void aSavedPlanIsAppliedAsSavedAndTheCopyMultipliesToTheReference() throws Exception {
    Path aFile = write("rmat.mtx", RmatGenerator.generate(8, 8, 11));
    SparseMatrix a = MatrixMarket.read(aFile);
    Path planFile = dir.resolve("rmat-plan.json");
    String m = "planfile_m";
    succeed(m, "partition", "--a", aFile.toString(), "--parts", "2", "--seed", "3", "--no-apply",
        "--plan-out", planFile.toString());
    try (AccumuloClient client = SharedCluster.client()) {
      assertFalse(client.tableOperations().exists(m + "_grrp"), "--no-apply writes no copy");
      PartitionPlan saved = PlanIO.read(planFile);
      String copy = m + "_k2";
      succeed(m, "partition", "--parts", "2", "--plan", planFile.toString(), "--target", copy);

      List<String> splits = new ArrayList<>();
      client.tableOperations().listSplits(copy).forEach(t -> splits.add(t.toString()));
      assertEquals(saved.splitPoints(), splits, "split points of the saved plan");
      Map<String,Integer> planned = new HashMap<>();
      for (int i = 0; i < saved.numARows(); i++) {
        planned.put(saved.aRowKey(i), saved.aPart(i));
      }
      Set<String> rows = rows(client, copy, "A");
      assertEquals(saved.numARows(), rows.size(), "every A row copied once");
      for (String row : rows) {
        assertEquals(planned.get(PartitionPlan.originalKey(row)), PartitionPlan.partOf(row),
            "A row " + row + " sits in the part the saved plan gave it");
      }

      SpGEMM.multiply(client, copy, MultiplyOptions.defaults());
      SparseMatrix c = Partitioner.readC(client, copy, a.rows(), a.cols(), ValueCodecs.DECIMAL);
      SparseMatrix expected = ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES);
      MatrixComparison cmp = MatrixComparison.compare(expected, c, 0);
      assertTrue(cmp.equal(), cmp.differenceCount() + " entries of C differ from the reference,"
          + " e.g. " + cmp.firstDifferences());
      assertEquals(expected.nnz(), c.nnz());
    }
  }

  @Test
  void aPlanThatDoesNotFitIsRefusedAndNothingIsWritten() throws IOException {
    SparseMatrix a = MatrixMarket.read(write("small.mtx", RmatGenerator.generate(6, 8, 5)));
    Path planFile = dir.resolve("small-plan.json");
    succeed("planfile_fits", "partition", "--a", dir.resolve("small.mtx").toString(), "--parts",
        "2", "--no-apply", "--plan-out", planFile.toString());
    // the same rows, one more entry: row keys agree, nnz(A) and nnz(B) per part do not
    succeed("planfile_changed", "partition", "--a",
        write("changed.mtx", withOneMoreEntry(a)).toString(), "--parts", "2", "--no-apply");
    try (AccumuloClient client = SharedCluster.client()) {
      Set<String> before = client.tableOperations().list();
      String err = refuse("planfile_changed", "partition", "--parts", "2", "--plan",
          planFile.toString(), "--target", "planfile_changed_k2");
      assertTrue(err.startsWith("spgemm: the plan in " + planFile + " does not fit table"
          + " planfile_changed as it is now"), err);
      assertTrue(err.contains(" in the plan but "), err);

      err = refuse("planfile_fits", "partition", "--parts", "3", "--plan", planFile.toString(),
          "--target", "planfile_fits_k3");
      assertEquals("spgemm: --parts is 3 but the plan in " + planFile + " has 2 parts", err);
      assertEquals(before, client.tableOperations().list(), "no table created");
    }
  }

  /** A plus one entry a(r, k) in its first stored row r, where k is another stored row. */
  private static SparseMatrix withOneMoreEntry(SparseMatrix a) {
    int n = a.nnz();
    int[] r = new int[n + 1];
    int[] c = new int[n + 1];
    double[] v = new double[n + 1];
    int e = 0;
    int first = -1;
    Set<Integer> firstCols = new TreeSet<>();
    for (int i = 0; i < a.rows(); i++) {
      for (int p = a.rowStart(i); p < a.rowEnd(i); p++) {
        r[e] = i;
        c[e] = a.colAt(p);
        v[e++] = a.valueAt(p);
        if (first < 0 || first == i) {
          first = i;
          firstCols.add(a.colAt(p));
        }
      }
    }
    int k = 0;
    while (a.rowNnz(k) == 0 || firstCols.contains(k)) {
      k++;
    }
    r[e] = first;
    c[e] = k;
    v[e] = 1;
    return SparseMatrix.fromCoordinates(a.rows(), a.cols(), r, c, v, n + 1);
  }

  private static Set<String> rows(AccumuloClient client, String table, String family) {
    Set<String> rows = new TreeSet<>();
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.fetchColumnFamily(new Text(family));
      for (Map.Entry<Key,Value> e : s) {
        rows.add(e.getKey().getRow().toString());
      }
    } catch (Exception e) {
      throw new AssertionError("cannot scan " + table + ": " + e, e);
    }
    return rows;
  }

  /** Runs a command on table {@code table} that must exit 2; returns its one error line. */
  private static String refuse(String table, String... args) {
    Object[] r = onCluster(table, args);
    String err = (String) r[1];
    assertEquals(2, (int) r[0], err);
    List<String> errors = err.lines().filter(l -> l.startsWith("spgemm: ")).toList();
    assertEquals(1, errors.size(), err);
    assertFalse(err.contains("\tat "), "no stack trace: " + err);
    return errors.get(0);
  }
}
