package org.spgemm.matrix;

import java.util.Arrays;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.Semiring;
import org.spgemm.codec.Domain;

/**
 * The in-memory reference product C = A ⊕.⊗ B over any semiring, computed in FP64 or INT64: the
 * independent check that integration tests and the demo compare the cluster's C against. It is
 * kept deliberately plain (single-threaded Gustavson, one row at a time) so that it is obviously
 * right rather than fast.
 *
 * <p>Semantics are structural, as in GraphBLAS: C(i,k) exists iff some j has both A(i,j) and
 * B(j,k) stored, and its value is add over those j, in ascending j, of multiply(A(i,j), B(j,k)).
 * The first product starts the sum (the add identity is never materialized), and computed values
 * equal to zero or to the identity are kept.
 */
public final class ReferenceMultiply {

  private ReferenceMultiply() {}

  /**
   * C = A ⊕.⊗ B computed in FP64 (INT64 inputs are rounded to doubles).
   *
   * @throws IllegalArgumentException
   *         {@code shape mismatch: A is RxC but B is RxC (A columns must equal B rows)}, or if C
   *         would have more entries than an int array holds
   */
  public static SparseMatrix multiply(SparseMatrix a, SparseMatrix b, Semiring s) {
    return multiply(a, b, s, Domain.FP64);
  }

  /**
   * C = A ⊕.⊗ B computed in the given domain, as the cluster does for C's codec: FP64 for the
   * decimal and double codecs, INT64 for the long codec. INT64 arithmetic is Java's long
   * arithmetic, which wraps around on overflow exactly as GraphBLAS INT64 does (C and the
   * GraphBLAS specification leave signed overflow to two's complement hardware); the result is an
   * INT64 matrix.
   *
   * @throws IllegalArgumentException for a shape mismatch, an FP64 input value that is not a
   *         64-bit integer when computing in INT64, or a C with more than
   *         {@link SparseMatrix#MAX_ENTRIES} entries
   */
  public static SparseMatrix multiply(SparseMatrix a, SparseMatrix b, Semiring s, Domain domain) {
    checkMultiplyShapes(a, b);
    boolean int64 = domain == Domain.INT64;
    Monoid add = s.add();
    BinaryOp mul = s.multiply();
    int rows = a.rows();
    int cols = b.cols();
    double[] aFp = int64 ? null : a.values();
    double[] bFp = int64 ? null : b.values();
    long[] aInt = int64 ? a.longValues() : null;
    long[] bInt = int64 ? b.longValues() : null;

    // B's columns as local ids 0..ncols-1: the columns themselves, or, when B has far more
    // columns than entries, the ranks of its distinct columns (memory follows nnz, not shape).
    int[] colIds = null;
    int[] bLocal = b.colIdx;
    int ncols = cols;
    if (CsrBuilder.sparseDimension(cols, b.nnz())) {
      colIds = CsrBuilder.distinctSorted(b.colIdx, b.nnz());
      ncols = colIds.length;
      bLocal = CsrBuilder.ranks(b.colIdx, b.nnz(), colIds);
    }

    // Dense accumulator for one row of C over local columns; marker[k] == s means C's row at
    // stored A row s already has a value in column k.
    double[] acc = int64 ? null : new double[ncols];
    long[] accInt = int64 ? new long[ncols] : null;
    int[] marker = new int[ncols];
    Arrays.fill(marker, -1);
    int[] touched = new int[ncols];

    int aStored = a.storedRows();
    int[] ids = new int[Math.max(1, aStored)];
    int[] ptr = new int[aStored + 1];
    int stored = 0;
    int[] colIdx = new int[Math.max(16, Math.min(a.nnz() + b.nnz(), 1 << 20))];
    double[] values = int64 ? null : new double[colIdx.length];
    long[] longs = int64 ? new long[colIdx.length] : null;
    int nnz = 0;

    for (int sa = 0; sa < aStored; sa++) {
      int count = 0;
      for (int pa = a.rowPtr[sa]; pa < a.rowPtr[sa + 1]; pa++) {
        int j = a.colIdx[pa];
        int pbEnd = b.rowEnd(j);
        for (int pb = b.rowStart(j); pb < pbEnd; pb++) {
          int k = bLocal[pb];
          boolean first = marker[k] != sa;
          if (first) {
            marker[k] = sa;
            touched[count++] = k;
          }
          if (int64) {
            long product = mul.applyAsLong(aInt[pa], bInt[pb]);
            accInt[k] = first ? product : add.applyAsLong(accInt[k], product);
          } else {
            double product = mul.applyAsDouble(aFp[pa], bFp[pb]);
            acc[k] = first ? product : add.applyAsDouble(acc[k], product);
          }
        }
      }
      if (count == 0) {
        continue;
      }
      Arrays.sort(touched, 0, count);
      if ((long) nnz + count > colIdx.length) {
        if ((long) nnz + count > SparseMatrix.MAX_ENTRIES) {
          throw new IllegalArgumentException(
              "product has more than " + SparseMatrix.MAX_ENTRIES + " entries");
        }
        long grown = Math.min(Math.max(2L * colIdx.length, (long) nnz + count),
            SparseMatrix.MAX_ENTRIES);
        colIdx = Arrays.copyOf(colIdx, (int) grown);
        if (int64) {
          longs = Arrays.copyOf(longs, (int) grown);
        } else {
          values = Arrays.copyOf(values, (int) grown);
        }
      }
      for (int t = 0; t < count; t++) {
        int k = touched[t];
        colIdx[nnz] = colIds == null ? k : colIds[k];
        if (int64) {
          longs[nnz] = accInt[k];
        } else {
          values[nnz] = acc[k];
        }
        nnz++;
      }
      ids[stored] = a.storedRow(sa);
      ptr[++stored] = nnz;
    }
    return CsrBuilder.ofStoredRows(rows, cols, ids, ptr, stored, colIdx, values, longs);
  }

  /**
   * The number of scalar multiplications in A·B (the paper's flop count): the sum, over every
   * stored a(i,j), of the number of entries in row j of B.
   *
   * @throws IllegalArgumentException if A's column count differs from B's row count
   */
  public static long partialProducts(SparseMatrix a, SparseMatrix b) {
    checkMultiplyShapes(a, b);
    long flops = 0;
    for (int p = 0, nnz = a.nnz(); p < nnz; p++) {
      flops += b.rowNnz(a.colIdx[p]);
    }
    return flops;
  }

  /**
   * Checks that A·B is defined.
   *
   * @throws IllegalArgumentException {@code shape mismatch: A is RxC but B is RxC (...)}
   */
  static void checkMultiplyShapes(SparseMatrix a, SparseMatrix b) {
    if (a.cols() != b.rows()) {
      throw new IllegalArgumentException("shape mismatch: A is " + a.rows() + "x" + a.cols()
          + " but B is " + b.rows() + "x" + b.cols() + " (A columns must equal B rows)");
    }
  }
}
