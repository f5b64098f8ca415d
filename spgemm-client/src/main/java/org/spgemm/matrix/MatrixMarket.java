package org.spgemm.matrix;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Reads and writes NIST Matrix Market coordinate files, the format SuiteSparse and the paper's test
 * matrices come in.
 *
 * <p>Reading accepts the {@code real}, {@code integer} and {@code pattern} fields (pattern entries
 * get the value 1) and the {@code general}, {@code symmetric} and {@code skew-symmetric} symmetries
 * (the off-diagonal entries are mirrored, negated for skew-symmetric). A symmetric or
 * skew-symmetric file lists one triangle only: an entry in the other triangle is refused with its
 * line, rather than summed with its mirror image. Indices are 1-based; lines starting with '%' and
 * blank lines may appear anywhere after the banner; a UTF-8 byte order mark before the banner is
 * skipped. Entries at the same position in a general file are summed (as scipy's and
 * SuiteSparse's readers do). Values follow {@link ValueRules}: by default {@code integer} files
 * are read as exact INT64 values and {@code real} files as doubles. Every problem raises a
 * {@link MatrixMarketException} naming the source and the line (or, for problems with the file
 * itself, only the source). The parser splits lines by hand and parses indices without
 * allocating, so files with millions of entries read in about a second. Paths ending in
 * {@code .gz} are (de)compressed. Memory follows the entry count, not the declared shape.
 *
 * <p>Writing produces {@code coordinate real general} with values printed so that reading them
 * back gives bit-identical doubles, or {@code coordinate integer general} with exact values for an
 * INT64 matrix: {@code read(write(m)).equals(m)}.
 */
public final class MatrixMarket {

  static final String BANNER = "%%MatrixMarket";

  private MatrixMarket() {}

  /** Reads a Matrix Market file; error messages name it as {@code path.toString()}. */
  public static SparseMatrix read(Path path) throws IOException {
    return read(path, ValueRules.AS_WRITTEN);
  }

  /**
   * Reads a Matrix Market file with the given value rules. The path must name a readable regular
   * file (a directory, FIFO or device is refused before it is opened, so reading never blocks);
   * every problem, including a damaged {@code .gz}, is a {@link MatrixMarketException} naming
   * the path.
   */
  public static SparseMatrix read(Path path, ValueRules rules) throws IOException {
    checkReadable(path);
    try (InputStream in = open(path);
        Reader reader = new InputStreamReader(in, ISO_8859_1)) {
      return read(reader, path.toString(), rules);
    }
  }

  /**
   * Checks that {@code path} is an existing, readable regular file.
   *
   * @throws MatrixMarketException (without a line) saying what the path is instead
   */
  public static void checkReadable(Path path) throws MatrixMarketException {
    String name = path.toString();
    if (!Files.exists(path)) {
      throw new MatrixMarketException(name, 0, Files.isSymbolicLink(path)
          ? "no such file (a broken symbolic link)" : "no such file");
    }
    if (Files.isDirectory(path)) {
      throw new MatrixMarketException(name, 0, "is a directory, not a Matrix Market file");
    }
    if (!Files.isRegularFile(path)) {
      throw new MatrixMarketException(name, 0, "is not a regular file (a FIFO, device or"
          + " socket cannot be read as a matrix)");
    }
    if (!Files.isReadable(path)) {
      throw new MatrixMarketException(name, 0, "cannot be read (permission denied)");
    }
  }

  /**
   * Reads Matrix Market text from a reader (not closed here); {@code sourceName} prefixes error
   * messages.
   */
  public static SparseMatrix read(Reader reader, String sourceName) throws IOException {
    return read(reader, sourceName, ValueRules.AS_WRITTEN);
  }

  /** As {@link #read(Reader, String)} with the given value rules. */
  public static SparseMatrix read(Reader reader, String sourceName, ValueRules rules)
      throws IOException {
    BufferedReader br =
        reader instanceof BufferedReader ? (BufferedReader) reader : new BufferedReader(reader,
            1 << 16);
    return new Parser(br, sourceName, rules).parse();
  }

  /**
   * Writes m as {@code coordinate real general}, or {@code integer general} for an INT64 matrix
   * (gzip-compressed if the name ends in .gz).
   */
  public static void write(Path path, SparseMatrix m) throws IOException {
    OutputStream out = Files.newOutputStream(path);
    if (path.getFileName() != null && path.getFileName().toString().endsWith(".gz")) {
      out = new GZIPOutputStream(out, 1 << 16);
    }
    try (Writer w = new BufferedWriter(new OutputStreamWriter(out, ISO_8859_1), 1 << 16)) {
      write(w, m);
    }
  }

  /**
   * Writes m as {@code coordinate real general} text ({@code integer general} with exact values
   * for an INT64 matrix); flushes but does not close the writer.
   */
  public static void write(Writer w, SparseMatrix m) throws IOException {
    boolean int64 = m.exact != null;
    w.write(BANNER + " matrix coordinate " + (int64 ? "integer" : "real") + " general\n");
    w.write(m.rows() + " " + m.cols() + " " + m.nnz() + "\n");
    StringBuilder sb = new StringBuilder(1 << 16);
    for (int s = 0, ns = m.storedRows(); s < ns; s++) {
      int i = m.storedRow(s);
      for (int p = m.rowPtr[s]; p < m.rowPtr[s + 1]; p++) {
        sb.append(i + 1).append(' ').append(m.colIdx[p] + 1).append(' ');
        if (int64) {
          sb.append(m.exact[p]);
        } else {
          sb.append(formatValue(m.values[p]));
        }
        sb.append('\n');
        if (sb.length() > (1 << 16) - 64) {
          w.append(sb);
          sb.setLength(0);
        }
      }
    }
    w.append(sb);
    w.flush();
  }

  /**
   * Formats a value the way {@link #write} does: integral values without a fraction ("3", "-0"),
   * everything else as {@link Double#toString} ("0.1", "1.0E-5", "NaN", "Infinity"). Parsing the
   * result with {@link Double#parseDouble} gives back the same double.
   */
  public static String formatValue(double v) {
    if (v == 0) {
      return Double.doubleToRawLongBits(v) == 0 ? "0" : "-0";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  private static InputStream open(Path path) throws IOException {
    InputStream in;
    try {
      in = Files.newInputStream(path);
    } catch (java.nio.file.AccessDeniedException e) {
      throw new MatrixMarketException(path.toString(), 0, "cannot be read (permission denied)");
    } catch (IOException e) {
      throw new MatrixMarketException(path.toString(), 0, "cannot be opened: " + describe(e));
    }
    if (path.getFileName() != null && path.getFileName().toString().endsWith(".gz")) {
      try {
        return new GZIPInputStream(in, 1 << 16);
      } catch (IOException e) {
        in.close();
        throw new MatrixMarketException(path.toString(), 0, e instanceof java.io.EOFException
            ? "the name ends in .gz but the file is too short to be gzip data (empty or"
                + " truncated)"
            : "the name ends in .gz but the file is not gzip data (" + e.getMessage() + ")");
      }
    }
    return in;
  }

  /** A read failure in words: truncated or corrupt compressed data, or the exception's text. */
  static String describe(IOException e) {
    if (e instanceof java.io.EOFException) {
      return "the compressed data ends early (truncated .gz file)";
    }
    if (e instanceof java.util.zip.ZipException) {
      return "the compressed data is corrupt (" + e.getMessage() + ")";
    }
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }

  private enum Field {
    REAL, INTEGER, PATTERN
  }

  private enum Symmetry {
    GENERAL, SYMMETRIC, SKEW
  }

  /** One parse: holds the line counter and the token boundaries of the current line. */
  private static final class Parser {
    private static final int MAX_TOKENS = 8;

    private final BufferedReader in;
    private final String source;
    private final ValueRules rules;
    private long lineNo;
    private String line;
    // Token boundaries of the current line: token t is line[start[t], end[t]).
    private final int[] start = new int[MAX_TOKENS];
    private final int[] end = new int[MAX_TOKENS];
    private int tokens;

    Parser(BufferedReader in, String source, ValueRules rules) {
      this.in = in;
      this.source = source;
      this.rules = rules;
    }

    private MatrixMarketException error(String problem) {
      return new MatrixMarketException(source, Math.max(lineNo, 1), problem);
    }

    private boolean nextLine() throws IOException {
      try {
        line = in.readLine();
      } catch (MatrixMarketException e) {
        throw e;
      } catch (IOException e) {
        throw new MatrixMarketException(source, lineNo, (lineNo > 0
            ? "reading stopped after this line: " : "cannot be read: ") + describe(e));
      }
      if (line == null) {
        return false;
      }
      lineNo++;
      return true;
    }

    /** Moves to the next line that is neither blank nor a comment; false at end of input. */
    private boolean nextDataLine() throws IOException {
      while (nextLine()) {
        tokenize();
        if (tokens > 0 && line.charAt(start[0]) != '%') {
          return true;
        }
      }
      return false;
    }

    /** Splits the current line on spaces and tabs; counts all tokens, records the first few. */
    private void tokenize() {
      tokens = 0;
      int n = line.length();
      int i = 0;
      while (true) {
        while (i < n && isBlank(line.charAt(i))) {
          i++;
        }
        if (i >= n) {
          return;
        }
        int s = i;
        while (i < n && !isBlank(line.charAt(i))) {
          i++;
        }
        if (tokens < MAX_TOKENS) {
          start[tokens] = s;
          end[tokens] = i;
        }
        tokens++;
      }
    }

    private static boolean isBlank(char ch) {
      return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f';
    }

    private String token(int t) {
      return line.substring(start[t], end[t]);
    }

    SparseMatrix parse() throws IOException {
      // Banner.
      if (!nextLine()) {
        throw error("not a Matrix Market file (empty file)");
      }
      // A UTF-8 byte order mark: EF BB BF read as ISO-8859-1, or U+FEFF from a UTF-8 reader.
      if (line.startsWith("\u00EF\u00BB\u00BF")) {
        line = line.substring(3);
      } else if (line.startsWith("\uFEFF")) {
        line = line.substring(1);
      }
      tokenize();
      if (tokens == 0 || !token(0).equalsIgnoreCase(BANNER)) {
        if (line.startsWith("\u001F\u008B")) {
          throw error("not a Matrix Market file (this is gzip data: name the file *.gz)");
        }
        throw error("not a Matrix Market file (missing " + BANNER + " banner)");
      }
      if (tokens != 5) {
        throw error("banner must read '" + BANNER
            + " matrix <format> <field> <symmetry>', found " + (tokens - 1) + " words after "
            + BANNER);
      }
      String object = token(1).toLowerCase(Locale.ROOT);
      String format = token(2).toLowerCase(Locale.ROOT);
      String fieldName = token(3).toLowerCase(Locale.ROOT);
      String symmetryName = token(4).toLowerCase(Locale.ROOT);
      if (!object.equals("matrix")) {
        throw error("object '" + token(1) + "' is not supported (only matrix)");
      }
      if (format.equals("array")) {
        throw error("array format is not supported (only coordinate)");
      }
      if (!format.equals("coordinate")) {
        throw error("unknown format '" + token(2) + "' (expected coordinate)");
      }
      Field field;
      switch (fieldName) {
        case "real":
        case "double":
          field = Field.REAL;
          break;
        case "integer":
          field = Field.INTEGER;
          break;
        case "pattern":
          field = Field.PATTERN;
          break;
        case "complex":
          throw error("complex field is not supported (only real, integer, pattern)");
        default:
          throw error("unknown field '" + token(3) + "' (expected real, integer or pattern)");
      }
      Symmetry symmetry;
      switch (symmetryName) {
        case "general":
          symmetry = Symmetry.GENERAL;
          break;
        case "symmetric":
          symmetry = Symmetry.SYMMETRIC;
          break;
        case "skew-symmetric":
          symmetry = Symmetry.SKEW;
          break;
        case "hermitian":
          throw error("hermitian symmetry is not supported (only general, symmetric,"
              + " skew-symmetric)");
        default:
          throw error("unknown symmetry '" + token(4)
              + "' (expected general, symmetric or skew-symmetric)");
      }
      if (field == Field.PATTERN && symmetry == Symmetry.SKEW) {
        throw error("pattern field cannot be skew-symmetric");
      }

      // Size line.
      if (!nextDataLine()) {
        throw error("missing size line (rows columns entries)");
      }
      if (tokens != 3) {
        throw error("size line must be 'rows columns entries', found " + tokens + " fields");
      }
      int rows = (int) parseSize(0, "row count", Integer.MAX_VALUE - 1, "32-bit indices");
      int cols = (int) parseSize(1, "column count", Integer.MAX_VALUE - 1, "32-bit indices");
      long declared = parseSize(2, "entry count", SparseMatrix.MAX_ENTRIES,
          "entries of one matrix in a Java array");
      if (symmetry != Symmetry.GENERAL && rows != cols) {
        throw error(symmetryName + " matrix must be square, header says " + rows + "x" + cols);
      }

      // Entries. Arrays grow with the entries actually read, never with the declared shape.
      boolean mirror = symmetry != Symmetry.GENERAL;
      boolean int64 = rules == ValueRules.INT64 || field == Field.INTEGER;
      int expectedTokens = field == Field.PATTERN ? 2 : 3;
      long expectedTotal = mirror ? 2 * declared : declared;
      int cap = (int) Math.min(Math.max(expectedTotal, 16), 1 << 20);
      int[] r = new int[cap];
      int[] c = new int[cap];
      double[] v = int64 ? null : new double[cap];
      long[] lv = int64 ? new long[cap] : null;
      int n = 0;
      long seen = 0;
      // Symmetric files: the triangle (+1 lower, -1 upper) of the first off-diagonal entry.
      int triangle = 0;
      long triangleLine = 0;
      int triangleRow = 0;
      int triangleCol = 0;
      while (nextDataLine()) {
        if (seen == declared) {
          long firstExtra = lineNo;
          long extra = 1;
          while (nextDataLine()) {
            extra++;
          }
          lineNo = firstExtra;
          throw error("header says " + declared + " entries, file has " + (declared + extra));
        }
        seen++;
        if (tokens < expectedTokens) {
          throw error(tokens == 2 ? "missing value (expected row column value)"
              : "missing column index (expected row column" + (expectedTokens == 3 ? " value)"
                  : ")"));
        }
        if (tokens > expectedTokens) {
          throw error("expected " + expectedTokens + " fields ("
              + (expectedTokens == 3 ? "row column value" : "row column") + ") but found "
              + tokens);
        }
        int i = parseIndex(0, "row", rows);
        int j = parseIndex(1, "column", cols);
        if (mirror && i != j) {
          int t = i > j ? 1 : -1;
          if (triangle == 0) {
            triangle = t;
            triangleLine = lineNo;
            triangleRow = i;
            triangleCol = j;
          } else if (t != triangle) {
            throw error(symmetryName + " file lists (" + (i + 1) + ", " + (j + 1) + ") in the "
                + (t > 0 ? "lower" : "upper") + " triangle but (" + (triangleRow + 1) + ", "
                + (triangleCol + 1) + ") on line " + triangleLine + " in the "
                + (t > 0 ? "upper" : "lower") + "; a " + symmetryName + " Matrix Market file"
                + " holds one triangle (its mirror image is implied)");
          }
        }
        double val = 0;
        long lval = 0;
        boolean zero;
        if (int64) {
          lval = field == Field.PATTERN ? 1 : parseLongValue(2, field == Field.REAL);
          zero = lval == 0;
        } else {
          val = field == Field.PATTERN ? 1.0 : parseReal(2);
          zero = val == 0;
        }
        if (symmetry == Symmetry.SKEW && i == j && !zero) {
          throw error("skew-symmetric matrix has a nonzero diagonal entry at (" + (i + 1) + ", "
              + (j + 1) + ")");
        }
        int need = n + (mirror && i != j ? 2 : 1);
        if (need > r.length) {
          if (need > SparseMatrix.MAX_ENTRIES) {
            throw error("too many entries for one matrix (more than " + SparseMatrix.MAX_ENTRIES
                + ", the limit of a Java array)");
          }
          int grown = (int) Math.min(SparseMatrix.MAX_ENTRIES,
              Math.max((long) r.length * 2, need));
          r = Arrays.copyOf(r, grown);
          c = Arrays.copyOf(c, grown);
          if (int64) {
            lv = Arrays.copyOf(lv, grown);
          } else {
            v = Arrays.copyOf(v, grown);
          }
        }
        r[n] = i;
        c[n] = j;
        if (int64) {
          lv[n] = lval;
        } else {
          v[n] = val;
        }
        n++;
        if (mirror && i != j) {
          r[n] = j;
          c[n] = i;
          if (int64) {
            lv[n] = symmetry == Symmetry.SKEW ? -lval : lval; // wraps for -2^63, as INT64 does
          } else {
            v[n] = symmetry == Symmetry.SKEW ? -val : val;
          }
          n++;
        }
      }
      if (seen < declared) {
        throw error("header says " + declared + " entries, file has " + seen);
      }
      return int64 ? SparseMatrix.fromCoordinates(rows, cols, r, c, lv, n)
          : SparseMatrix.fromCoordinates(rows, cols, r, c, v, n);
    }

    private long parseSize(int t, String what, long max, String limit)
        throws MatrixMarketException {
      long value = parseDigits(t, max);
      if (value == -1) {
        throw error(what + " '" + token(t) + "' is not a non-negative integer");
      }
      if (value == -2) {
        throw error(what + " " + token(t) + " is too large (at most " + max + ": the limit of "
            + limit + ")");
      }
      return value;
    }

    /** A 1-based index in 1..max, returned 0-based. */
    private int parseIndex(int t, String what, int max) throws MatrixMarketException {
      long value = parseDigits(t, Integer.MAX_VALUE);
      if (value == -1) {
        throw error(what + " index '" + token(t) + "' is not an integer");
      }
      if (value == -2 || value < 1 || value > max) {
        throw error(what + " index " + token(t) + " out of range "
            + (max == 0 ? "(the matrix has no " + what + "s)" : "1.." + max));
      }
      return (int) (value - 1);
    }

    /**
     * Parses token t as an optionally '+'-signed run of ASCII digits without allocating. Returns -1
     * if it is not such a number, -2 if it exceeds max.
     */
    private long parseDigits(int t, long max) {
      int s = start[t];
      int e = end[t];
      if (line.charAt(s) == '+') {
        s++;
      }
      if (s == e) {
        return -1;
      }
      long value = 0;
      boolean tooLarge = false;
      for (int k = s; k < e; k++) {
        char ch = line.charAt(k);
        if (ch < '0' || ch > '9') {
          return -1;
        }
        if (!tooLarge) {
          value = value * 10 + (ch - '0');
          tooLarge = value > max;
        }
      }
      return tooLarge ? -2 : value;
    }

    /**
     * Token t as a double if it is an optionally signed integer of at most 15 digits (exact as a
     * double, parsed without allocating), else NaN.
     */
    private double shortInteger(int t) {
      int s = start[t];
      int e = end[t];
      boolean negative = line.charAt(s) == '-';
      int k = negative || line.charAt(s) == '+' ? s + 1 : s;
      if (k == e || e - k > 15) {
        return Double.NaN;
      }
      long value = 0;
      for (; k < e; k++) {
        char ch = line.charAt(k);
        if (ch < '0' || ch > '9') {
          return Double.NaN;
        }
        value = value * 10 + (ch - '0');
      }
      return negative ? -(double) value : (double) value;
    }

    /**
     * Token t as an exact 64-bit integer: a plain (optionally signed) digit string is parsed
     * exactly; in a real file ({@code realField}) a decimal value that is an integer ("3.0",
     * "1e3") is accepted too.
     */
    private long parseLongValue(int t, boolean realField) throws MatrixMarketException {
      double fast = shortInteger(t);
      if (!Double.isNaN(fast)) {
        return (long) fast;
      }
      String s = token(t);
      String digits = s.startsWith("+") ? s.substring(1) : s;
      if (isPlainInteger(digits)) {
        try {
          return Long.parseLong(digits);
        } catch (NumberFormatException e) {
          throw error("value '" + s + "' is outside the 64-bit integer range"
              + " (-9223372036854775808..9223372036854775807)");
        }
      }
      if (!realField) {
        throw error("value '" + s + "' is not an integer");
      }
      double d = parseReal(t);
      if (Double.isNaN(d) || Double.isInfinite(d) || d != Math.rint(d)) {
        throw error("value '" + s + "' is not an integer, and INT64 values (the long codec)"
            + " must be");
      }
      if (d >= 0x1p63 || d < -0x1p63) {
        throw error("value '" + s + "' is outside the 64-bit integer range"
            + " (-9223372036854775808..9223372036854775807)");
      }
      return (long) d;
    }

    private static boolean isPlainInteger(String s) {
      int k = s.startsWith("-") ? 1 : 0;
      if (k == s.length()) {
        return false;
      }
      for (; k < s.length(); k++) {
        char ch = s.charAt(k);
        if (ch < '0' || ch > '9') {
          return false;
        }
      }
      return true;
    }

    /**
     * Parses a decimal floating-point value, also accepting the inf/nan spellings C programs print
     * (refused under {@link ValueRules#FINITE}). A finite literal beyond the double range is
     * refused rather than turned into infinity. Java-only forms (hex floats, a trailing 'd' or
     * 'f') are rejected.
     */
    private double parseReal(int t) throws MatrixMarketException {
      int s = start[t];
      int e = end[t];
      double fast = shortInteger(t);
      if (!Double.isNaN(fast)) {
        return fast;
      }
      for (int k = s; k < e; k++) {
        char ch = line.charAt(k);
        if (!((ch >= '0' && ch <= '9') || ch == '.' || ch == '-' || ch == '+' || ch == 'e'
            || ch == 'E')) {
          double special = parseSpecial(t);
          if (rules == ValueRules.FINITE) {
            throw error("value '" + token(t) + "' is not finite: a decimal string value (D4M,"
                + " the decimal codec) cannot hold NaN or Infinity; the double codec keeps them");
          }
          return special;
        }
      }
      String str = line.substring(s, e);
      double d;
      try {
        d = Double.parseDouble(str);
      } catch (NumberFormatException ex) {
        throw error("value '" + str + "' is not a number");
      }
      if (Double.isInfinite(d)) {
        throw error("value '" + str + "' is beyond the range of a double (largest magnitude"
            + " 1.7976931348623157E308)");
      }
      return d;
    }

    private double parseSpecial(int t) throws MatrixMarketException {
      String str = token(t);
      String body = str.toLowerCase(Locale.ROOT);
      boolean negative = false;
      if (body.startsWith("+") || body.startsWith("-")) {
        negative = body.charAt(0) == '-';
        body = body.substring(1);
      }
      switch (body) {
        case "nan":
          return Double.NaN;
        case "inf":
        case "infinity":
          return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        default:
          throw error("value '" + str + "' is not a number");
      }
    }
  }
}
