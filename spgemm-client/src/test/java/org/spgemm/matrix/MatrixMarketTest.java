package org.spgemm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MatrixMarketTest {

  private static SparseMatrix parse(String text) throws IOException {
    return MatrixMarket.read(new StringReader(text), "A.mtx");
  }

  @Test
  void readsRealGeneralWithCommentsAndBlankLines() throws IOException {
    String text = "%%MatrixMarket matrix coordinate real general\n"
        + "% a comment\n"
        + "\n"
        + "   % indented comment\n"
        + "3 4 4\n"
        + "1 1 1.5\n"
        + "\n"
        + "% comment between entries\n"
        + "3 4 -2e3\n"
        + "  2\t2   0\n"
        + "1 4 .25\n"
        + "% trailing comment\n"
        + "\n";
    assertEquals(Triples.fp64(3, 4, 0, 0, 1.5, 2, 3, -2000, 1, 1, 0, 0, 3, 0.25), parse(text));
  }

  @Test
  void readsIntegerField() throws IOException {
    String text = "%%MatrixMarket matrix coordinate integer general\n2 2 3\n1 2 -7\n2 1 +3\n"
        + "2 2 -0\n";
    assertEquals(Triples.int64(2, 2, 0, 1, -7, 1, 0, 3, 1, 1, 0), parse(text));
    String big = "%%MatrixMarket matrix coordinate integer general\n1 2 2\n1 1 -9007199254740993\n"
        + "1 2 123456789012345678\n";
    SparseMatrix m = parse(big);
    assertEquals(Triples.int64(1, 2, 0, 0, -9007199254740993L, 0, 1, 123456789012345678L), m);
    assertEquals(-9007199254740993L, m.longAt(0), "exact beyond 2^53");
  }

  /** Small files of each field and symmetry, and the matrix each one reads as. */
  static Stream<Arguments> wellFormedFiles() {
    return Stream.of(
        Arguments.of("pattern field read as ones",
            "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n3 3\n2 1\n",
            Triples.fp64(3, 3, 0, 1, 1, 2, 2, 1, 1, 0, 1)),
        Arguments.of("symmetric pattern mirrors",
            "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n1 1\n2 1\n",
            Triples.fp64(2, 2, 0, 0, 1, 0, 1, 1, 1, 0, 1)),
        Arguments.of("skew-symmetric mirrors negated",
            "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 3\n3 1 -2\n",
            Triples.int64(3, 3, 1, 0, 3, 0, 1, -3, 2, 0, -2, 0, 2, 2)),
        Arguments.of("banner is case-insensitive and CR LF is accepted",
            "%%matrixmarket MATRIX Coordinate REAL General\r\n1 1 1\r\n1 1 2\r\n",
            Triples.fp64(1, 1, 0, 0, 2)));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("wellFormedFiles")
  void readsWellFormedFile(String what, String text, SparseMatrix expected) throws IOException {
    assertEquals(expected, parse(text));
  }

  @Test
  void symmetricMirrorsOffDiagonalEntries() throws IOException {
    String text = "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 1 4\n2 1 -1\n3 2 5\n";
    SparseMatrix m = parse(text);
    assertEquals(Triples.fp64(3, 3, 0, 0, 4, 1, 0, -1, 0, 1, -1, 2, 1, 5, 1, 2, 5), m);
    assertEquals(m, m.transpose());
  }

  @Test
  void duplicatesAreSummed() throws IOException {
    String text = "%%MatrixMarket matrix coordinate real general\n2 2 4\n1 1 1\n2 2 2\n1 1 3\n"
        + "1 1 0.5\n";
    assertEquals(Triples.fp64(2, 2, 0, 0, 4.5, 1, 1, 2), parse(text));
    // a symmetric file's duplicates within its one triangle are summed, then mirrored
    String sym = "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n2 1\n2 1\n";
    assertEquals(Triples.fp64(2, 2, 0, 1, 2, 1, 0, 2), parse(sym));
    String ints = "%%MatrixMarket matrix coordinate integer general\n1 1 2\n1 1 9007199254740993\n"
        + "1 1 1\n";
    assertEquals(Triples.int64(1, 1, 0, 0, 9007199254740994L), parse(ints), "summed exactly");
  }

  @Test
  void acceptsEmptyMatricesAndSpecialValues() throws IOException {
    assertEquals(SparseMatrix.empty(0, 0),
        parse("%%MatrixMarket matrix coordinate real general\n0 0 0\n"));
    assertEquals(SparseMatrix.empty(5, 3),
        parse("%%MatrixMarket matrix coordinate real general\n5 3 0\n% nothing\n"));
    String text = "%%MatrixMarket matrix coordinate real general\n1 4 4\n1 1 inf\n1 2 -Infinity\n"
        + "1 3 nan\n1 4 -0\n";
    SparseMatrix m = parse(text);
    assertEquals(Double.POSITIVE_INFINITY, m.valueAt(0));
    assertEquals(Double.NEGATIVE_INFINITY, m.valueAt(1));
    assertTrue(Double.isNaN(m.valueAt(2)));
    assertEquals(-0.0, m.valueAt(3));
  }

  static Stream<Arguments> malformedFiles() {
    String real = "%%MatrixMarket matrix coordinate real general\n";
    return Stream.of(
        Arguments.of("", 1, "not a Matrix Market file"),
        Arguments.of("3 3 1\n1 1 1\n", 1,
            "not a Matrix Market file (missing %%MatrixMarket banner)"),
        Arguments.of("%MatrixMarket matrix coordinate real general\n1 1 0\n", 1,
            "missing %%MatrixMarket banner"),
        Arguments.of("%%MatrixMarket matrix coordinate real\n1 1 0\n", 1, "banner must read"),
        Arguments.of("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", 1,
            "array format is not supported"),
        Arguments.of("%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", 1,
            "complex field is not supported"),
        Arguments.of("%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n", 1,
            "hermitian symmetry is not supported"),
        Arguments.of("%%MatrixMarket vector coordinate real general\n1 1 0\n", 1,
            "object 'vector' is not supported"),
        Arguments.of("%%MatrixMarket matrix coordinate reals general\n1 1 0\n", 1,
            "unknown field 'reals'"),
        Arguments.of("%%MatrixMarket matrix coordinate real generic\n1 1 0\n", 1,
            "unknown symmetry 'generic'"),
        Arguments.of("%%MatrixMarket matrix coordinate pattern skew-symmetric\n1 1 0\n", 1,
            "pattern field cannot be skew-symmetric"),
        Arguments.of(real + "% only comments\n\n", 3, "missing size line"),
        Arguments.of(real + "5 5\n", 2, "size line must be 'rows columns entries'"),
        Arguments.of(real + "5 -5 1\n", 2, "column count '-5' is not a non-negative integer"),
        Arguments.of(real + "5 5 x\n", 2, "entry count 'x' is not a non-negative integer"),
        Arguments.of(real + "99999999999 5 0\n", 2, "row count 99999999999 is too large"),
        Arguments.of("%%MatrixMarket matrix coordinate real symmetric\n3 4 0\n", 2,
            "symmetric matrix must be square, header says 3x4"),
        Arguments.of(real + "% c\n%c\n\n5 5 3\n1 1 1\n0 2 1\n3 3 1\n", 7,
            "row index 0 out of range 1..5"),
        Arguments.of(real + "5 5 2\n1 1 1\n2 6 1\n", 4, "column index 6 out of range 1..5"),
        Arguments.of(real + "0 5 1\n1 1 1\n", 3,
            "row index 1 out of range (the matrix has no rows)"),
        Arguments.of(real + "5 5 1\n1 99999999999 1\n", 3,
            "column index 99999999999 out of range 1..5"),
        Arguments.of(real + "5 5 1\nx 1 1\n", 3, "row index 'x' is not an integer"),
        Arguments.of(real + "5 5 1\n1 1.0 1\n", 3, "column index '1.0' is not an integer"),
        Arguments.of(real + "5 5 12\n" + "1 1 1\n".repeat(11), 13,
            "header says 12 entries, file has 11"),
        Arguments.of(real + "5 5 2\n1 1 1\n2 2 2\n% c\n3 3 3\n\n4 4 4\n", 6,
            "header says 2 entries, file has 4"),
        Arguments.of(real + "5 5 1\n1 1 abc\n", 3, "value 'abc' is not a number"),
        Arguments.of(real + "5 5 1\n1 1 1.5.2\n", 3, "value '1.5.2' is not a number"),
        Arguments.of(real + "5 5 1\n1 1 0x1p3\n", 3, "value '0x1p3' is not a number"),
        Arguments.of(real + "5 5 1\n1 1 2d\n", 3, "value '2d' is not a number"),
        Arguments.of("%%MatrixMarket matrix coordinate integer general\n5 5 1\n1 1 1.5\n", 3,
            "value '1.5' is not an integer"),
        Arguments.of(real + "5 5 2\n1 1 1\n2 2\n", 4, "missing value"),
        Arguments.of(real + "5 5 1\n1\n", 3, "missing column index"),
        Arguments.of(real + "5 5 1\n1 1 1 1\n", 3, "expected 3 fields (row column value)"),
        Arguments.of("%%MatrixMarket matrix coordinate pattern general\n5 5 1\n1 1 1\n", 3,
            "expected 2 fields (row column) but found 3"),
        Arguments.of("%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 2 1\n", 3,
            "skew-symmetric matrix has a nonzero diagonal entry at (2, 2)"));
  }

  @ParameterizedTest(name = "[{index}] line {1}: {2}")
  @MethodSource("malformedFiles")
  void errorsNameSourceLineAndProblem(String text, int line, String problem) {
    MatrixMarketException e = assertThrows(MatrixMarketException.class, () -> parse(text));
    assertTrue(e.getMessage().startsWith("A.mtx:" + line + ": "),
        () -> "expected line " + line + " in: " + e.getMessage());
    assertTrue(e.getMessage().contains(problem),
        () -> "expected '" + problem + "' in: " + e.getMessage());
    assertEquals(line, e.line());
    assertEquals("A.mtx", e.source());
    assertEquals("A.mtx:" + line + ": " + e.problem(), e.getMessage());
    assertTrue(e.getMessage().indexOf('\n') < 0, "message must be one line");
  }

  @Test
  void exactMessageForOutOfRangeIndex() {
    String text = "%%MatrixMarket matrix coordinate real general\n%\n%\n%\n5 5 3\n1 1 1\n0 2 1\n";
    MatrixMarketException e = assertThrows(MatrixMarketException.class, () -> parse(text));
    assertEquals("A.mtx:7: row index 0 out of range 1..5", e.getMessage());
  }

  @Test
  void formatValuePrintsIntegralValuesWithoutFraction() {
    assertEquals("3", MatrixMarket.formatValue(3.0));
    assertEquals("-12", MatrixMarket.formatValue(-12.0));
    assertEquals("0", MatrixMarket.formatValue(0.0));
    assertEquals("-0", MatrixMarket.formatValue(-0.0));
    assertEquals("0.1", MatrixMarket.formatValue(0.1));
    assertEquals("2.5E-8", MatrixMarket.formatValue(2.5e-8));
    assertEquals("123456789012", MatrixMarket.formatValue(123456789012.0));
    assertEquals("NaN", MatrixMarket.formatValue(Double.NaN));
    assertEquals("-Infinity", MatrixMarket.formatValue(Double.NEGATIVE_INFINITY));
  }

  @Test
  void writesCoordinateRealGeneral() throws IOException {
    StringWriter out = new StringWriter();
    MatrixMarket.write(out, Triples.fp64(2, 3, 0, 2, 3, 1, 0, 0.5, 1, 1, -1));
    assertEquals("%%MatrixMarket matrix coordinate real general\n2 3 3\n1 3 3\n2 1 0.5\n"
        + "2 2 -1\n", out.toString());
  }

  @Test
  void roundTripIsExactOnRandomMatrices() throws IOException {
    SplittableRandom rnd = new SplittableRandom(42);
    for (int trial = 0; trial < 40; trial++) {
      SparseMatrix m = RandomMatrices.anyDoubles(rnd, rnd.nextInt(0, 30), rnd.nextInt(0, 30),
          rnd.nextDouble());
      StringWriter out = new StringWriter();
      MatrixMarket.write(out, m);
      assertEquals(m, parse(out.toString()), () -> out.toString());
    }
  }

  @Test
  void readsAndWritesFilesIncludingGzip(@TempDir Path dir) throws IOException {
    SparseMatrix m = RandomMatrices.anyDoubles(new SplittableRandom(5), 40, 30, 0.2);
    Path plain = dir.resolve("m.mtx");
    Path gz = dir.resolve("m.mtx.gz");
    MatrixMarket.write(plain, m);
    MatrixMarket.write(gz, m);
    assertEquals(m, MatrixMarket.read(plain));
    assertEquals(m, MatrixMarket.read(gz));
    assertTrue(Files.readString(plain, StandardCharsets.ISO_8859_1)
        .startsWith("%%MatrixMarket matrix coordinate real general\n40 30 "));

    Path bad = dir.resolve("bad.mtx");
    Files.writeString(bad, "%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1\n");
    MatrixMarketException e = assertThrows(MatrixMarketException.class,
        () -> MatrixMarket.read(bad));
    assertEquals(bad + ":3: row index 3 out of range 1..2", e.getMessage());
  }

  @Test
  void roundTripOfGeneratedMatrices() throws IOException {
    for (SparseMatrix m : new SparseMatrix[] {RmatGenerator.generate(8, 4, 1),
        Poisson3D.generate(4, 27)}) {
      StringWriter out = new StringWriter();
      MatrixMarket.write(out, m);
      assertEquals(m, parse(out.toString()));
    }
  }
}
