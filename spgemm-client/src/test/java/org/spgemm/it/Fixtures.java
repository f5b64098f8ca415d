package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.RandomMatrices;
import org.spgemm.matrix.SparseMatrix;

/** Shared test helpers: unique tables, random matrices, loading and entry-by-entry comparison. */
final class Fixtures {

  private static final AtomicInteger COUNTER = new AtomicInteger();

  private Fixtures() {}

  static String uniqueTable(String prefix) {
    return prefix + "_" + COUNTER.incrementAndGet();
  }

  /**
   * Random rows x cols matrix with about {@code density} of entries set, small integer values
   * (1..9, either sign).
   */
  static SparseMatrix random(int rows, int cols, double density, long seed) {
    return RandomMatrices.random(new SplittableRandom(seed), rows, cols, density,
        rnd -> rnd.nextInt(1, 10) * (rnd.nextBoolean() ? 1 : -1));
  }

  /**
   * A new table named after {@code prefix} holding A and B (decimal values), split at {@code
   * splits}.
   */
  static String loadedTable(AccumuloClient client, String prefix, SparseMatrix a, SparseMatrix b,
      List<String> splits) {
    String table = uniqueTable(prefix);
    createAndLoad(client, table, a, b, splits);
    return table;
  }

  /** Creates table M holding A and B (decimal values) with optional row splits. */
  static KeyFormat createAndLoad(AccumuloClient client, String table, SparseMatrix a,
      SparseMatrix b, List<String> splits, ValueCodec codec) {
    TableM.create(client, table, List.of("A", "B", "C"), splits);
    KeyFormat keys = KeyFormat.forSize(
        Math.max(Math.max(a.rows(), a.cols()), Math.max(b.rows(), b.cols())));
    MatrixStore.load(client, table, "A", a, keys, codec);
    MatrixStore.load(client, table, "B", b, keys, codec);
    return keys;
  }

  static KeyFormat createAndLoad(AccumuloClient client, String table, SparseMatrix a,
      SparseMatrix b, List<String> splits) {
    return createAndLoad(client, table, a, b, splits, ValueCodecs.DECIMAL);
  }

  /** Every nonzero of {@code expected} is in {@code actual} with the same value, and no other. */
  static void assertSameMatrix(SparseMatrix expected, SparseMatrix actual) {
    assertEquals(expected.rows(), actual.rows(), "rows");
    assertEquals(expected.cols(), actual.cols(), "cols");
    int mismatches = 0;
    StringBuilder first = new StringBuilder();
    for (int i = 0; i < expected.rows(); i++) {
      for (int p = expected.rowStart(i); p < expected.rowEnd(i); p++) {
        int j = expected.colAt(p);
        double e = expected.valueAt(p);
        var a = actual.get(i, j);
        if (a.isEmpty() || !close(e, a.getAsDouble())) {
          if (mismatches++ < 5) {
            first.append(String.format(" C(%d,%d) expected %s got %s;", i, j, e, a));
          }
        }
      }
    }
    assertEquals(0, mismatches, "entries differing from the in-memory multiply:" + first);
    assertEquals(expected.nnz(), actual.nnz(), "nnz(C)");
  }

  static boolean close(double e, double a) {
    if (e == a) {
      return true;
    }
    return Math.abs(e - a) <= 1e-9 * Math.max(1, Math.max(Math.abs(e), Math.abs(a)));
  }

  /** All entries of a family as row|qualifier -> value text, for before/after comparisons. */
  static Map<String,String> snapshot(AccumuloClient client, String table, String family) {
    Map<String,String> m = new TreeMap<>();
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.fetchColumnFamily(new Text(family));
      for (Map.Entry<Key,Value> e : s) {
        m.put(e.getKey().getRow() + "|" + e.getKey().getColumnQualifier(),
            java.util.Base64.getEncoder().encodeToString(e.getValue().get()));
      }
    } catch (Exception e) {
      fail(e);
    }
    return m;
  }

  static void assertNonEmpty(Map<?,?> m, String what) {
    assertTrue(!m.isEmpty(), what + " should not be empty");
  }
}
