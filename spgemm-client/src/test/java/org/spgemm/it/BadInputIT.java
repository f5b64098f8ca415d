package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.ClusterException;
import org.spgemm.client.DimensionMismatchException;
import org.spgemm.client.Engine;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * Bad data and bad set-ups: the exception names the problem and where, A and B are untouched, and
 * nothing that looks like a finished C is left behind.
 */
@ClusterTest
class BadInputIT {

  private static final SparseMatrix A = Fixtures.random(40, 30, 0.15, 81);
  private static final SparseMatrix B = Fixtures.random(30, 20, 0.2, 82);

  private static String loaded(AccumuloClient client) {
    String table = Fixtures.loadedTable(client, "bad", A, B, List.of("20"));
    return table;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void assertContains(String message, String... fragments) {
    for (String f : fragments) {
      assertTrue(message != null && message.contains(f),
          "message should contain '" + f + "': " + message);
    }
  }

  /** A and B as they were, C empty and not marked complete. */
  private static void assertNothingLeft(AccumuloClient client, String table,
      Map<String,String> aBefore, Map<String,String> bBefore) {
    assertEquals(aBefore, Fixtures.snapshot(client, table, "A"), "A unchanged");
    assertEquals(bBefore, Fixtures.snapshot(client, table, "B"), "B unchanged");
    assertEquals(Map.of(), Fixtures.snapshot(client, table, "C"), "C empty");
    assertFalse(SpGEMM.isComplete(client, table, "C"), "C not marked complete");
  }

  /**
   * Runs {@code multiply}, which must throw {@code type}; then A and B are as they were before it
   * and C is empty and not marked complete.
   */
  private static <E extends Throwable> E refusedLeavingNothing(AccumuloClient client,
      String table, Class<E> type, Executable multiply) {
    Map<String,String> a = Fixtures.snapshot(client, table, "A");
    Map<String,String> b = Fixtures.snapshot(client, table, "B");
    E e = assertThrows(type, multiply);
    assertNothingLeft(client, table, a, b);
    return e;
  }

  /** Runs {@code call}, which must throw {@code type}; then no entry of {@code table} changed. */
  private static <E extends Throwable> E refusedLeavingTableUnchanged(AccumuloClient client,
      String table, Class<E> type, Executable call) {
    Map<String,String> all = ItHelpers.snapshotAll(client, table);
    E e = assertThrows(type, call);
    assertEquals(all, ItHelpers.snapshotAll(client, table), "table unchanged");
    return e;
  }

  private static void assertFailedState(AccumuloClient client, String table, String... inError) {
    Map<String,String> state = SpGEMM.cState(client, table, "C");
    assertEquals("FAILED", state.get("state"), "state of C: " + state);
    assertContains(state.get("error"), inError);
  }

  @Test
  void malformedValueInA() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = loaded(client);
      ItHelpers.put(client, table, "17", "A", "05", utf8("abc"));
      SpgemmException e = refusedLeavingNothing(client, table, SpgemmException.class,
          () -> SpGEMM.multiply(client, table, MultiplyOptions.defaults()));
      assertContains(e.getMessage(), "A(17, 05)", "'abc'", "decimal");
      assertFailedState(client, table, "A(17, 05)");
    }
  }

  @Test
  void malformedValueInB() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = loaded(client);
      ItHelpers.put(client, table, "00", "A", "07", utf8("1")); // B row 07 is needed
      ItHelpers.put(client, table, "07", "B", "03", utf8("1.2.3"));
      SpgemmException e = refusedLeavingNothing(client, table, SpgemmException.class,
          () -> SpGEMM.multiply(client, table, MultiplyOptions.defaults()));
      assertContains(e.getMessage(), "B(07, 03)", "'1.2.3'");
      assertFailedState(client, table, "B(07, 03)");
    }
  }

  @Test
  void unknownSemiring() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = loaded(client);
      Map<String,String> all = ItHelpers.snapshotAll(client, table);
      InvalidOptionException e = assertThrows(InvalidOptionException.class,
          () -> MultiplyOptions.builder().semiring("NOPE"));
      assertContains(e.getMessage(), "'NOPE'", "PLUS_TIMES", "MIN_PLUS");
      e = assertThrows(InvalidOptionException.class,
          () -> MultiplyOptions.builder().semiring("class:org.spgemm.it.NoSuchSemiring"));
      assertContains(e.getMessage(), "org.spgemm.it.NoSuchSemiring", "classpath");
      e = assertThrows(InvalidOptionException.class,
          () -> MultiplyOptions.builder().codec("utf16"));
      assertContains(e.getMessage(), "'utf16'");
      assertEquals(all, ItHelpers.snapshotAll(client, table), "table unchanged");
    }
  }

  @Test
  void missingTables() {
    try (AccumuloClient client = SharedCluster.client()) {
      ClusterException e = assertThrows(ClusterException.class,
          () -> SpGEMM.multiply(client, "bad_no_such_table", MultiplyOptions.defaults()));
      assertContains(e.getMessage(), "bad_no_such_table", "does not exist");
      assertFalse(client.tableOperations().exists("bad_no_such_table"), "not created");

      String table = loaded(client);
      e = refusedLeavingNothing(client, table, ClusterException.class, () -> SpGEMM.multiply(
          client, table, MultiplyOptions.builder().bTable("bad_no_such_b").build()));
      assertContains(e.getMessage(), "bad_no_such_b", "does not exist");
    }
  }

  /**
   * Families A, B and C that do not fit the table, what the refusal names, and whether it names
   * the table too.
   */
  static Stream<Arguments> badFamilies() {
    return Stream.of(
        Arguments.of("A, Bx, C", "Bx", true),
        Arguments.of("Ax, B, C", "Ax", true),
        Arguments.of("A, B, A", "cFamily", false));
  }

  @ParameterizedTest(name = "[{index}] families {0}")
  @MethodSource("badFamilies")
  void badFamiliesAreRefused(String families, String named, boolean namesTable) {
    String[] f = families.split(", ");
    try (AccumuloClient client = SharedCluster.client()) {
      String table = loaded(client);
      Map<String,String> a = Fixtures.snapshot(client, table, "A");
      Map<String,String> b = Fixtures.snapshot(client, table, "B");
      InvalidOptionException e = refusedLeavingTableUnchanged(client, table,
          InvalidOptionException.class, () -> SpGEMM.multiply(client, table,
              MultiplyOptions.builder().families(f[0], f[1], f[2]).build()));
      assertContains(e.getMessage(), named);
      if (namesTable) {
        assertContains(e.getMessage(), table);
      }
      assertNothingLeft(client, table, a, b);
      assertEquals(Map.of(), SpGEMM.cState(client, table, "C"), "no state recorded");
    }
  }

  @Test
  void shapeMismatch() {
    try (AccumuloClient client = SharedCluster.client()) {
      SparseMatrix a = Fixtures.random(5, 4, 0.6, 83);
      SparseMatrix b = Fixtures.random(3, 2, 0.6, 84);
      String table = Fixtures.loadedTable(client, "bad", a, b, List.of());
      DimensionMismatchException e = refusedLeavingNothing(client, table,
          DimensionMismatchException.class,
          () -> SpGEMM.multiply(client, table, MultiplyOptions.defaults()));
      assertContains(e.getMessage(), "5x4", "3x2", table);
    }
  }

  @Test
  void staleC() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = loaded(client);
      ItHelpers.multiplyAndCheck(client, table, A, B, MultiplyOptions.defaults(),
          Semirings.PLUS_TIMES, ValueCodecs.DECIMAL);
      Map<String,String> c = Fixtures.snapshot(client, table, "C");

      // without replace: refused, the existing C left exactly as it was
      SpgemmException e = assertThrows(SpgemmException.class, () -> SpGEMM.multiply(client,
          table, MultiplyOptions.builder().semiring("MIN_PLUS").overwrite(false).build()));
      assertContains(e.getMessage(), "C", table, "already holds entries");
      assertEquals(c, Fixtures.snapshot(client, table, "C"), "C untouched");
      assertTrue(SpGEMM.isComplete(client, table, "C"), "still complete");

      // with replace (the default): a stale entry where the new C has none must disappear
      SparseMatrix expected = ReferenceMultiply.multiply(A, B, Semirings.MIN_PLUS);
      KeyFormat keys = KeyFormat.forSize(40);
      int staleRow = -1;
      int staleCol = -1;
      for (int i = 0; i < expected.rows() && staleRow < 0; i++) {
        for (int k = 0; k < expected.cols(); k++) {
          if (!expected.hasEntry(i, k)) {
            staleRow = i;
            staleCol = k;
            break;
          }
        }
      }
      ItHelpers.put(client, table, keys.encodeString(staleRow), "C",
          keys.encodeString(staleCol), utf8("999"));
      ItHelpers.multiplyAndCheck(client, table, A, B,
          MultiplyOptions.builder().semiring("MIN_PLUS").build(), Semirings.MIN_PLUS,
          ValueCodecs.DECIMAL);
    }
  }

  @Test
  void malformedValueAfterSomeBatchesWereWritten() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("bad");
      SparseMatrix a = Fixtures.random(300, 100, 0.05, 85);
      SparseMatrix b = Fixtures.random(100, 60, 0.08, 86);
      Fixtures.createAndLoad(client, table, a, b, List.of("100", "200"));
      // late in the first tablet, so the other tablets are still busy when it is found
      ItHelpers.put(client, table, "095", "A", "042", utf8("4x"));
      SpgemmException e = refusedLeavingNothing(client, table, SpgemmException.class,
          () -> SpGEMM.multiply(client, table,
              MultiplyOptions.builder().batchLimits(1000, 4, 1 << 20).build()));
      assertContains(e.getMessage(), "A(095, 042)", "'4x'");
      assertFailedState(client, table, "A(095, 042)");
      // and it stays that way once every write the failed run had under way has landed
      try {
        client.tableOperations().flush(table, null, null, true);
      } catch (Exception x) {
        throw new AssertionError(x);
      }
      assertEquals(Map.of(), Fixtures.snapshot(client, table, "C"), "C still empty");
      SpgemmException read = assertThrows(SpgemmException.class,
          () -> MatrixStore.read(client, table, "C", 300, 60, ValueCodecs.DECIMAL));
      assertContains(read.getMessage(), "is FAILED", "not a finished product");
    }
  }
  /**
   * A product beyond the double range is Infinity, which a D4M decimal string cannot hold: the
   * multiply fails naming the C entry and the codec to use, on every path that writes C (the
   * compaction's C rows, the scan engine's BatchWriter, and the merge with a stored C), and C
   * reads FAILED instead of holding "Infinity".
   */
  @Test
  void productBeyondTheDoubleRangeIsRefusedByTheDecimalCodec() {
    try (AccumuloClient client = SharedCluster.client()) {
      // C(03, 11) = 1e308 * 1e308 overflows; C(03, 02), C(05, 11) and C(05, 02) do not
      SparseMatrix a = entries(40, 30, new int[] {3, 5}, new int[] {7, 7}, 1e308, 1);
      SparseMatrix b = entries(30, 20, new int[] {7, 7}, new int[] {11, 2}, 1e308, 1);
      for (Engine engine : Engine.values()) {
        String table = Fixtures.loadedTable(client, "bad", a, b, List.of("20"));
        assertInfinityRefused(client, table, MultiplyOptions.builder().engine(engine));
      }
      // accumulated: C(03, 11) = 1e308 stored, plus A*B = 1e308 * 1
      String table = Fixtures.loadedTable(client, "bad",
          a, entries(30, 20, new int[] {7}, new int[] {11}, 1),
          List.of("20"));
      MatrixStore.load(client, table, "C", entries(40, 20, new int[] {3}, new int[] {11}, 1e308),
          KeyFormat.forSize(40), ValueCodecs.DECIMAL);
      assertInfinityRefused(client, table, MultiplyOptions.builder().accum("plus"));
    }
  }

  private static SparseMatrix entries(int rows, int cols, int[] r, int[] c, double... v) {
    return SparseMatrix.fromCoordinates(rows, cols, r, c, v, v.length);
  }

  private static void assertInfinityRefused(AccumuloClient client, String table,
      MultiplyOptions.Builder opts) {
    SpgemmException e = refusedLeavingNothing(client, table, SpgemmException.class,
        () -> SpGEMM.multiply(client, table, opts.build()));
    assertContains(e.getMessage(), "C(03, 11): Infinity cannot be written by the decimal codec",
        "use the double codec");
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    assertFailedState(client, table, "C(03, 11)", "Infinity", "double codec");
  }
}
