package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * bin/spgemm multiply end to end on the shared cluster (through --client-props): INT64 values stay
 * exact and wrap as GraphBLAS INT64 under --codec long, the double codec keeps NaN and infinities,
 * duplicates are summed, values stored at --value-bytes read back as the same numbers (with the
 * bytes counted), and a 200,000,000 x 200,000,000 hypersparse input multiplies with memory that
 * follows its entries.
 */
@ClusterTest
class CliInputValuesIT extends CliOnSharedCluster {

  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final String INT = "%%MatrixMarket matrix coordinate integer general\n";
  private static final String REAL = "%%MatrixMarket matrix coordinate real general\n";

  /** Runs multiply on the shared cluster into a new table; returns C as read from --out. */
  private static SparseMatrix multiply(String table, Path a, Path b, String codec)
      throws IOException {
    Path c = dir.resolve(table + ".mtx");
    succeed(table, "multiply", "--a", a.toString(), "--b", b.toString(), "--out", c.toString(),
        "--codec", codec, "--tablets", "2");
    try (AccumuloClient client = SharedCluster.client()) {
      assertTrue(SpGEMM.isComplete(client, table, "C"), "C is COMPLETE");
    }
    return MatrixMarket.read(c);
  }

  private static String table(String prefix) {
    return "cli_" + prefix + TABLES.incrementAndGet();
  }

  @Test
  void longCodecKeepsInt64ExactAndWrapsOnOverflow() throws IOException {
    Path a = file("a-int.mtx", INT + "2 2 3\n1 1 1\n1 2 9007199254740993\n2 2 3037000500\n");
    Path b = file("b-int.mtx", INT + "2 2 3\n1 1 9223372036854775807\n2 1 1\n2 2 3037000500\n");
    SparseMatrix c = multiply(table("int"), a, b, "long");
    assertEquals(Domain.INT64, c.domain(), "C written as an integer file");
    long big = (1L << 53) + 1;
    long x = 3_037_000_500L;
    // row 1: 1*MAX + (2^53+1)*1 wraps; (2^53+1)*x wraps; row 2: x*1; x*x wraps
    assertArrayEquals(new long[] {Long.MAX_VALUE + big, big * x, x, x * x}, c.longValues());
    assertEquals(-9223372036709301616L, c.longAt(3), "3037000500^2 wraps as GraphBLAS INT64");
    assertEquals(ReferenceMultiply.multiply(MatrixMarket.read(a), MatrixMarket.read(b),
        Semirings.PLUS_TIMES, Domain.INT64), c);

    // times the identity: the extremes of INT64 and 2^53+1 come back unchanged
    Path e = file("e-int.mtx", INT + "1 3 3\n1 1 9223372036854775807\n1 2 -9223372036854775808\n"
        + "1 3 9007199254740993\n");
    Path id = file("id3.mtx", INT + "3 3 3\n1 1 1\n2 2 1\n3 3 1\n");
    assertArrayEquals(new long[] {Long.MAX_VALUE, Long.MIN_VALUE, big},
        multiply(table("ext"), e, id, "long").longValues());
  }

  @Test
  void doubleCodecKeepsNanAndInfinitiesAndDuplicatesAreSummed() throws IOException {
    Path a = file("a-nan.mtx", REAL + "3 3 4\n1 1 nan\n2 2 inf\n3 3 -Infinity\n3 3 1\n");
    Path id = file("id3r.mtx", REAL + "3 3 4\n1 1 1\n2 2 0.5\n3 3 1\n2 2 0.5\n");
    SparseMatrix c = multiply(table("nan"), a, id, "double");
    assertEquals(3, c.nnz());
    assertTrue(Double.isNaN(c.valueAt(0)));
    assertEquals(Double.POSITIVE_INFINITY, c.valueAt(1), "inf * (0.5 + 0.5)");
    assertEquals(Double.NEGATIVE_INFINITY, c.valueAt(2), "(-inf + 1) * 1");

    Path dup = file("a-dup.mtx", REAL + "2 2 4\n1 1 1\n1 1 2.5\n2 1 4\n2 1 -1\n");
    Path id2 = file("id2.mtx", REAL + "2 2 2\n1 1 1\n2 2 1\n");
    SparseMatrix d = multiply(table("dup"), dup, id2, "decimal");
    assertEquals(2, d.nnz());
    assertEquals(3.5, d.get(0, 0).getAsDouble());
    assertEquals(3.0, d.get(1, 0).getAsDouble());
  }

  /**
   * --value-bytes 32: every stored A and B value is 32 bytes and reads back as the number in
   * the file, C (computed from them) equals the in-memory product and keeps the decimal codec's
   * normal form, and the stats count the bytes: C's exactly, B's with its 32-byte values.
   */
  @Test
  void valueBytesPadsTheInputsAndCountsTheBytes() throws Exception {
    SplittableRandom rnd = new SplittableRandom(25);
    double[] values = {1, -1, 2, 3, -0.25, 0.5, 12, -7.5};
    int n = 24;
    int[] r = new int[120];
    int[] c = new int[120];
    double[] v = new double[120];
    for (int k = 0; k < r.length; k++) {
      r[k] = rnd.nextInt(n);
      c[k] = rnd.nextInt(n);
      v[k] = values[rnd.nextInt(values.length)];
    }
    SparseMatrix a = SparseMatrix.fromCoordinates(n, n, r, c, v, 60);
    SparseMatrix b = SparseMatrix.fromCoordinates(n, n, java.util.Arrays.copyOfRange(r, 60, 120),
        java.util.Arrays.copyOfRange(c, 60, 120), java.util.Arrays.copyOfRange(v, 60, 120), 60);
    String table = table("vb");
    Path out = dir.resolve(table + ".mtx");
    Path stats = dir.resolve(table + ".json");
    succeed(table, "multiply", "--a", write("a-vb.mtx", a).toString(), "--b",
        write("b-vb.mtx", b).toString(), "--out", out.toString(), "--value-bytes", "32",
        "--engine", "compaction", "--tablets", "2", "--stats", stats.toString());
    assertEquals(ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES), MatrixMarket.read(out),
        "C entry by entry");
    try (AccumuloClient client = SharedCluster.client()) {
      for (String f : new String[] {"A", "B"}) {
        Map<Key,Value> stored = stored(client, table, f);
        SparseMatrix m = f.equals("A") ? a : b;
        assertEquals(m.nnz(), stored.size(), f);
        stored.forEach((k, val) -> {
          assertEquals(32, val.getSize(), f + " " + k + " = '" + val + "'");
          int i = Integer.parseInt(k.getRow().toString()); // keys hold 0-based indices
          int j = Integer.parseInt(k.getColumnQualifier().toString());
          assertEquals(m.get(i, j).getAsDouble(), ValueCodecs.DECIMAL.decodeDouble(val.get()),
              f + " " + k);
        });
      }
      Map<Key,Value> cStored = stored(client, table, "C");
      long cBytes = 0;
      for (Map.Entry<Key,Value> e : cStored.entrySet()) {
        byte[] val = e.getValue().get();
        assertArrayEquals(ValueCodecs.DECIMAL.encodeDouble(ValueCodecs.DECIMAL.decodeDouble(val)),
            val, "C in the codec's normal form: " + e);
        cBytes += e.getKey().getSize() + val.length;
      }
      JsonObject m = JsonParser.parseString(Files.readString(stats)).getAsJsonObject()
          .getAsJsonObject("multiply");
      assertTrue(cBytes > 0);
      assertEquals(cBytes, m.get("cBytesWritten").getAsLong(), m.toString());
      long bFetched = m.get("bEntriesFetched").getAsLong();
      long bBytes = m.get("bBytesFetched").getAsLong();
      assertTrue(bFetched > 0 && bBytes > 32 * bFetched, m.toString());
      assertTrue(m.get("bBytesLocal").getAsLong() + m.get("bBytesRemote").getAsLong() <= bBytes,
          m.toString());
      assertEquals(m.get("bEntriesLocal").getAsLong() > 0, m.get("bBytesLocal").getAsLong() > 0,
          m.toString());
    }
  }

  @Test
  void hypersparseInputMultipliesWithMemoryFollowingItsEntries() throws IOException {
    Path a = file("hyper.mtx", INT + "200000000 200000000 4\n1 200000000 3\n200000000 1 5\n"
        + "123456789 200000000 7\n200000000 123456789 11\n");
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    SparseMatrix c = multiply(table("hyper"), a, a, "decimal");
    long used = threads.getCurrentThreadAllocatedBytes() - before;
    assertEquals(200_000_000, c.rows());
    assertEquals(200_000_000, c.cols());
    assertEquals("200000000x200000000 matrix, 5 entries {(0,0)=15.0, (0,123456788)=33.0,"
        + " (123456788,0)=35.0, (123456788,123456788)=77.0, (199999999,199999999)=92.0}",
        c.toString());
    // one int per row would be 800 MB; the whole command stays far below
    assertTrue(used < 400L << 20, "the command allocated " + (used >> 20) + " MB");
  }
}
