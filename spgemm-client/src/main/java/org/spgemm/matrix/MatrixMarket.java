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
 *
 * <p>This class opens and checks files; the text is parsed by {@link MatrixMarketReader} (the
 * entries), {@link MatrixMarketHeader} (banner and size line), {@link MatrixMarketLines} (line
 * splitting, counts and indices) and {@link MatrixMarketValues} (the value field).
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
    return MatrixMarketReader.read(br, sourceName, rules);
  }

  /**
   * Writes m as {@code coordinate real general}, or {@code integer general} for an INT64 matrix
   * (gzip-compressed if the name ends in .gz).
   */
  public static void write(Path path, SparseMatrix m) throws IOException {
    OutputStream out = Files.newOutputStream(path);
    if (gzipped(path)) {
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
    if (gzipped(path)) {
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

  /** True when the file's name ends in .gz. */
  private static boolean gzipped(Path path) {
    Path name = path.getFileName();
    return name != null && name.toString().endsWith(".gz");
  }
}
