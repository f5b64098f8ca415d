package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.Monoids;
import org.spgemm.algebra.Semirings;
import org.spgemm.algebra.UnaryOps;
import org.spgemm.client.Algorithms;
import org.spgemm.client.DimensionMismatchException;
import org.spgemm.client.ElementWise;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.TableM;
import org.spgemm.client.Vector;
import org.spgemm.client.Vectors;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.GraphAlgorithms;
import org.spgemm.matrix.ReferenceElementWise;
import org.spgemm.matrix.ReferenceMxm;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;

/**
 * GraphBLAS vectors and element-wise operations on the cluster: eWiseAdd, eWiseMult, apply (unary
 * and bound binary), reduce to a vector and to a scalar, vxm and mxv (masked too), and BFS
 * parents; each compared entry by entry with {@link ReferenceElementWise}, {@link ReferenceMxm}
 * and {@link GraphAlgorithms}.
 */
@ClusterTest
class ElementWiseIT {

  private static final int N = 40;
  private static final SparseMatrix A = Fixtures.random(N, N, 0.15, 201);
  private static final SparseMatrix B = Fixtures.random(N, N, 0.15, 202);

  private static SparseMatrix read(AccumuloClient client, String table, String family) {
    return MatrixStore.read(client, table, family, N, N, ValueCodecs.DECIMAL);
  }

  /** The n x n matrix holding only row {@code row} of {@code m}. */
  private static SparseMatrix onlyRow(SparseMatrix m, int row) {
    return ItHelpers.entriesWhere(m, (i, j, v) -> i == row);
  }

  @Test
  void ewiseApplyAndReduceMatchTheReference() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("ewise");
      KeyFormat keys = Fixtures.createAndLoad(client, table, A, B, List.of("010", "030"));
      assertTrue(ElementWise.add(client, table, "S", "plus", "A", "B", "decimal") > 0);
      Fixtures.assertSameMatrix(ReferenceElementWise.add(A, B, BinaryOps.PLUS),
          read(client, table, "S"));
      ElementWise.add(client, table, "D", "minus", "A", "B", "decimal");
      Fixtures.assertSameMatrix(ReferenceElementWise.add(A, B, BinaryOps.MINUS),
          read(client, table, "D"));
      ElementWise.mult(client, table, "P", "times", "A", "B", "decimal");
      SparseMatrix prod = ReferenceElementWise.mult(A, B, BinaryOps.TIMES);
      assertTrue(prod.nnz() > 0, "A and B overlap");
      Fixtures.assertSameMatrix(prod, read(client, table, "P"));
      ElementWise.apply(client, table, "ABS", "abs", "A", "decimal");
      Fixtures.assertSameMatrix(ReferenceElementWise.apply(A, UnaryOps.ABS),
          read(client, table, "ABS"));
      ElementWise.apply(client, table, "MINV", "minv", "A", "decimal");
      Fixtures.assertSameMatrix(ReferenceElementWise.apply(A, UnaryOps.MINV),
          read(client, table, "MINV"));
      ElementWise.apply1st(client, table, "TEN", "minus", 10, "A", "decimal");
      Fixtures.assertSameMatrix(ReferenceElementWise.applyBound(A, BinaryOps.MINUS, 10, true),
          read(client, table, "TEN"));
      ElementWise.apply2nd(client, table, "HALF", "div", "A", 2, "decimal");
      Fixtures.assertSameMatrix(ReferenceElementWise.applyBound(A, BinaryOps.DIV, 2, false),
          read(client, table, "HALF"));
      // an output family is replaced: run again into S with another op
      ElementWise.add(client, table, "S", "max", "A", "B", "decimal");
      Fixtures.assertSameMatrix(ReferenceElementWise.add(A, B, BinaryOps.MAX),
          read(client, table, "S"));
      for (String name : List.of("plus", "min", "max")) {
        Monoid m = Monoids.forName(name);
        String f = "R" + name;
        ElementWise.reduceRows(client, table, Vector.of(f, keys.encodeString(0)), name, "A",
            "decimal");
        SparseMatrix w = read(client, table, f);
        Map<Integer,Double> expected = ReferenceElementWise.reduceRows(A, m);
        assertEquals(expected.size(), w.nnz(), name + ": entries of w");
        expected.forEach((i, v) -> assertEquals(v, w.get(0, i).orElseThrow(), 1e-9,
            name + ": w(" + i + ")"));
        assertEquals(ReferenceElementWise.reduce(A, m),
            ElementWise.reduce(client, table, name, "A", "decimal").asDouble(), 1e-9, name);
      }
    }
  }

  @Test
  void int64DivisionTruncatesAndBadInputIsRefused() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("ewise_long");
      Fixtures.createAndLoad(client, table, A, B, List.of("020"), ValueCodecs.LONG);
      ElementWise.apply2nd(client, table, "Q", "div", "A", 2, "long");
      SparseMatrix q = MatrixStore.read(client, table, "Q", N, N, ValueCodecs.LONG);
      assertEquals(Domain.INT64, q.domain());
      assertEquals(A.nnz(), q.nnz());
      for (int i = 0; i < N; i++) {
        for (int p = A.rowStart(i); p < A.rowEnd(i); p++) {
          assertEquals((long) A.valueAt(p) / 2, (long) q.get(i, A.colAt(p)).orElseThrow());
        }
      }
      assertEquals((long) ReferenceElementWise.reduce(A, Semirings.PLUS),
          ElementWise.reduce(client, table, "plus", "A", "long").asLong());
      assertThrows(InvalidOptionException.class,
          () -> ElementWise.add(client, table, "A", "plus", "A", "B", "long"));
      assertThrows(InvalidOptionException.class,
          () -> ElementWise.apply(client, table, "X", "nosuch", "A", "long"));
      MatrixStore.load(client, table, "S", Fixtures.random(N, N + 1, 0.1, 5),
          KeyFormat.forSize(N + 1), ValueCodecs.LONG);
      assertThrows(DimensionMismatchException.class,
          () -> ElementWise.mult(client, table, "X", "times", "A", "S", "long"));
    }
  }

  @Test
  void vxmAndMxvMatchTheReference() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("vec");
      KeyFormat keys = Fixtures.createAndLoad(client, table, A, B, List.of("020"));
      int r = 7;
      SparseMatrix u = onlyRow(Fixtures.random(N, N, 0.3, 203), r);
      SparseMatrix mask = onlyRow(Fixtures.random(N, N, 0.4, 204), r);
      MatrixStore.load(client, table, "U", u, keys, ValueCodecs.DECIMAL);
      MatrixStore.load(client, table, "MV", mask, keys, ValueCodecs.DECIMAL);
      Vector uv = Vector.of("U", keys.encodeString(r));
      for (String s : List.of("PLUS_TIMES", "MIN_PLUS")) {
        var semiring = Semirings.forName(s);
        Vectors.vxm(client, table, "W", null, null, s, uv, "A", null);
        Fixtures.assertSameMatrix(ReferenceMxm.mxm(null, null, null, false, null, semiring, u,
            A, false, Domain.FP64), read(client, table, "W"));
        Vectors.mxv(client, table, "W2", null, null, s, "A", uv, null);
        Fixtures.assertSameMatrix(ReferenceMxm.mxm(null, null, null, false, null, semiring, A,
            u.transpose(), false, Domain.FP64).transpose(), read(client, table, "W2"));
      }
      Vectors.vxm(client, table, "W3", Vectors.Mask.structure("MV", true), null, "PLUS_TIMES",
          uv, "A", MultiplyOptions.builder());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(null, mask, MaskMode.STRUCTURE, true, null,
          Semirings.PLUS_TIMES, u, A, false, Domain.FP64), read(client, table, "W3"));
      assertThrows(InvalidOptionException.class, () -> Vectors.mxvOptions("W", null, null,
          "class:org.spgemm.algebra.MinFirstSemiring", "A", uv, null));
    }
  }

  @Test
  void resultsCarryTheLabelsTheyComeFromAndUnreadableEntriesTakeNoPart() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      Authorizations before = root.securityOperations().getUserAuthorizations("root");
      root.securityOperations().changeUserAuthorizations("root", new Authorizations("L1", "L2"));
      try {
        String table = Fixtures.uniqueTable("ewise_labels");
        TableM.create(root, table, List.of("A", "B"), List.of());
        try (BatchWriter w = root.createBatchWriter(table)) {
          Mutation r1 = new Mutation("r1");
          r1.put("A", "c1", new ColumnVisibility("L1"), "2");
          r1.put("B", "c1", new ColumnVisibility("L2"), "3");
          r1.put("A", "c2", "4");
          r1.put("B", "c3", new ColumnVisibility("L3"), "7"); // root cannot read L3
          Mutation r2 = new Mutation("r2");
          r2.put("A", "c1", new ColumnVisibility("L1"), "1");
          w.addMutation(r1);
          w.addMutation(r2);
        }
        Authorizations both = new Authorizations("L1", "L2");
        ElementWise.add(root, table, "C", "plus", "A", "B", "decimal");
        assertEquals(Map.of("r1|c1|L1&L2", "5", "r1|c2|", "4", "r2|c1|L1", "1"),
            ItHelpers.entries(root, table, "C", both));
        // rewritten: the labelled entries of the earlier C are gone too
        ElementWise.mult(root, table, "C", "times", "A", "B", "decimal");
        assertEquals(Map.of("r1|c1|L1&L2", "6"), ItHelpers.entries(root, table, "C", both));
        ElementWise.reduceRows(root, table, Vector.of("R", "w"), "plus", "A", "decimal");
        assertEquals(Map.of("w|r1|L1", "6", "w|r2|L1", "1"),
            ItHelpers.entries(root, table, "R", both));
      } finally {
        root.securityOperations().changeUserAuthorizations("root", before);
      }
    }
  }

  @Test
  void bfsParentsAreMinParents() {
    SparseMatrix g = RmatGenerator.generate(6, 6, 7);
    int n = g.rows();
    KeyFormat keys = KeyFormat.forSize(n);
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("bfsp");
      TableM.create(client, table, List.of("G"), List.of(keys.encodeString(
          n / 2)));
      MatrixStore.load(client, table, "G", g, keys, ValueCodecs.DECIMAL);
      int source = 0;
      for (int i = 0; i < n; i++) {
        source = g.rowNnz(i) > g.rowNnz(source) ? i : source;
      }
      // twice from the same source (the second run finds the first one's scratch rows), then
      // from another vertex
      int other = (source + 1) % n;
      for (int from : new int[] {source, source, other}) {
        int[] parents = Algorithms.bfsParents(client, table, "G", from, n, keys,
            MultiplyOptions.builder(), new Algorithms.Steps());
        int[] expected = GraphAlgorithms.bfsParents(g, from);
        if (from == source) {
          assertTrue(java.util.Arrays.stream(expected).filter(p -> p >= 0).count() > 3,
              "the BFS reaches several vertices");
        }
        assertArrayEquals(expected, parents, "parents from " + from);
      }
    }
  }
}
