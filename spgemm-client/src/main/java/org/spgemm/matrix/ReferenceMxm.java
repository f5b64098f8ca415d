package org.spgemm.matrix;

import java.util.Arrays;
import java.util.Objects;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semiring;
import org.spgemm.codec.Domain;

/**
 * The in-memory reference for GraphBLAS {@code GrB_mxm}: C⟨M⟩ = accum(C, op(A)(I,:) ⊕.⊗
 * op(B)(:,J)), with mask, complement, structural mask, accumulator, transposes, replace and D4M
 * row/column subsets, computed in FP64 or INT64. Integration tests compare what the cluster
 * writes into C with this, entry by entry.
 *
 * <p>The steps follow the GraphBLAS C API specification:
 * <ol>
 * <li>T = op(A)(I,:) ⊕.⊗ op(B)(:,J), by {@link ReferenceMultiply}. op is the transpose when asked.
 * I and J are inclusive 0-based ranges {lo, hi} (null: all) that act as filters: entries of op(A)
 * outside rows I and of op(B) outside columns J are ignored, so T has entries only in rows I and
 * columns J but keeps the full shape. A range with hi &lt; lo is empty, and parts of a range
 * outside the matrix select nothing.</li>
 * <li>Z = T without an accumulator; with one, Z is the union of C and T, accum(C(i,j), T(i,j))
 * where both have an entry (C is the first operand), else whichever has it.</li>
 * <li>For each (i,j): if M(i,j) is true, C(i,j) = Z(i,j) if Z has an entry there, else no entry;
 * if M(i,j) is false, C(i,j) has no entry under replace, else keeps its old entry if any. A null
 * mask is all true, so its complement is all false (C unchanged, or cleared under replace). Under
 * {@link MaskMode#VALUE} M(i,j) is true where M stores a nonzero value (NaN counts as nonzero);
 * under {@link MaskMode#STRUCTURE} wherever M stores an entry; complement inverts either.</li>
 * </ol>
 * So without mask and accumulator the result is T and the old C is discarded. A null C is an
 * empty one. The result is in the given domain (an INT64 computation needs integral values in C,
 * A and B). Like {@link ReferenceMultiply} it never drops computed zeros or identities.
 */
public final class ReferenceMxm {

  private ReferenceMxm() {}

  /**
   * As {@link #mxm(SparseMatrix, SparseMatrix, MaskMode, boolean, BinaryOp, Semiring,
   * SparseMatrix, SparseMatrix, boolean, boolean, boolean, int[], int[], Domain)} with no
   * transposes and no subsets.
   */
  public static SparseMatrix mxm(SparseMatrix c, SparseMatrix mask, MaskMode mode,
      boolean complement, BinaryOp accum, Semiring s, SparseMatrix a, SparseMatrix b,
      boolean replace, Domain domain) {
    return mxm(c, mask, mode, complement, accum, s, a, b, false, false, replace, null, null,
        domain);
  }

  /**
   * C⟨mask⟩ = accum(C, op(A)(I,:) ⊕.⊗ op(B)(:,J)), as the class comment describes; the inputs
   * are not modified.
   *
   * @param c the old C, or null for an empty one
   * @param mask the mask, or null for none (all true)
   * @param mode how the mask is read; may be null when mask is null
   * @param complement whether the mask is complemented
   * @param accum the accumulator, or null to replace C's values by T's
   * @param rowRange inclusive {lo, hi} rows of op(A) taken, or null for all
   * @param colRange inclusive {lo, hi} columns of op(B) taken, or null for all
   * @throws IllegalArgumentException naming both shapes when op(A) columns differ from op(B) rows,
   *         or C or the mask is not op(A) rows x op(B) columns; for a range that is not two ints;
   *         for a non-integral value in an INT64 computation
   */
  public static SparseMatrix mxm(SparseMatrix c, SparseMatrix mask, MaskMode mode,
      boolean complement, BinaryOp accum, Semiring s, SparseMatrix a, SparseMatrix b,
      boolean transposeA, boolean transposeB, boolean replace, int[] rowRange, int[] colRange,
      Domain domain) {
    Objects.requireNonNull(s, "semiring");
    Objects.requireNonNull(domain, "domain");
    if (mask != null) {
      Objects.requireNonNull(mode, "mask mode");
    }
    checkRange("row", rowRange);
    checkRange("column", colRange);
    SparseMatrix opA = transposeA ? a.transpose() : a;
    SparseMatrix opB = transposeB ? b.transpose() : b;
    String nameA = transposeA ? "A'" : "A";
    String nameB = transposeB ? "B'" : "B";
    if (opA.cols() != opB.rows()) {
      throw new IllegalArgumentException("shape mismatch: " + nameA + " is " + shape(opA)
          + " but " + nameB + " is " + shape(opB) + " (" + nameA + " columns must equal "
          + nameB + " rows)");
    }
    int rows = opA.rows();
    int cols = opB.cols();
    String product = nameA + "*" + nameB + " is " + rows + "x" + cols;
    if (c != null && (c.rows() != rows || c.cols() != cols)) {
      throw new IllegalArgumentException("shape mismatch: C is " + shape(c) + " but " + product);
    }
    if (mask != null && (mask.rows() != rows || mask.cols() != cols)) {
      throw new IllegalArgumentException(
          "shape mismatch: the mask is " + shape(mask) + " but " + product);
    }
    SparseMatrix t = ReferenceMultiply.multiply(select(opA, rowRange, null),
        select(opB, null, colRange), s, domain);
    return apply(c == null ? SparseMatrix.empty(rows, cols) : c, mask, mode, complement, accum,
        t, replace, domain == Domain.INT64);
  }

  /** Steps 2 and 3: merges C, T and the mask row by row over the rows stored in C or T. */
  private static SparseMatrix apply(SparseMatrix c, SparseMatrix mask, MaskMode mode,
      boolean complement, BinaryOp accum, SparseMatrix t, boolean replace, boolean int64) {
    long cap = (long) c.nnz() + t.nnz();
    if (cap > SparseMatrix.MAX_ENTRIES) {
      throw new IllegalArgumentException("C and T together hold more than "
          + SparseMatrix.MAX_ENTRIES + " entries");
    }
    int rowCap = c.storedRows() + t.storedRows();
    int[] ids = new int[Math.max(1, rowCap)];
    int[] ptr = new int[rowCap + 1];
    int[] colIdx = new int[(int) cap];
    double[] values = int64 ? null : new double[(int) cap];
    long[] longs = int64 ? new long[(int) cap] : null;
    int stored = 0;
    int n = 0;
    for (StoredRowPairs rows = new StoredRowPairs(c, t); rows.next();) {
      int i = rows.row();
      int p = rows.firstStart(); // C(i,:)
      int pEnd = rows.firstEnd();
      int q = rows.secondStart(); // T(i,:)
      int qEnd = rows.secondEnd();
      int m = mask == null ? 0 : mask.rowStart(i);
      int mEnd = mask == null ? 0 : mask.rowEnd(i);
      while (p < pEnd || q < qEnd) {
        int jc = p < pEnd ? c.colAt(p) : Integer.MAX_VALUE;
        int jt = q < qEnd ? t.colAt(q) : Integer.MAX_VALUE;
        int j = Math.min(jc, jt);
        int pc = jc == j ? p++ : -1; // position of C(i,j), or -1
        int pt = jt == j ? q++ : -1; // position of T(i,j), or -1
        while (m < mEnd && mask.colAt(m) < j) {
          m++;
        }
        boolean inMask = mask == null || (m < mEnd && mask.colAt(m) == j
            && (mode == MaskMode.STRUCTURE || mask.valueAt(m) != 0.0));
        if (inMask != complement) {
          // Z(i,j): T alone without accum; with accum the union of C and T.
          if (pt >= 0 && pc >= 0 && accum != null) {
            if (int64) {
              longs[n] = accum.applyAsLong(c.longAt(pc), t.longAt(pt));
            } else {
              values[n] = accum.applyAsDouble(c.valueAt(pc), t.valueAt(pt));
            }
          } else if (pt >= 0) {
            copy(t, pt, values, longs, n);
          } else if (accum != null) {
            copy(c, pc, values, longs, n);
          } else {
            continue;
          }
        } else if (!replace && pc >= 0) {
          copy(c, pc, values, longs, n);
        } else {
          continue;
        }
        colIdx[n++] = j;
      }
      if (n > ptr[stored]) {
        ids[stored] = i;
        ptr[++stored] = n;
      }
    }
    return CsrBuilder.ofStoredRows(c.rows(), c.cols(), ids, ptr, stored, colIdx, values,
        longs);
  }

  private static void copy(SparseMatrix from, int p, double[] values, long[] longs, int n) {
    if (longs != null) {
      longs[n] = from.longAt(p);
    } else {
      values[n] = from.valueAt(p);
    }
  }

  /** The entries of m in rows lo..hi of rowRange and columns lo..hi of colRange (null: all). */
  static SparseMatrix select(SparseMatrix m, int[] rowRange, int[] colRange) {
    if (rowRange == null && colRange == null) {
      return m;
    }
    int ns = m.storedRows();
    int[] ids = new int[Math.max(1, ns)];
    int[] ptr = new int[ns + 1];
    int[] colIdx = new int[m.nnz()];
    double[] values = m.values == null ? null : new double[m.nnz()];
    long[] longs = m.exact == null ? null : new long[m.nnz()];
    int stored = 0;
    int n = 0;
    for (int s = 0; s < ns; s++) {
      int i = m.storedRow(s);
      if (!within(rowRange, i)) {
        continue;
      }
      for (int p = m.storedRowStart(s); p < m.storedRowEnd(s); p++) {
        if (within(colRange, m.colIdx[p])) {
          colIdx[n] = m.colIdx[p];
          if (values != null) {
            values[n] = m.values[p];
          } else {
            longs[n] = m.exact[p];
          }
          n++;
        }
      }
      ids[stored] = i;
      ptr[++stored] = n;
    }
    return CsrBuilder.ofStoredRows(m.rows(), m.cols(), ids, ptr, stored, colIdx, values, longs);
  }

  private static boolean within(int[] range, int index) {
    return range == null || (index >= range[0] && index <= range[1]);
  }

  private static void checkRange(String what, int[] range) {
    if (range != null && range.length != 2) {
      throw new IllegalArgumentException(
          what + " range must be {lo, hi}, got " + Arrays.toString(range));
    }
  }

  private static String shape(SparseMatrix m) {
    return m.rows() + "x" + m.cols();
  }
}
