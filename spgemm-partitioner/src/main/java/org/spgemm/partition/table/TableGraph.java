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
 */
public final class TableGraph {

  private final BipartiteGraph graph;
  private final String[] aRowKeys;
  private final String[] bRowKeys;
  private final int phantomBRows;
  private final long aEntries;
  private final long bEntries;
  private final int unmatchedCounts;
  private final long nanos;
  private final long symbolicNanos;

  TableGraph(BipartiteGraph graph, String[] aRowKeys, String[] bRowKeys, int phantomBRows,
      long aEntries, long bEntries, int unmatchedCounts, long nanos, long symbolicNanos) {
    this.graph = graph;
    this.aRowKeys = aRowKeys;
    this.bRowKeys = bRowKeys;
    this.phantomBRows = phantomBRows;
    this.aEntries = aEntries;
    this.bEntries = bEntries;
    this.unmatchedCounts = unmatchedCounts;
    this.nanos = nanos;
    this.symbolicNanos = symbolicNanos;
  }

  /** The model: A rows 0..nA-1, B rows 0..nB-1 (vertices nA..nA+nB-1). */
  public BipartiteGraph graph() {
    return graph;
  }

  /** Original key of each A row, ascending; index i is model row i. Not a copy. */
  public String[] aRowKeys() {
    return aRowKeys;
  }

  /** Original key of each B row (stored or phantom), ascending; index j is model row j. */
  public String[] bRowKeys() {
    return bRowKeys;
  }

  /** B rows that exist only as column keys of A (no entries in the B family). */
  public int phantomBRows() {
    return phantomBRows;
  }

  /** Entries of the A family scanned (before removing repeated columns of a row). */
  public long aEntriesScanned() {
    return aEntries;
  }

  /** Entries of the B family scanned. */
  public long bEntriesScanned() {
    return bEntries;
  }

  /** Keys of the given nnz(C) counts that named no A row (0 unless M changed meanwhile). */
  public int unmatchedCounts() {
    return unmatchedCounts;
  }

  /** Time spent scanning and building, in nanoseconds (including {@link #symbolicNanos()}). */
  public long nanos() {
    return nanos;
  }

  /**
   * Time of counting nnz(c_i) in the client ({@link TableGraphReader#readCountingC()}), after
   * the scans; 0 when the counts came from the iterator.
   */
  public long symbolicNanos() {
    return symbolicNanos;
  }

  @Override
  public String toString() {
    return "TableGraph[aRows=" + aRowKeys.length + ", bRows=" + bRowKeys.length + " ("
        + phantomBRows + " phantom), nnzA=" + graph.nnzA() + ", " + nanos / 1_000_000 + " ms]";
  }
}
