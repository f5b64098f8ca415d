package org.spgemm.partition.table;

import java.util.Map;
import java.util.Objects;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.iterators.TableLayout;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * Reads the gRRp model of C = A·B from table M: two sorted scans, one of family B and one of
 * family A, with memory linear in the number of rows plus nnz(A).
 *
 * <ol>
 *   <li>Family B: every stored B row key, in Accumulo's order, becomes B row j with
 *       nnz(b_j) = its entries.
 *   <li>Family A: every A row key, in order, becomes A row i; its column keys are mapped to B row
 *       indices. A column key naming no stored B row gets a "phantom" B row with nnz 0 (its edges
 *       cost nothing, see {@link BipartiteGraph}); phantom rows are merged into the B rows in key
 *       order. A column repeated within a row (possible with different visibilities) counts once.
 *   <li>nnz(c_i), the third weight, comes from the caller (the symbolic multiply), keyed by A row
 *       key; rows it does not name weigh 0.
 * </ol>
 *
 * <p>The metadata row {@value TableLayout#META_ROW} is skipped. Keys must be valid UTF-8, since the plan
 * holds them as Strings. Values are not read. The scans use all of the user's authorizations.
 * Not thread-safe; each {@link #read} is a new scan.
 */
public final class TableGraphReader {

  private final AccumuloClient client;
  private final String table;
  private String aFamily = TableLayout.A_FAMILY;
  private String bFamily = TableLayout.B_FAMILY;

  /** A reader of table M's families A and B with the user's authorizations. */
  public TableGraphReader(AccumuloClient client, String table) {
    this.client = Objects.requireNonNull(client, "client");
    this.table = Objects.requireNonNull(table, "table");
  }

  /** The families holding A and B (default A and B). */
  public TableGraphReader families(String a, String b) {
    this.aFamily = Objects.requireNonNull(a, "A family");
    this.bFamily = Objects.requireNonNull(b, "B family");
    return this;
  }

  /**
   * Scans M and builds the model.
   *
   * @param cRowNnz nnz(c_i) per A row key (from the symbolic multiply); null for all zero
   * @throws IllegalArgumentException if the table does not exist, a key is not UTF-8, or the
   *     model would exceed its size limits
   * @throws TablePartitionException if a scan fails (e.g. no READ permission)
   */
  public TableGraph read(Map<String,Long> cRowNnz) {
    return read(cRowNnz, false);
  }

  /**
   * Scans M and builds the model, counting nnz(c_i) here in the client instead of taking them
   * from the iterator: the B scan also keeps B's pattern (interned column keys), and the
   * kernel's symbolic multiply ({@link ClientRowCount}) counts each A row's C entries. Memory
   * grows by nnz(B) plus the distinct columns of B; the time is that of the partial products.
   * {@link TableGraph#symbolicNanos()} reports the counting time.
   */
  public TableGraph readCountingC() {
    return read(null, true);
  }

  private TableGraph read(Map<String,Long> cRowNnz, boolean countC) {
    long t0 = System.nanoTime();
    FamilyScan scan = new FamilyScan(client, table, KeyText.userAuths(client));
    BRowScan b = new BRowScan(countC);
    scan.scan(bFamily, "B", b);
    BVertexIds bIds = new BVertexIds(b.keys());
    ARowScan a = new ARowScan(bIds);
    scan.scan(aFamily, "A", a);
    String[] aKeys = a.keys();
    int[] rowPtr = a.rowPtr();
    int[] cols = a.cols();
    long[] cNnz = new long[aKeys.length];
    long symbolicNanos = 0;
    if (countC) {
      long ts = System.nanoTime();
      cNnz = ClientRowCount.count(rowPtr, cols, b.rowPtr(), b.columnIds(), b.columns());
      symbolicNanos = System.nanoTime() - ts;
    }
    int unmatched = cRowNnz == null ? 0 : takeCounts(cRowNnz, aKeys, cNnz);
    BVertexIds.Merged bRows = bIds.merge(b.nnz(), cols);
    BipartiteGraph g = BipartiteGraph.fromCsr(aKeys.length, rowPtr, cols, bRows.keys().length,
        bRows.nnz(), cNnz);
    return new TableGraph(g, aKeys, bRows.keys(), bIds.phantoms(), a.entries(), b.entries(),
        unmatched, System.nanoTime() - t0, symbolicNanos);
  }

  /** Copies nnz(c_i) by A row key into {@code out}; returns how many keys named no A row. */
  private static int takeCounts(Map<String,Long> counts, String[] aKeys, long[] out) {
    int matched = 0;
    for (int i = 0; i < aKeys.length; i++) {
      Long c = counts.get(aKeys[i]);
      if (c != null) {
        if (c < 0) {
          throw new IllegalArgumentException("nnz of C row " + aKeys[i] + " is negative: " + c);
        }
        out[i] = c;
        matched++;
      }
    }
    return counts.size() - matched;
  }
}
