package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Consent;
import org.spgemm.client.DimensionMismatchException;
import org.spgemm.client.Engine;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.RefusedException;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.client.TableM;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.ReferenceMxm;
import org.spgemm.matrix.SparseMatrix;

/**
 * The GraphBLAS mxm surface on the cluster: masks (value, structure, complement), accumulation
 * into a stored C, replace, transposed rectangular inputs, row and column subsets, the fused
 * select, and bad inputs refused with nothing changed; every C compared entry by entry with
 * {@link ReferenceMxm}.
 */
@ClusterTest
class MxmIT {

  /** Rows 0-19 (the first tablet) empty: a tablet where only the stored C and the mask are. */
  private static final SparseMatrix A = ItHelpers.withoutRowsAndCols(
      Fixtures.random(60, 50, 0.12, 101), java.util.stream.IntStream.range(0, 20).boxed()
          .collect(java.util.stream.Collectors.toSet()), java.util.Set.of());
  private static final SparseMatrix B = Fixtures.random(50, 40, 0.12, 102);
  /** C's shape, values 1..9 with about a third mapped to explicit zeros (false in a value mask). */
  private static final SparseMatrix MASK = ItHelpers.mapValues(Fixtures.random(60, 40, 0.3, 103),
      v -> Math.abs(v) <= 3 ? 0 : v);
  private static final SparseMatrix C0 = Fixtures.random(60, 40, 0.2, 104);

  /** A table with A, B, the mask in MK and the stored C0 in each of {@code cFamilies}. */
  private static String load(AccumuloClient client, List<String> cFamilies) {
    String table = Fixtures.uniqueTable("mxm");
    KeyFormat keys = Fixtures.createAndLoad(client, table, A, B, List.of("020", "040"));
    MatrixStore.load(client, table, "MK", MASK, keys, ValueCodecs.DECIMAL);
    for (String f : cFamilies) {
      MatrixStore.load(client, table, f, C0, keys, ValueCodecs.DECIMAL);
    }
    return table;
  }

  private static SparseMatrix readC(AccumuloClient client, String table, String family, int rows,
      int cols) {
    return MatrixStore.read(client, table, family, rows, cols, ValueCodecs.DECIMAL);
  }

  /** Partial products formed where the mask lets C(i,j) through. */
  private static long maskedProducts(SparseMatrix a, SparseMatrix b, SparseMatrix mask,
      MaskMode mode, boolean complement) {
    long n = 0;
    for (int i = 0; i < a.rows(); i++) {
      for (int p = a.rowStart(i); p < a.rowEnd(i); p++) {
        int k = a.colAt(p);
        for (int q = b.rowStart(k); q < b.rowEnd(k); q++) {
          var m = mask.get(i, b.colAt(q));
          boolean on = m.isPresent() && (mode == MaskMode.STRUCTURE || m.getAsDouble() != 0);
          n += on != complement ? 1 : 0;
        }
      }
    }
    return n;
  }

  @Test
  void masksByValueAndStructureWithAndWithoutComplement() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, List.of());
      int f = 0;
      for (Engine engine : new Engine[] {Engine.COMPACTION, Engine.SCAN}) {
        for (MaskMode mode : MaskMode.values()) {
          for (boolean complement : new boolean[] {false, true}) {
            String c = "C" + f++;
            // batches of 3 A rows: many progress entries, so the scan engine's iterator is torn
            // down and resumed between them with mask entries in its source
            MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder()
                .families("A", "B", c).mask("MK", mode, complement).engine(engine)
                .batchLimits(1000, 3, 1 << 20).build());
            String what = engine + " " + mode + (complement ? " complement" : "");
            assertEquals(engine, r.engine(), what);
            SparseMatrix expected = ReferenceMxm.mxm(null, MASK, mode, complement, null,
                Semirings.PLUS_TIMES, A, B, false, Domain.FP64);
            Fixtures.assertSameMatrix(expected, readC(client, table, c, 60, 40));
            // masked-out entries are never computed
            assertEquals(maskedProducts(A, B, MASK, mode, complement), r.partialProducts(),
                what + ": products formed");
            assertTrue(r.partialProducts() < A.partialProducts(B));
            assertTrue(r.batches() >= 10, what + ": " + r.batches() + " batches");
          }
        }
      }
    }
  }

  /**
   * The scan engine writes C beside what is there: with replace it clears the stored C first, an
   * accumulator into an empty C is a plain write, and a merge into a C holding entries is refused
   * before anything changes (AUTO takes the compaction engine for it instead).
   */
  @Test
  void theScanEngineMasksWithReplaceAndRefusesToMergeIntoAStoredC() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, List.of("CR", "CK"));
      MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder()
          .families("A", "B", "CR").mask("MK", MaskMode.VALUE, false).replace()
          .engine(Engine.SCAN).build());
      assertEquals(Engine.SCAN, r.engine());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(C0, MASK, MaskMode.VALUE, false, null,
          Semirings.PLUS_TIMES, A, B, true, Domain.FP64), readC(client, table, "CR", 60, 40));
      SpGEMM.multiply(client, table, MultiplyOptions.builder().families("A", "B", "CA")
          .accum("plus").engine(Engine.SCAN).build());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(null, null, null, false, null,
          Semirings.PLUS_TIMES, A, B, false, Domain.FP64), readC(client, table, "CA", 60, 40));
      Map<String,String> before = ItHelpers.snapshotAll(client, table);
      Map<String,String> state = SpGEMM.cState(client, table, "CK");
      RefusedException e = assertThrows(RefusedException.class, () -> SpGEMM.multiply(client,
          table, MultiplyOptions.builder().families("A", "B", "CK").accum("plus")
              .engine(Engine.SCAN).build()));
      assertTrue(e.getMessage().contains("family CK of " + table + " holds entries"),
          e.getMessage());
      assertEquals(before, ItHelpers.snapshotAll(client, table), "nothing changed");
      assertEquals(state, SpGEMM.cState(client, table, "CK"), "state of CK as it was");
      MultiplyResult auto = SpGEMM.multiply(client, table, MultiplyOptions.builder()
          .families("A", "B", "CK").accum("plus").build());
      assertEquals(Engine.COMPACTION, auto.engine(), auto.engineReason());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(C0, null, null, false, BinaryOps.forName("PLUS"),
          Semirings.PLUS_TIMES, A, B, false, Domain.FP64), readC(client, table, "CK", 60, 40));
    }
  }

  @Test
  void maskInAnotherTableNeedsItsConsent() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, List.of());
      String other = Fixtures.uniqueTable("mxmMask");
      TableM.create(client, other, List.of("MK"), List.of("030"));
      MatrixStore.load(client, other, "MK", MASK, KeyFormat.forSize(60), ValueCodecs.DECIMAL);
      MultiplyOptions opts = MultiplyOptions.builder().families("A", "B", "CT")
          .mask(other, "MK", MaskMode.VALUE, true).build();
      Map<String,String> a = Fixtures.snapshot(client, table, "A");
      SpgemmException refused = assertThrows(SpgemmException.class,
          () -> SpGEMM.multiply(client, table, opts));
      assertTrue(refused.getMessage().contains("does not let table " + table),
          refused.getMessage());
      assertEquals(a, Fixtures.snapshot(client, table, "A"), "A unchanged");
      assertTrue(!SpGEMM.isComplete(client, table, "CT"), "C not complete");
      Consent.grant(client, other, table, Consent.Access.READ);
      MultiplyResult r = SpGEMM.multiply(client, table, opts);
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(null, MASK, MaskMode.VALUE, true, null,
          Semirings.PLUS_TIMES, A, B, false, Domain.FP64), readC(client, table, "CT", 60, 40));
      assertEquals(maskedProducts(A, B, MASK, MaskMode.VALUE, true), r.partialProducts());
    }
  }

  @Test
  void accumulatesIntoTheStoredC() {
    List<String> ops = List.of("PLUS", "MIN", "FIRST", "SECOND");
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, ops.stream().map(o -> "C_" + o).toList());
      for (String op : ops) {
        SpGEMM.multiply(client, table, MultiplyOptions.builder()
            .families("A", "B", "C_" + op).accum(op.toLowerCase()).build());
        SparseMatrix expected = ReferenceMxm.mxm(C0, null, null, false, BinaryOps.forName(op),
            Semirings.PLUS_TIMES, A, B, false, Domain.FP64);
        Fixtures.assertSameMatrix(expected, readC(client, table, "C_" + op, 60, 40));
      }
    }
  }

  @Test
  void maskKeepsOrReplacesTheStoredCOutsideIt() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, List.of("CK", "CR", "CA"));
      BinaryOp plus = BinaryOps.PLUS;
      // C<M> = A*B: outside the mask C0 is kept
      SpGEMM.multiply(client, table, MultiplyOptions.builder().families("A", "B", "CK")
          .mask("MK", MaskMode.STRUCTURE, false).build());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(C0, MASK, MaskMode.STRUCTURE, false, null,
          Semirings.PLUS_TIMES, A, B, false, Domain.FP64), readC(client, table, "CK", 60, 40));
      // C<!M, replace> = A*B: outside the complemented mask C0 is deleted
      SpGEMM.multiply(client, table, MultiplyOptions.builder().families("A", "B", "CR")
          .mask("MK", MaskMode.VALUE, true).replace().build());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(C0, MASK, MaskMode.VALUE, true, null,
          Semirings.PLUS_TIMES, A, B, true, Domain.FP64), readC(client, table, "CR", 60, 40));
      // C<M> += A*B
      SpGEMM.multiply(client, table, MultiplyOptions.builder().families("A", "B", "CA")
          .mask("MK", MaskMode.VALUE, false).accum(plus).build());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(C0, MASK, MaskMode.VALUE, false, plus,
          Semirings.PLUS_TIMES, A, B, false, Domain.FP64), readC(client, table, "CA", 60, 40));
    }
  }

  @Test
  void transposesOfRectangularMatrices() {
    SparseMatrix a = Fixtures.random(45, 30, 0.15, 111); // A' is 30x45
    SparseMatrix b = Fixtures.random(35, 45, 0.15, 112); // B' is 45x35
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.loadedTable(client, "mxmT", a, b, List.of("015", "030"));
      SpGEMM.multiply(client, table,
          MultiplyOptions.builder().transposeA().transposeB().build());
      SparseMatrix expected = ReferenceMxm.mxm(null, null, null, false, null,
          Semirings.PLUS_TIMES, a, b, true, true, false, null, null, Domain.FP64);
      Fixtures.assertSameMatrix(expected, readC(client, table, "C", 30, 35));
      // the transposes stay in M, with their shapes
      assertEquals(30, MatrixStore.shape(client, table, "A^T").orElseThrow().rows());
      Fixtures.assertSameMatrix(a.transpose(), readC(client, table, "A^T", 30, 45));
      // A' * A: only A is transposed
      SpGEMM.multiply(client, table, MultiplyOptions.builder().families("A", "A", "G")
          .transposeA().build());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(null, null, null, false, null,
          Semirings.PLUS_TIMES, a, a, true, false, false, null, null, Domain.FP64),
          readC(client, table, "G", 30, 30));
    }
  }

  @Test
  void rowAndColumnSubsetsIncludingEmptyOnes() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, List.of());
      KeyFormat keys = KeyFormat.forSize(60);
      SpGEMM.multiply(client, table, MultiplyOptions.builder().families("A", "B", "S")
          .rows(keys.encodeString(10), keys.encodeString(29))
          .columns(keys.encodeString(5), keys.encodeString(19)).build());
      Fixtures.assertSameMatrix(ReferenceMxm.mxm(null, null, null, false, null,
          Semirings.PLUS_TIMES, A, B, false, false, false, new int[] {10, 29}, new int[] {5, 19},
          Domain.FP64), readC(client, table, "S", 60, 40));
      // a subset holding no row: C is empty and complete
      MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder()
          .families("A", "B", "E").rows("x", "y").build());
      assertEquals(0, r.nnzC());
      assertEquals(0, readC(client, table, "E", 60, 40).nnz());
      assertTrue(SpGEMM.isComplete(client, table, "E"));
    }
  }

  @Test
  void cIntoAnotherTableWithASubset() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, List.of());
      String out = Fixtures.uniqueTable("mxmOut");
      TableM.create(client, out, List.of("C"), List.of("030"));
      KeyFormat keys = KeyFormat.forSize(60);
      Consent.grant(client, out, table, Consent.Access.WRITE);
      MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder().cTable(out)
          .rows(keys.encodeString(5), null).build());
      SparseMatrix expected = ReferenceMxm.mxm(null, null, null, false, null,
          Semirings.PLUS_TIMES, A, B, false, false, false, new int[] {5, 59}, null, Domain.FP64);
      Fixtures.assertSameMatrix(expected, readC(client, out, "C", 60, 40));
      assertEquals(expected.nnz(), r.nnzC());
      assertTrue(SpGEMM.isComplete(client, out, "C"));
      assertEquals(0, ItHelpers.count(client, table, "C"), "nothing written into M's C");
      assertThrows(InvalidOptionException.class, () -> MultiplyOptions.builder().cTable(out)
          .engine(Engine.COMPACTION).build());
    }
  }

  @Test
  void selectKeepsPassingEntriesOnly() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(40, 40, 0.15, 121);
      String table = Fixtures.loadedTable(client, "mxmS", a, a, List.of("020"));
      SpGEMM.multiply(client, table, MultiplyOptions.builder().families("A", "B", "L")
          .select("tril").build());
      SpGEMM.multiply(client, table, MultiplyOptions.builder().families("A", "B", "V")
          .select("valuege:10").build());
      SparseMatrix t = ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES, a,
          a, false, Domain.FP64);
      Fixtures.assertSameMatrix(keep(t, true), readC(client, table, "L", 40, 40));
      Fixtures.assertSameMatrix(keep(t, false), readC(client, table, "V", 40, 40));
    }
  }

  /** {@code t}'s strict lower triangle, or its entries of value at least 10. */
  private static SparseMatrix keep(SparseMatrix t, boolean tril) {
    return ItHelpers.entriesWhere(t, (i, j, v) -> tril ? j < i : v >= 10);
  }

  @Test
  void badInputsAreRefusedAndChangeNothing() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, List.of("C"));
      KeyFormat keys = KeyFormat.forSize(60);
      MatrixStore.load(client, table, "WRONG", Fixtures.random(60, 41, 0.1, 131), keys,
          ValueCodecs.DECIMAL);
      Map<String,String> before = ItHelpers.snapshotAll(client, table);
      DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
          () -> SpGEMM.multiply(client, table, MultiplyOptions.builder()
              .mask("WRONG", MaskMode.STRUCTURE, false).build()));
      assertTrue(e.getMessage().contains("WRONG") && e.getMessage().contains("60x41"),
          e.getMessage());
      InvalidOptionException u = assertThrows(InvalidOptionException.class,
          () -> MultiplyOptions.builder().accum("avg"));
      assertTrue(u.getMessage().contains("unknown accumulator 'avg'"), u.getMessage());
      assertThrows(RefusedException.class, () -> SpGEMM.multiply(client, table, MultiplyOptions
          .builder().mask("MK", MaskMode.VALUE, false).engine(Engine.SCAN).build()));
      assertThrows(InvalidOptionException.class, () -> SpGEMM.multiply(client, table,
          MultiplyOptions.builder().mask("NOPE", MaskMode.VALUE, false).build()));
      assertEquals(before, ItHelpers.snapshotAll(client, table), "nothing changed");
    }
  }
}
