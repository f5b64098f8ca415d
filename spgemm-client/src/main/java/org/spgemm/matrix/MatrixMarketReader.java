package org.spgemm.matrix;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.Arrays;
import org.spgemm.matrix.MatrixMarketHeader.Field;
import org.spgemm.matrix.MatrixMarketHeader.Symmetry;

/**
 * One read of a Matrix Market coordinate text: the header, then the entries into coordinate
 * arrays that grow with the entries actually read (never with the declared shape), mirroring the
 * off-diagonal entries of a symmetric or skew-symmetric file, then {@link
 * SparseMatrix#fromCoordinates} (which sums repeated positions).
 */
final class MatrixMarketReader {

  private final MatrixMarketLines in;
  private final MatrixMarketValues values;
  private final ValueRules rules;
  private MatrixMarketHeader header;
  private boolean int64;

  // The coordinates read so far: n entries of r, c and v (FP64) or lv (INT64).
  private int[] r;
  private int[] c;
  private double[] v;
  private long[] lv;
  private int n;

  // Symmetric files: the triangle (+1 lower, -1 upper) of the first off-diagonal entry.
  private int triangle;
  private long triangleLine;
  private int triangleRow;
  private int triangleCol;

  private MatrixMarketReader(BufferedReader reader, String source, ValueRules rules) {
    this.in = new MatrixMarketLines(reader, source);
    this.values = new MatrixMarketValues(in, rules);
    this.rules = rules;
  }

  /** Reads the whole text; {@code source} names it in error messages. */
  static SparseMatrix read(BufferedReader reader, String source, ValueRules rules)
      throws IOException {
    return new MatrixMarketReader(reader, source, rules).read();
  }

  private SparseMatrix read() throws IOException {
    header = MatrixMarketHeader.read(in);
    int64 = rules == ValueRules.INT64 || header.field() == Field.INTEGER;
    long declared = header.declared();
    long expectedTotal = header.mirrored() ? 2 * declared : declared;
    int cap = (int) Math.min(Math.max(expectedTotal, 16), 1 << 20);
    r = new int[cap];
    c = new int[cap];
    v = int64 ? null : new double[cap];
    lv = int64 ? new long[cap] : null;
    long seen = 0;
    while (in.nextDataLine()) {
      if (seen == declared) {
        long firstExtra = in.lineNumber();
        long extra = 1;
        while (in.nextDataLine()) {
          extra++;
        }
        throw in.errorAt(firstExtra, "header says " + declared + " entries, file has "
            + (declared + extra));
      }
      seen++;
      readEntry();
    }
    if (seen < declared) {
      throw in.error("header says " + declared + " entries, file has " + seen);
    }
    return int64 ? SparseMatrix.fromCoordinates(header.rows(), header.cols(), r, c, lv, n)
        : SparseMatrix.fromCoordinates(header.rows(), header.cols(), r, c, v, n);
  }

  /** The current line as one entry, stored with its mirror image if the file implies one. */
  private void readEntry() throws MatrixMarketException {
    int expected = header.entryFields();
    int tokens = in.tokens();
    if (tokens < expected) {
      throw in.error(tokens == 2 ? "missing value (expected row column value)"
          : "missing column index (expected row column" + (expected == 3 ? " value)" : ")"));
    }
    if (tokens > expected) {
      throw in.error("expected " + expected + " fields ("
          + (expected == 3 ? "row column value" : "row column") + ") but found " + tokens);
    }
    int i = in.parseIndex(0, "row", header.rows());
    int j = in.parseIndex(1, "column", header.cols());
    boolean mirror = header.mirrored() && i != j;
    if (mirror) {
      checkTriangle(i, j);
    }
    boolean pattern = header.field() == Field.PATTERN;
    boolean skew = header.symmetry() == Symmetry.SKEW;
    double val = 0;
    long lval = 0;
    boolean zero;
    if (int64) {
      lval = pattern ? 1 : values.parseLong(2, header.field() == Field.REAL);
      zero = lval == 0;
    } else {
      val = pattern ? 1.0 : values.parseReal(2);
      zero = val == 0;
    }
    if (skew && i == j && !zero) {
      throw in.error("skew-symmetric matrix has a nonzero diagonal entry at (" + (i + 1) + ", "
          + (j + 1) + ")");
    }
    ensureCapacity(n + (mirror ? 2 : 1));
    store(i, j, val, lval);
    if (mirror) {
      // INT64 negation wraps for -2^63, as GraphBLAS INT64 does.
      store(j, i, skew ? -val : val, skew ? -lval : lval);
    }
  }

  /** Refuses an entry in the other triangle than the file's first off-diagonal entry. */
  private void checkTriangle(int i, int j) throws MatrixMarketException {
    int t = i > j ? 1 : -1;
    if (triangle == 0) {
      triangle = t;
      triangleLine = in.lineNumber();
      triangleRow = i;
      triangleCol = j;
    } else if (t != triangle) {
      String name = header.symmetryName();
      throw in.error(name + " file lists (" + (i + 1) + ", " + (j + 1) + ") in the "
          + (t > 0 ? "lower" : "upper") + " triangle but (" + (triangleRow + 1) + ", "
          + (triangleCol + 1) + ") on line " + triangleLine + " in the "
          + (t > 0 ? "upper" : "lower") + "; a " + name + " Matrix Market file"
          + " holds one triangle (its mirror image is implied)");
    }
  }

  private void ensureCapacity(int need) throws MatrixMarketException {
    if (need <= r.length) {
      return;
    }
    if (need > SparseMatrix.MAX_ENTRIES) {
      throw in.error("too many entries for one matrix (more than " + SparseMatrix.MAX_ENTRIES
          + ", the limit of a Java array)");
    }
    int grown = (int) Math.min(SparseMatrix.MAX_ENTRIES, Math.max((long) r.length * 2, need));
    r = Arrays.copyOf(r, grown);
    c = Arrays.copyOf(c, grown);
    if (int64) {
      lv = Arrays.copyOf(lv, grown);
    } else {
      v = Arrays.copyOf(v, grown);
    }
  }

  private void store(int i, int j, double val, long lval) {
    r[n] = i;
    c[n] = j;
    if (int64) {
      lv[n] = lval;
    } else {
      v[n] = val;
    }
    n++;
  }
}
