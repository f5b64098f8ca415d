package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.data.Key;
import org.spgemm.kernel.SideRow;
import org.spgemm.kernel.SparseRows;

/**
 * One batch Φ of whole A rows, self-contained so a worker can process it while the scan thread
 * reads the next one: A as CSR whose column ids index {@link #phi} (the distinct B rows the batch
 * needs, in first-seen order), the A row keys, and the last key of every row (count entries and
 * progress entries are emitted at those keys).
 */
public final class ABatch {

  /**
   * Heap a row holds beside its entries, counted in {@link #bytes}: its key, a copy of its last
   * key, and its slots in the lists below (64-bit JVM, compressed references).
   */
  static final long ROW_BYTES = 160;
  /** Heap a distinct B row of Φ holds beside its key's bytes: the array, its slot, its id. */
  static final long PHI_ROW_BYTES = 80;

  final SparseRows a;
  final List<byte[]> rowKeys = new ArrayList<>();
  final List<Key> rowLastKeys = new ArrayList<>();
  final List<byte[]> phi = new ArrayList<>();
  /** The stored C of every row (null where none, or not read), parallel to {@link #rowKeys}. */
  final List<SideRow> oldC = new ArrayList<>();
  /** The mask of every row (null where empty or no mask), parallel to {@link #rowKeys}. */
  final List<SideRow> mask = new ArrayList<>();
  private final Interning phiIds = new Interning(phi);
  /** A's entries as stored, and the rows' and Φ's overhead: what the byte budget bounds. */
  long bytes;
  /** Rows of Φ that were not in the tablet's B row cache when the batch was read. */
  int phiUncached;
  /** Visibility id ({@link Labels}) of every A entry, parallel to the entries; 0 = none. */
  int[] aVis = new int[64];
  /** Whether any A entry of the batch carries a visibility. */
  boolean labelled;

  ABatch(boolean integer) {
    a = new SparseRows(integer);
  }

  /** Records the visibility id of the entry just added to {@link #a}. */
  void visibility(int id) {
    int p = a.nnz - 1;
    if (p >= aVis.length) {
      aVis = java.util.Arrays.copyOf(aVis, Math.max(aVis.length * 2, p + 1));
    }
    aVis[p] = id;
    labelled |= id != 0;
  }

  public int rows() {
    return a.rows;
  }

  public Key lastKey() {
    return rowLastKeys.get(rowLastKeys.size() - 1);
  }

  /** Local id of B row {@code bRow}, added to Φ when new. */
  int phiId(byte[] bRow) {
    return phiIds.id(bRow);
  }

  /** Rows [from, to) as a batch of their own, with Φ rebuilt for just those rows. */
  ABatch slice(int from, int to) {
    ABatch s = new ABatch(a.isInteger());
    for (int i = from; i < to; i++) {
      for (int p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) {
        int id = s.phiId(phi.get(a.colIdx[p]));
        if (a.isInteger()) {
          s.a.add(id, a.intVals[p]);
        } else {
          s.a.add(id, a.fpVals[p]);
        }
        s.visibility(aVis[p]);
      }
      s.a.endRow();
      s.rowKeys.add(rowKeys.get(i));
      s.rowLastKeys.add(rowLastKeys.get(i));
      s.oldC.add(oldC.get(i));
      s.mask.add(mask.get(i));
    }
    s.bytes = bytes * (to - from) / Math.max(1, rows());
    return s;
  }
}
