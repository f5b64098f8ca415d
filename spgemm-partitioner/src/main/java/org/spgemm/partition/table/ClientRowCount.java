package org.spgemm.partition.table;

import org.spgemm.algebra.Semirings;
import org.spgemm.kernel.RowSpGemm;
import org.spgemm.kernel.RowWorkspace;
import org.spgemm.kernel.SparseRows;

/**
 * nnz of every C row counted in the client: the kernel's symbolic multiply ({@link RowSpGemm},
 * PLUS_PAIR over the patterns, as the iterator's count mode runs it) of A's pattern by B's.
 */
final class ClientRowCount {

  private ClientRowCount() {}

  /**
   * @param aCols A's columns as stored B row indices; negative ids (phantoms) contribute nothing
   * @param bCols B's columns as ids below {@code columns}
   */
  static long[] count(int[] aRowPtr, int[] aCols, int[] bRowPtr, int[] bCols, int columns) {
    SparseRows a = pattern(aRowPtr, aCols);
    SparseRows b = pattern(bRowPtr, bCols);
    RowWorkspace w = new RowWorkspace();
    RowSpGemm.prepare(a, b, columns, w);
    long[] nnz = new long[a.rows];
    for (int i = 0; i < a.rows; i++) {
      RowSpGemm.multiplyRow(a, i, b, Semirings.PLUS_PAIR, true, w);
      nnz[i] = w.rowNnz();
    }
    return nnz;
  }

  /** CSR arrays as a pattern-only block of rows (the arrays are shared, not copied). */
  private static SparseRows pattern(int[] rowPtr, int[] colIdx) {
    SparseRows m = new SparseRows(false);
    m.rows = rowPtr.length - 1;
    m.nnz = rowPtr[m.rows];
    m.rowPtr = rowPtr;
    m.colIdx = colIdx;
    return m;
  }
}
