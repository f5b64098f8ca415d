package org.spgemm.matrix;

/**
 * Walks the stored rows of two matrices together in ascending row order: each step is a row that
 * at least one of them stores, with that row's entry positions in each (an empty range where a
 * matrix does not store it). Costs O(stored rows of both), whatever the shape.
 */
final class StoredRowPairs {

  private final SparseMatrix first;
  private final SparseMatrix second;
  private int s1;
  private int s2;
  private int row = -1;
  private int firstStart;
  private int firstEnd;
  private int secondStart;
  private int secondEnd;

  StoredRowPairs(SparseMatrix first, SparseMatrix second) {
    this.first = first;
    this.second = second;
  }

  /** Moves to the next row either matrix stores; false when both are exhausted. */
  boolean next() {
    if (s1 >= first.storedRows() && s2 >= second.storedRows()) {
      return false;
    }
    int i1 = s1 < first.storedRows() ? first.storedRow(s1) : Integer.MAX_VALUE;
    int i2 = s2 < second.storedRows() ? second.storedRow(s2) : Integer.MAX_VALUE;
    row = Math.min(i1, i2);
    firstStart = i1 == row ? first.storedRowStart(s1) : 0;
    firstEnd = i1 == row ? first.storedRowEnd(s1++) : 0;
    secondStart = i2 == row ? second.storedRowStart(s2) : 0;
    secondEnd = i2 == row ? second.storedRowEnd(s2++) : 0;
    return true;
  }

  /** The current row. */
  int row() {
    return row;
  }

  /** Position of the first matrix's first entry in the current row. */
  int firstStart() {
    return firstStart;
  }

  /** Position just past the first matrix's last entry in the current row. */
  int firstEnd() {
    return firstEnd;
  }

  /** Position of the second matrix's first entry in the current row. */
  int secondStart() {
    return secondStart;
  }

  /** Position just past the second matrix's last entry in the current row. */
  int secondEnd() {
    return secondEnd;
  }
}
