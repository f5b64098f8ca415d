package org.spgemm.matrix;

import java.util.Arrays;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.Semiring;

/**
 * The in-memory reference product C = A ⊕.⊗ B over any semiring, computed in FP64: the
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
   * C = A ⊕.⊗ B.
   *
   * @throws IllegalArgumentException
   *         {@code shape mismatch: A is RxC but B is RxC (A columns must equal B rows)}, or if C
   *         would have more entries than an int array holds
   */
  public static SparseMatrix multiply(SparseMatrix a, SparseMatrix b, Semiring s) {
    SparseMatrix.checkMultiplyShapes(a, b);
    Monoid add = s.add();
    BinaryOp mul = s.multiply();
    int rows = a.rows();
    int cols = b.cols();

    // Dense accumulator for one row of C; marker[k] == i means C(i,k) already has a value.
    double[] acc = new double[cols];
    int[] marker = new int[cols];
    Arrays.fill(marker, -1);
    int[] touched = new int[cols];

    int[] rowPtr = new int[rows + 1];
    int[] colIdx = new int[Math.max(16, Math.min(a.nnz() + b.nnz(), 1 << 20))];
    double[] values = new double[colIdx.length];
    int nnz = 0;

    for (int i = 0; i < rows; i++) {
      int count = 0;
      for (int pa = a.rowPtr[i]; pa < a.rowPtr[i + 1]; pa++) {
        int j = a.colIdx[pa];
        double aij = a.values[pa];
        for (int pb = b.rowPtr[j]; pb < b.rowPtr[j + 1]; pb++) {
          int k = b.colIdx[pb];
          double product = mul.applyAsDouble(aij, b.values[pb]);
          if (marker[k] != i) {
            marker[k] = i;
            acc[k] = product;
            touched[count++] = k;
          } else {
            acc[k] = add.applyAsDouble(acc[k], product);
          }
        }
      }
      Arrays.sort(touched, 0, count);
      if ((long) nnz + count > colIdx.length) {
        long grown = Math.max(2L * colIdx.length, (long) nnz + count);
        if ((long) nnz + count > SparseMatrix.MAX_ENTRIES) {
          throw new IllegalArgumentException(
              "product has more than " + SparseMatrix.MAX_ENTRIES + " entries");
        }
        grown = Math.min(grown, SparseMatrix.MAX_ENTRIES);
        colIdx = Arrays.copyOf(colIdx, (int) grown);
        values = Arrays.copyOf(values, (int) grown);
      }
      for (int t = 0; t < count; t++) {
        int k = touched[t];
        colIdx[nnz] = k;
        values[nnz] = acc[k];
        nnz++;
      }
      rowPtr[i + 1] = nnz;
    }
    return new SparseMatrix(rows, cols, rowPtr, Arrays.copyOf(colIdx, nnz),
        Arrays.copyOf(values, nnz));
  }

  /**
   * The number of scalar multiplications in A·B (the paper's flop count); see
   * {@link SparseMatrix#partialProducts}.
   */
  public static long partialProducts(SparseMatrix a, SparseMatrix b) {
    return a.partialProducts(b);
  }
}
