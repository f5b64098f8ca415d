package org.spgemm.partition.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.data.ByteSequence;

/**
 * The B side of the model from one scan of family B: every stored B row key in order with its
 * nnz and, when asked for, B's pattern for counting nnz(C) in the client (column keys interned
 * to ids 0, 1, ... in order of first appearance).
 */
final class BRowScan implements FamilyScan.RowSink {

  private final List<String> keys = new ArrayList<>();
  private final IntList nnz = new IntList(1024);
  /** Column ids of the entries, row after row; null unless the pattern is kept. */
  private final IntList columnIds;
  private final Map<String,Integer> columns;
  private long entries;

  BRowScan(boolean keepPattern) {
    this.columnIds = keepPattern ? new IntList(4096) : null;
    this.columns = keepPattern ? new HashMap<>() : null;
  }

  @Override
  public void startRow(String key) {
    keys.add(key);
    nnz.add(0);
  }

  @Override
  public void entry(ByteSequence qualifier) {
    nnz.set(nnz.size() - 1, nnz.get(nnz.size() - 1) + 1);
    entries++;
    if (columnIds != null) {
      String col = KeyText.decode(qualifier, "a column key of B");
      Integer id = columns.get(col);
      if (id == null) {
        id = columns.size();
        columns.put(col, id);
      }
      columnIds.add(id);
    }
  }

  @Override
  public void endRow() {}

  /** Stored B row keys, ascending. */
  List<String> keys() {
    return keys;
  }

  /** nnz of each stored B row. */
  int[] nnz() {
    return nnz.toArray();
  }

  long entries() {
    return entries;
  }

  /** CSR row pointers of B's pattern (from the nnz of each row). */
  int[] rowPtr() {
    int[] ptr = new int[nnz.size() + 1];
    for (int j = 0; j < nnz.size(); j++) {
      ptr[j + 1] = ptr[j] + nnz.get(j);
    }
    return ptr;
  }

  /** Column ids of B's pattern, row after row (only when the pattern is kept). */
  int[] columnIds() {
    return columnIds.toArray();
  }

  /** Distinct column keys of B: the ids are below this (only when the pattern is kept). */
  int columns() {
    return columns.size();
  }
}
