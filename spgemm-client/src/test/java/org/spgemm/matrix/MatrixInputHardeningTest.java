package org.spgemm.matrix;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;

/**
 * Issues 14 and 15: byte order marks, one triangle per symmetric file, exact INT64 values at the
 * boundaries, values beyond the double range, NaN and infinities per value rule, damaged or
 * special files, and hypersparse shapes whose memory follows nnz.
 */
class MatrixInputHardeningTest {

  private static final String INT = "%%MatrixMarket matrix coordinate integer general\n";
  private static final String REAL = "%%MatrixMarket matrix coordinate real general\n";

  private static SparseMatrix parse(String text, ValueRules rules) throws IOException {
    return MatrixMarket.read(new StringReader(text), "A.mtx", rules);
  }

  private static MatrixMarketException refused(String text, ValueRules rules, long line,
      String problem) {
    MatrixMarketException e = assertThrows(MatrixMarketException.class, () -> parse(text, rules));
    assertEquals(line, e.line(), e.getMessage());
    assertTrue(e.getMessage().contains(problem), () -> "'" + problem + "' in " + e.getMessage());
    assertTrue(e.getMessage().indexOf('\n') < 0, "one line");
    return e;
  }

  @Test
  void aUtf8ByteOrderMarkBeforeTheBannerIsSkipped(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("bom.mtx");
    byte[] text = (REAL + "2 2 1\n2 1 4\n").getBytes(ISO_8859_1);
    byte[] withBom = new byte[text.length + 3];
    withBom[0] = (byte) 0xEF;
    withBom[1] = (byte) 0xBB;
    withBom[2] = (byte) 0xBF;
    System.arraycopy(text, 0, withBom, 3, text.length);
    Files.write(f, withBom);
    SparseMatrix m = MatrixMarket.read(f);
    assertEquals(1, m.nnz());
    assertEquals(4.0, m.get(1, 0).getAsDouble());
    // and through a Reader that already decoded UTF-8
    assertEquals(m, parse("\uFEFF" + REAL + "2 2 1\n2 1 4\n", ValueRules.AS_WRITTEN));
    // a BOM elsewhere is not special
    refused(REAL + "\uFEFF2 2 1\n2 1 4\n", ValueRules.AS_WRITTEN, 2, "row count");
  }

  @Test
  void aSymmetricFileListingBothTrianglesIsRefusedWithTheLine() {
    String sym = "%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n1 2 5\n2 1 7\n";
    MatrixMarketException e = refused(sym, ValueRules.AS_WRITTEN, 4, "holds one triangle");
    assertEquals("A.mtx:4: symmetric file lists (2, 1) in the lower triangle but (1, 2) on"
        + " line 3 in the upper; a symmetric Matrix Market file holds one triangle (its mirror"
        + " image is implied)", e.getMessage());
    // different positions in different triangles: still two triangles
    refused("%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 5\n1 3 7\n",
        ValueRules.AS_WRITTEN, 4, "skew-symmetric file lists (1, 3) in the upper triangle");
    refused("%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n1 1\n3 2\n2 3\n",
        ValueRules.AS_WRITTEN, 5, "(2, 3) in the upper triangle but (3, 2) on line 4");
  }

  @Test
  void anUpperTriangleOnlyFileIsMirroredAsUsual() throws IOException {
    SparseMatrix m = parse("%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 2 5\n"
        + "2 2 1\n1 3 7\n", ValueRules.AS_WRITTEN);
    assertEquals(5, m.nnz());
    assertEquals(5.0, m.get(1, 0).getAsDouble());
    assertEquals(7.0, m.get(2, 0).getAsDouble());
    assertEquals(m, m.transpose());
  }

  @Test
  void integerFilesAreExactAtTheInt64Boundaries() throws IOException {
    SparseMatrix m = parse(INT + "1 4 4\n1 1 9223372036854775807\n1 2 -9223372036854775808\n"
        + "1 3 9007199254740993\n1 4 +42\n", ValueRules.AS_WRITTEN);
    assertEquals(Domain.INT64, m.domain());
    assertArrayEquals(new long[] {Long.MAX_VALUE, Long.MIN_VALUE, (1L << 53) + 1, 42},
        m.longValues());
    for (ValueRules rules : ValueRules.values()) {
      refused(INT + "1 1 1\n1 1 9223372036854775808\n", rules, 3,
          "value '9223372036854775808' is outside the 64-bit integer range");
      refused(INT + "1 1 1\n1 1 -9223372036854775809\n", rules, 3, "outside the 64-bit");
    }
  }

  @Test
  void theInt64RuleReadsRealFilesExactlyOrRefuses() throws IOException {
    SparseMatrix m = parse(REAL + "1 5 5\n1 1 9223372036854775807\n1 2 3.0\n1 3 1e3\n"
        + "1 4 -9007199254740993\n1 5 -0\n", ValueRules.INT64);
    assertEquals(Domain.INT64, m.domain());
    assertArrayEquals(new long[] {Long.MAX_VALUE, 3, 1000, -(1L << 53) - 1, 0},
        m.longValues());
    assertEquals(Domain.INT64,
        parse("%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1\n", ValueRules.INT64)
            .domain());
    refused(REAL + "1 1 1\n1 1 2.5\n", ValueRules.INT64, 3,
        "value '2.5' is not an integer, and INT64 values (the long codec) must be");
    refused(REAL + "1 1 1\n1 1 1e19\n", ValueRules.INT64, 3, "outside the 64-bit integer range");
    refused(REAL + "1 1 1\n1 1 nan\n", ValueRules.INT64, 3, "value 'nan' is not an integer");
    refused(REAL + "1 1 1\n1 1 -inf\n", ValueRules.INT64, 3, "value '-inf' is not an integer");
  }

  @Test
  void duplicateInt64EntriesAreSummedWithWrapAround() throws IOException {
    SparseMatrix m = parse(INT + "1 1 2\n1 1 9223372036854775807\n1 1 1\n",
        ValueRules.AS_WRITTEN);
    assertEquals(Long.MIN_VALUE, m.longAt(0), "GraphBLAS INT64 PLUS wraps");
  }

  @Test
  void aLiteralBeyondTheDoubleRangeIsRefusedUnderEveryRule() throws IOException {
    for (ValueRules rules : new ValueRules[] {ValueRules.AS_WRITTEN, ValueRules.FINITE}) {
      refused(REAL + "1 1 1\n1 1 1e400\n", rules, 3,
          "value '1e400' is beyond the range of a double");
      refused(REAL + "1 1 1\n1 1 -2.5E+309\n", rules, 3, "beyond the range of a double");
    }
    refused(REAL + "1 1 1\n1 1 1e400\n", ValueRules.INT64, 3, "beyond the range of a double");
    // below the smallest double: rounds to zero, as IEEE 754 parsing (strtod) does
    assertEquals(0.0, parse(REAL + "1 1 1\n1 1 1e-400\n", ValueRules.FINITE).valueAt(0));
  }

  @Test
  void nanAndInfinityAreKeptAsWrittenAndRefusedForDecimalStrings() throws IOException {
    String text = REAL + "1 3 3\n1 1 nan\n1 2 inf\n1 3 -Infinity\n";
    SparseMatrix m = parse(text, ValueRules.AS_WRITTEN);
    assertTrue(Double.isNaN(m.valueAt(0)));
    assertEquals(Double.POSITIVE_INFINITY, m.valueAt(1));
    assertEquals(Double.NEGATIVE_INFINITY, m.valueAt(2));
    refused(text, ValueRules.FINITE, 3,
        "value 'nan' is not finite: a decimal string value (D4M, the decimal codec) cannot hold"
            + " NaN or Infinity");
    refused(REAL + "1 1 1\n1 1 -Infinity\n", ValueRules.FINITE, 3, "'-Infinity' is not finite");
  }

  @Test
  void fileProblemsNameThePathOnOneLine(@TempDir Path dir) throws IOException {
    assertFileRefused(dir.resolve("missing.mtx"), "missing.mtx: no such file");
    assertFileRefused(dir, dir + ": is a directory, not a Matrix Market file");
    Path fake = dir.resolve("fake.mtx.gz");
    Files.writeString(fake, REAL + "1 1 1\n1 1 1\n");
    assertFileRefused(fake, "fake.mtx.gz: the name ends in .gz but the file is not gzip data");
    Path empty = dir.resolve("empty.mtx.gz");
    Files.write(empty, new byte[0]);
    assertFileRefused(empty, "empty.mtx.gz: the name ends in .gz but the file is too short");
    byte[] gz = gzip((REAL + "3 3 3\n1 1 1\n2 2 2\n3 3 3\n").repeat(1));
    Path truncated = dir.resolve("truncated.mtx.gz");
    Files.write(truncated, Arrays.copyOf(gz, gz.length - 12));
    assertFileRefused(truncated, "truncated.mtx.gz:");
    MatrixMarketException e = assertThrows(MatrixMarketException.class,
        () -> MatrixMarket.read(truncated));
    assertTrue(e.getMessage().contains("ends early (truncated .gz file)")
        || e.getMessage().contains("corrupt"), e.getMessage());
    Path unnamed = dir.resolve("compressed.mtx");
    Files.write(unnamed, gz);
    assertFileRefused(unnamed, "compressed.mtx:1: not a Matrix Market file (this is gzip data:"
        + " name the file *.gz)");
  }

  @Test
  void aFifoIsRefusedWithoutOpeningIt(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("a.mtx");
    Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertEquals(0, p.waitFor(), "mkfifo (coreutils) made the FIFO");
    // opening a FIFO without a writer blocks: the check must come first (the test would hang)
    assertFileRefused(fifo, "a.mtx: is not a regular file");
  }

  @Test
  void anUnreadableFileIsRefused(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("secret.mtx");
    Files.writeString(f, REAL + "1 1 1\n1 1 1\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("-w-------"));
    if (Files.isReadable(f)) {
      // root (as CI runs) reads any file: one the kernel refuses to read even to root instead
      assertFileRefused(Path.of("/proc/self/mem"), "/proc/self/mem: cannot be read");
    } else {
      assertFileRefused(f, "secret.mtx: cannot be read (permission denied)");
    }
  }

  private static void assertFileRefused(Path p, String message) {
    MatrixMarketException e = assertThrows(MatrixMarketException.class,
        () -> MatrixMarket.read(p));
    assertTrue(e.getMessage().contains(message), () -> "'" + message + "' in " + e.getMessage());
    assertTrue(e.getMessage().startsWith(p.toString()), e.getMessage());
    assertTrue(e.getMessage().indexOf('\n') < 0, "one line");
  }

  private static byte[] gzip(String s) throws IOException {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(buf)) {
      out.write(s.getBytes(ISO_8859_1));
    }
    return buf.toByteArray();
  }

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  /**
   * 200,000,000 x 200,000,000 with four entries: read, transposed, multiplied, compared and
   * written in a few megabytes (one int per row would be 800 MB).
   */
  @Test
  void hypersparseShapesUseMemoryByEntriesNotByShape() throws IOException {
    String text = INT + "200000000 200000000 4\n1 200000000 3\n200000000 1 5\n"
        + "123456789 200000000 7\n200000000 123456789 11\n";
    long before = allocatedBytes();
    SparseMatrix a = parse(text, ValueRules.AS_WRITTEN);
    SparseMatrix t = a.transpose();
    SparseMatrix c = ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES, Domain.INT64);
    SparseMatrix cFp = ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES);
    MatrixComparison cmp = MatrixComparison.compare(c, cFp, 0);
    StringWriter out = new StringWriter();
    MatrixMarket.write(out, c);
    SparseMatrix back = parse(out.toString(), ValueRules.AS_WRITTEN);
    long used = allocatedBytes() - before;
    assertTrue(used < 64L << 20, "allocated " + (used >> 20) + " MB");

    assertEquals(200_000_000, a.rows());
    assertEquals(4, a.nnz());
    assertEquals(3, a.nonEmptyRows());
    assertEquals(3, a.storedRows(), "only rows holding entries are stored");
    assertEquals(0, a.rowNnz(5));
    assertEquals(2, a.rowNnz(199_999_999));
    assertEquals(11, a.longAt(a.rowStart(199_999_999) + 1));
    assertEquals(3.0, t.get(199_999_999, 0).getAsDouble());
    assertEquals(5.0, t.get(0, 199_999_999).getAsDouble());
    assertEquals(a, t.transpose());
    assertEquals("%%MatrixMarket matrix coordinate integer general\n200000000 200000000 5\n"
        + "1 1 15\n1 123456789 33\n123456789 1 35\n123456789 123456789 77\n"
        + "200000000 200000000 92\n", out.toString());
    assertEquals(c, back);
    assertEquals(Domain.INT64, c.domain());
    assertTrue(cmp.equal(), () -> cmp.firstDifferences().toString());
    assertEquals(6, a.partialProducts(a), "2 + 1 + 2 + 1 partial products");
  }
}
