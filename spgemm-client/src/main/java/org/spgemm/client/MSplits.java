package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import java.util.ArrayList;
import java.util.List;
import org.spgemm.algebra.Semirings;
import org.spgemm.kernel.RowSpGemm;
import org.spgemm.kernel.RowWorkspace;
import org.spgemm.kernel.SparseRows;
import org.spgemm.matrix.SparseMatrix;

/**
 * Split points of a table M about to hold A and B (row keys for {@link TableM#create}).
 *
 * <p>The compaction engine writes each tablet's C, and rewrites its A and B, on one compaction
 * thread, so the tablet holding the most of them ends the multiply. With equal row blocks the
 * first tablet of an R-MAT input holds 27-28 % of C and carries the multiply alone at the end;
 * {@link #byWrites} gives every tablet about the same entries to write instead. (Balancing by
 * partial products was tried before and lost: the heavy B rows got a tablet of their own that
 * every other tablet then read remotely. Reading all of B once per server, as the compaction
 * engine now does when most of A's B rows are remote, took that cost away.)
 */
public final class MSplits {

  /** Above this many partial products, the C row sizes are estimated instead of counted. */
  static final long COUNT_MAX_PRODUCTS = 400_000_000L;

  private MSplits() {}

  /** Equal blocks of {@code rows} rows in {@code tablets} tablets. */
  public static List<String> equalRows(KeyFormat keys, int rows, int tablets) {
    notNull("keys", keys);
    List<String> splits = new ArrayList<>();
    for (int t = 1; t < tablets; t++) {
      long row = (long) rows * t / tablets;
      if (row > 0 && row < rows) {
        splits.add(keys.encodeString(row));
      }
    }
    return splits;
  }

  /**
   * Split points that give each of {@code tablets} tablets about the same entries to write in
   * the compaction that computes C = A·B: row i weighs nnz(C(i,:)) plus its A and B entries.
   * nnz(C(i,:)) is counted by the kernel's symbolic multiply (the time of a multiply in the
   * client without values, well under the load's), or, past {@value #COUNT_MAX_PRODUCTS} partial
   * products, estimated as the row's partial products capped at B's columns. A row heavier than
   * a tablet's share gets a tablet of its own.
   */
  public static List<String> byWrites(SparseMatrix a, SparseMatrix b, KeyFormat keys,
      int tablets) {
    notNull("a", a);
    notNull("b", b);
    notNull("keys", keys);
    if (a.cols() != b.rows()) {
      throw new DimensionMismatchException("A is " + a.rows() + "x" + a.cols() + " and B is "
          + b.rows() + "x" + b.cols() + ": A's columns must equal B's rows");
    }
    long[] c = a.partialProducts(b) <= COUNT_MAX_PRODUCTS ? rowCounts(a, b) : rowEstimates(a, b);
    int rows = Math.max(a.rows(), b.rows());
    long[] weight = new long[rows];
    long total = 0;
    for (int i = 0; i < rows; i++) {
      weight[i] = (i < a.rows() ? c[i] + a.rowNnz(i) : 0) + (i < b.rows() ? b.rowNnz(i) : 0);
      total += weight[i];
    }
    if (total == 0) {
      return equalRows(keys, rows, tablets); // nothing to write: no row weighs anything
    }
    List<String> splits = new ArrayList<>();
    long sum = 0;
    int t = 1;
    for (int i = 0; i < rows - 1 && t < tablets; i++) {
      sum += weight[i];
      if (sum * tablets >= total * t) {
        splits.add(keys.encodeString(i + 1)); // row i ends a tablet
        while (t < tablets && sum * tablets >= total * t) {
          t++;
        }
      }
    }
    return splits;
  }

  /** nnz(C(i,:)) of every row of A·B, by the kernel's symbolic multiply of the patterns. */
  static long[] rowCounts(SparseMatrix a, SparseMatrix b) {
    SparseRows pa = pattern(a);
    SparseRows pb = pattern(b);
    RowWorkspace w = new RowWorkspace();
    RowSpGemm.prepare(pa, pb, b.cols(), w);
    long[] nnz = new long[a.rows()];
    for (int i = 0; i < a.rows(); i++) {
      RowSpGemm.multiplyRow(pa, i, pb, Semirings.PLUS_PAIR, true, w);
      nnz[i] = w.rowNnz();
    }
    return nnz;
  }

  /** Each row's partial products, capped at B's columns: at least nnz(C(i,:)). */
  static long[] rowEstimates(SparseMatrix a, SparseMatrix b) {
    long[] est = new long[a.rows()];
    for (int i = 0; i < a.rows(); i++) {
      long pp = 0;
      for (int p = a.rowStart(i); p < a.rowEnd(i); p++) {
        pp += b.rowNnz(a.colAt(p));
      }
      est[i] = Math.min(pp, b.cols());
    }
    return est;
  }

  /** The pattern of {@code m} as the kernel's rows (no values). */
  private static SparseRows pattern(SparseMatrix m) {
    SparseRows r = new SparseRows(false);
    r.rows = m.rows();
    r.nnz = m.nnz();
    r.rowPtr = new int[m.rows() + 1];
    r.colIdx = new int[m.nnz()];
    int p = 0;
    for (int i = 0; i < m.rows(); i++) {
      for (int q = m.rowStart(i); q < m.rowEnd(i); q++) {
        r.colIdx[p++] = m.colAt(q);
      }
      r.rowPtr[i + 1] = p;
    }
    return r;
  }
}
