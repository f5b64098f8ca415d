package org.spgemm.matrix;

import java.io.IOException;
import java.util.Locale;

/**
 * The banner and size line of a Matrix Market coordinate file: what the values are, which
 * triangle convention the entries follow, the shape and the declared entry count.
 *
 * @param symmetryName the symmetry as the banner spells it, lower case, for messages
 */
record MatrixMarketHeader(Field field, Symmetry symmetry, String symmetryName, int rows, int cols,
    long declared) {

  /** The banner's field: what the value column holds. */
  enum Field {
    REAL, INTEGER, PATTERN
  }

  /** The banner's symmetry: which entries the file lists and which are implied. */
  enum Symmetry {
    GENERAL, SYMMETRIC, SKEW
  }

  /** Whether each off-diagonal entry stands for its mirror image too. */
  boolean mirrored() {
    return symmetry != Symmetry.GENERAL;
  }

  /** Fields on an entry line: row, column and, unless the field is pattern, the value. */
  int entryFields() {
    return field == Field.PATTERN ? 2 : 3;
  }

  /**
   * Reads the banner (the first line, after an optional byte order mark) and the size line (the
   * first line after it that is neither blank nor a comment).
   */
  static MatrixMarketHeader read(MatrixMarketLines in) throws IOException {
    if (!in.nextLine()) {
      throw in.error("not a Matrix Market file (empty file)");
    }
    // A UTF-8 byte order mark: EF BB BF read as ISO-8859-1, or U+FEFF from a UTF-8 reader.
    in.skipAndTokenize(in.startsWith("\u00EF\u00BB\u00BF") ? 3 : in.startsWith("\uFEFF") ? 1 : 0);
    String banner = MatrixMarket.BANNER;
    if (in.tokens() == 0 || !in.token(0).equalsIgnoreCase(banner)) {
      if (in.startsWith("\u001F\u008B")) {
        throw in.error("not a Matrix Market file (this is gzip data: name the file *.gz)");
      }
      throw in.error("not a Matrix Market file (missing " + banner + " banner)");
    }
    if (in.tokens() != 5) {
      throw in.error("banner must read '" + banner
          + " matrix <format> <field> <symmetry>', found " + (in.tokens() - 1) + " words after "
          + banner);
    }
    if (!in.token(1).toLowerCase(Locale.ROOT).equals("matrix")) {
      throw in.error("object '" + in.token(1) + "' is not supported (only matrix)");
    }
    String format = in.token(2).toLowerCase(Locale.ROOT);
    if (format.equals("array")) {
      throw in.error("array format is not supported (only coordinate)");
    }
    if (!format.equals("coordinate")) {
      throw in.error("unknown format '" + in.token(2) + "' (expected coordinate)");
    }
    Field field = field(in);
    String symmetryName = in.token(4).toLowerCase(Locale.ROOT);
    Symmetry symmetry = symmetry(in, symmetryName);
    if (field == Field.PATTERN && symmetry == Symmetry.SKEW) {
      throw in.error("pattern field cannot be skew-symmetric");
    }
    return sizeLine(in, field, symmetry, symmetryName);
  }

  private static Field field(MatrixMarketLines in) throws MatrixMarketException {
    return switch (in.token(3).toLowerCase(Locale.ROOT)) {
      case "real", "double" -> Field.REAL;
      case "integer" -> Field.INTEGER;
      case "pattern" -> Field.PATTERN;
      case "complex" -> throw in.error("complex field is not supported (only real, integer,"
          + " pattern)");
      default -> throw in.error("unknown field '" + in.token(3)
          + "' (expected real, integer or pattern)");
    };
  }

  private static Symmetry symmetry(MatrixMarketLines in, String name)
      throws MatrixMarketException {
    return switch (name) {
      case "general" -> Symmetry.GENERAL;
      case "symmetric" -> Symmetry.SYMMETRIC;
      case "skew-symmetric" -> Symmetry.SKEW;
      case "hermitian" -> throw in.error("hermitian symmetry is not supported (only general,"
          + " symmetric, skew-symmetric)");
      default -> throw in.error("unknown symmetry '" + in.token(4)
          + "' (expected general, symmetric or skew-symmetric)");
    };
  }

  private static MatrixMarketHeader sizeLine(MatrixMarketLines in, Field field,
      Symmetry symmetry, String symmetryName) throws IOException {
    if (!in.nextDataLine()) {
      throw in.error("missing size line (rows columns entries)");
    }
    if (in.tokens() != 3) {
      throw in.error("size line must be 'rows columns entries', found " + in.tokens()
          + " fields");
    }
    int rows = (int) in.parseSize(0, "row count", Integer.MAX_VALUE - 1, "32-bit indices");
    int cols = (int) in.parseSize(1, "column count", Integer.MAX_VALUE - 1, "32-bit indices");
    long declared = in.parseSize(2, "entry count", SparseMatrix.MAX_ENTRIES,
        "entries of one matrix in a Java array");
    if (symmetry != Symmetry.GENERAL && rows != cols) {
      throw in.error(symmetryName + " matrix must be square, header says " + rows + "x" + cols);
    }
    return new MatrixMarketHeader(field, symmetry, symmetryName, rows, cols, declared);
  }
}
