package org.spgemm.partition.table;

import org.spgemm.partition.graph.BipartiteGraph;

/**
 * What {@link TableGraphReader} read from table M: the gRRp model and the original row keys that
 * the model's vertex indices stand for.
 *
 * <p>A row i of the model is {@code aRowKeys()[i]}, B row j is {@code bRowKeys()[j]}; both lists
 * are in Accumulo's (unsigned byte) order of the keys. The B rows include "phantom" rows: column
 * keys of A that name no stored B row. They have nnz 0 (so their edges cost nothing) but need a
 * vertex, and so a part and a new key, because A's column keys are rewritten to B's new row keys.
 *
 * <p>The key arrays are shared, not copied: do not modify them.
 *
 * @param graph the model: A rows 0..nA-1, B rows 0..nB-1 (vertices nA..nA+nB-1)
 * @param aRowKeys original key of each A row, ascending; index i is model row i
 * @param bRowKeys original key of each B row (stored or phantom), ascending; index j is model
 *     row j
 * @param phantomBRows B rows that exist only as column keys of A (no entries in the B family)
 * @param aEntriesScanned entries of the A family scanned (before removing repeated columns of a
 *     row)
 * @param bEntriesScanned entries of the B family scanned
 * @param unmatchedCounts keys of the given nnz(C) counts that named no A row (0 unless M changed
 *     meanwhile)
 * @param nanos time spent scanning and building, in nanoseconds (including symbolicNanos)
 * @param symbolicNanos time of counting nnz(c_i) in the client ({@link
 *     TableGraphReader#readCountingC()}), after the scans; 0 when the counts came from the
 *     iterator
 */
public record TableGraph(BipartiteGraph graph, String[] aRowKeys, String[] bRowKeys,
    int phantomBRows, long aEntriesScanned, long bEntriesScanned, int unmatchedCounts, long nanos,
    long symbolicNanos) {

  @Override
  public String toString() {
    return "TableGraph[aRows=" + aRowKeys.length + ", bRows=" + bRowKeys.length + " ("
        + phantomBRows + " phantom), nnzA=" + graph.nnzA() + ", " + nanos / 1_000_000 + " ms]";
  }
}
