package org.spgemm.partition.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.accumulo.core.data.ByteSequence;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * The A side of the model from one scan of family A: every A row key in order and the row's
 * columns in CSR as B vertex ids ({@link BVertexIds}), sorted, a column repeated within a row
 * (possible with different visibilities) kept once.
 */
final class ARowScan implements FamilyScan.RowSink {

  private final BVertexIds bIds;
  private final List<String> keys = new ArrayList<>();
  private final IntList rowPtr = new IntList(1024);
  private final IntList cols = new IntList(4096);
  private int[] row = new int[64];
  private int rowLen;
  private long entries;

  ARowScan(BVertexIds bIds) {
    this.bIds = bIds;
    rowPtr.add(0);
  }

  @Override
  public void startRow(String key) {
    keys.add(key);
    rowLen = 0;
  }

  @Override
  public void entry(ByteSequence qualifier) {
    entries++;
    int j = bIds.idOf(KeyText.decode(qualifier, "a column key of A"));
    if (rowLen == row.length) {
      row = Arrays.copyOf(row, row.length * 2);
    }
    row[rowLen++] = j;
  }

  /** Sorts the row's columns, drops repeats, appends them to CSR. */
  @Override
  public void endRow() {
    Arrays.sort(row, 0, rowLen);
    for (int q = 0; q < rowLen; q++) {
      if (q == 0 || row[q] != row[q - 1]) {
        if (cols.size() >= BipartiteGraph.MAX_NNZ) {
          throw new IllegalArgumentException("nnz(A) exceeds the model's limit of "
              + BipartiteGraph.MAX_NNZ);
        }
        cols.add(row[q]);
      }
    }
    rowPtr.add(cols.size());
  }

  /** A row keys, ascending. */
  String[] keys() {
    return keys.toArray(new String[0]);
  }

  int[] rowPtr() {
    return rowPtr.toArray();
  }

  /** Columns of the rows as B vertex ids (stored rows 0.., phantoms -1, -2, ...). */
  int[] cols() {
    return cols.toArray();
  }

  /** Entries scanned, before removing repeated columns. */
  long entries() {
    return entries;
  }
}
