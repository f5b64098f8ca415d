package org.spgemm.pipeline;

import org.spgemm.kernel.RowWorkspace;
import org.spgemm.kernel.SideRow;
import org.spgemm.kernel.SparseRows;

/**
 * B(Φ): the B rows a batch needs, as CSR whose row ids are Φ's local ids and whose column ids
 * index {@link #columnKeys} (sorted, so ascending ids give qualifiers in Accumulo order).
 */
public final class BPanel {

  final SparseRows b;
  byte[][] columnKeys = new byte[0][];
  long entries;
  /** Entries read from tablets another tablet server hosts. */
  long remoteEntries;
  /** Entries read from the batch's own tablet without an RPC. */
  long localEntries;
  /** Bytes read, of those from another tablet server, and of those from the batch's tablet. */
  long bytes;
  long remoteBytes;
  long localBytes;

  /**
   * Set when the batch's one row was computed while its B rows streamed by ({@link RowStream}):
   * the row, in key order of {@link #columnKeys}; {@link #b} is then empty.
   */
  RowWorkspace streamed;
  /** Partial products the streamed row formed. */
  long streamedProducts;
  /** Visibility id ({@link Labels}) of each column of the streamed row; null when none. */
  int[] streamedVis;

  BPanel(boolean integer) {
    b = new SparseRows(integer);
  }

  /** Local id of column key {@code key}, or -1 when no B row of the panel holds that column. */
  int columnId(byte[] key) {
    return SideRow.indexOf(columnKeys, columnKeys.length, key);
  }
}
