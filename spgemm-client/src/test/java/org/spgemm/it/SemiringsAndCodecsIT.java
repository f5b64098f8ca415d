package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;

/** Every built-in semiring, a user semiring loaded by class name, and every value codec. */
@ClusterTest
class SemiringsAndCodecsIT {

  /** The engine every multiply here runs on: the default; a subclass runs them all on another. */
  Engine engine() {
    return Engine.AUTO;
  }

  MultiplyOptions.Builder options() {
    return MultiplyOptions.builder().engine(engine());
  }


  private static final SparseMatrix A = Fixtures.random(50, 40, 0.15, 61);
  private static final SparseMatrix B = Fixtures.random(40, 30, 0.15, 62);

  /** Creates a table holding A and B under {@code codecA}/{@code codecB}. */
  private static String load(AccumuloClient client, SparseMatrix a, SparseMatrix b,
      ValueCodec codecA, ValueCodec codecB) {
    String table = Fixtures.uniqueTable("semi");
    TableM.create(client, table, List.of("A", "B", "C"), List.of("20"));
    KeyFormat keys = KeyFormat.forSize(
        Math.max(Math.max(a.rows(), a.cols()), Math.max(b.rows(), b.cols())));
    MatrixStore.load(client, table, "A", a, keys, codecA);
    MatrixStore.load(client, table, "B", b, keys, codecB);
    return table;
  }

  @Test
  void everyBuiltInSemiring() {
    assertTrue(A.nnz() > 0 && B.nnz() > 0);
    boolean negative = false;
    for (double v : A.values()) {
      negative |= v < 0;
    }
    assertTrue(negative, "values include negative numbers");
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, A, B, ValueCodecs.DECIMAL, ValueCodecs.DECIMAL);
      for (Semiring s : Semirings.builtIn().values()) {
        // each semiring into its own C family of the one table: a write into the wrong family
        // would show up as a mismatch there
        MultiplyOptions opts = options().semiring(s.name())
            .families("A", "B", "C_" + s.name()).batchLimits(8, 16, 1 << 20).build();
        ItHelpers.multiplyAndCheck(client, table, A, B, opts, s, ValueCodecs.DECIMAL);
      }
    }
  }

  @Test
  void everyBuiltInSemiringInInt64() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, A, B, ValueCodecs.LONG, ValueCodecs.LONG);
      for (Semiring s : Semirings.builtIn().values()) {
        MultiplyOptions opts = options().semiring(s.name()).codec("long")
            .families("A", "B", "C_" + s.name()).build();
        ItHelpers.multiplyAndCheck(client, table, A, B, opts, s, ValueCodecs.LONG);
      }
    }
  }

  @Test
  void userSemiringByClassName() {
    String name = "class:" + MinMinusSemiring.class.getName();
    Semiring s = new MinMinusSemiring();
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, A, B, ValueCodecs.DECIMAL, ValueCodecs.DECIMAL);
      ItHelpers.multiplyAndCheck(client, table, A, B,
          options().semiring(name).build(), s, ValueCodecs.DECIMAL);
      ItHelpers.multiplyAndCheck(client, table, A, B,
          options().semiring(s).families("A", "B", "C2").build(), s,
          ValueCodecs.DECIMAL);
    }
  }

  @Test
  void longCodec() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, A, B, ValueCodecs.LONG, ValueCodecs.LONG);
      ItHelpers.multiplyAndCheck(client, table, A, B, options().codec("long")
          .build(), Semirings.PLUS_TIMES, ValueCodecs.LONG);
    }
  }

  /**
   * Values with fractions through each codec that keeps them (FP64 as 8 bytes, or as decimal
   * text), under PLUS_TIMES and MAX_MIN.
   */
  @ParameterizedTest(name = "{0} codec")
  @ValueSource(strings = {"double", "decimal"})
  void fractions(String codecName) {
    ValueCodec codec = ValueCodecs.forName(codecName);
    SparseMatrix a = ItHelpers.mapValues(A, v -> v * 0.37);
    SparseMatrix b = ItHelpers.mapValues(B, v -> v / 3);
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, a, b, codec, codec);
      ItHelpers.multiplyAndCheck(client, table, a, b, options().codec(codecName)
          .build(), Semirings.PLUS_TIMES, codec);
      ItHelpers.multiplyAndCheck(client, table, a, b, options().codec(codecName)
          .semiring("MAX_MIN").families("A", "B", "C2").build(), Semirings.MAX_MIN, codec);
    }
  }

  @Test
  void mixedCodecsComputeInCsDomain() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = load(client, A, B, ValueCodecs.DECIMAL, ValueCodecs.DOUBLE);
      ItHelpers.multiplyAndCheck(client, table, A, B,
          options().codecs("decimal", "double", "long").build(),
          Semirings.PLUS_TIMES, ValueCodecs.LONG);
    }
  }

  /** The long codec must refuse 2.5 rather than store 2. */
  @Test
  void longCodecLoadRefusesFractions() {
    SparseMatrix a = ItHelpers.mapValues(Fixtures.random(5, 5, 0.5, 63), v -> v + 0.5);
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("semi");
      TableM.create(client, table);
      assertThrows(RuntimeException.class, () -> MatrixStore.load(client, table, "A", a,
          KeyFormat.forSize(5), ValueCodecs.LONG), "fractional values under the long codec");
    }
  }
}
