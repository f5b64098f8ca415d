package org.spgemm.bench.run;

import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.spgemm.algebra.Semirings;
import org.spgemm.bench.data.Dataset;
import org.spgemm.client.ClusterException;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.LoadOptions;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * One dataset on one cluster: the operands, the in-memory reference C, the shared split points
 * (equal row blocks, {@code tabletsPerServer} per tablet server) and the source table M (families
 * A and B, also for C = A·A) that gRRp plans on and the client-side baseline reads.
 */
final class Cell {

  final AccumuloClient client;
  final Dataset dataset;
  final int tservers;
  final int tabletsPerServer;
  final SparseMatrix a;
  final SparseMatrix b;
  final SparseMatrix reference;
  final long partialProducts;
  final KeyFormat keys;
  final List<String> splits;
  final String source;
  final int scanThreads;
  /** How A and B are stored (every method's inputs alike); C keeps the normal form. */
  final LoadOptions values;
  /**
   * Where a multiply in one of {@link #loadM}'s tables reads B: family A when the dataset is
   * C = A·A (A stored once), else family B. The source table holds both: gRRp's copy places A's
   * and B's rows apart.
   */
  final String bFamily;

  Cell(AccumuloClient client, Dataset dataset, int tservers, int tabletsPerServer) {
    this.client = client;
    this.dataset = dataset;
    this.tservers = tservers;
    this.tabletsPerServer = tabletsPerServer;
    Dataset.Operands ops = dataset.operands().get();
    this.a = ops.a();
    this.b = ops.b();
    this.reference = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    this.partialProducts = a.partialProducts(b);
    int n = Math.max(Math.max(a.rows(), a.cols()), Math.max(b.rows(), b.cols()));
    this.keys = KeyFormat.forSize(n);
    this.splits = keys.equalSplits(Math.max(a.rows(), b.rows()),
        tabletsPerServer * tservers);
    this.scanThreads = Math.max(4, 2 * tservers);
    this.values = LoadOptions.of(ValueCodecs.DECIMAL).withValueBytes(dataset.valueBytes());
    values.check(a, "dataset " + dataset.name() + " (generated) A");
    values.check(b, "dataset " + dataset.name() + " (generated) B");
    this.bFamily = a == b ? TableLayout.A_FAMILY : TableLayout.B_FAMILY;
    this.source = table("src");
    load(source, true);
  }

  /** A table name unique to this dataset: {@code <dataset>_<what>}. */
  String table(String what) {
    return dataset.name() + "_" + what;
  }

  /**
   * Creates table M with families A, B, C and the shared splits, and loads A and B into it, their
   * values at the dataset's value size; for C = A·A, A only, which the multiply reads as B too
   * ({@link #bFamily}), as a user squaring a matrix would.
   */
  void loadM(String table) {
    load(table, bFamily.equals(TableLayout.B_FAMILY));
  }

  private void load(String table, boolean withB) {
    TableM.create(client, table, TableLayout.FAMILIES, splits);
    MatrixStore.load(client, table, TableLayout.A_FAMILY, a, keys, values);
    if (withB) {
      MatrixStore.load(client, table, TableLayout.B_FAMILY, b, keys, values);
    }
  }

  /**
   * Waits until every tablet of a freshly created table is hosted (an empty batch scan returns
   * only then), so the timed writes that follow do not pay for tablet assignment.
   */
  void awaitHosted(String table) {
    try (BatchScanner s = client.createBatchScanner(table, Authorizations.EMPTY, 4)) {
      s.setRanges(List.of(new Range()));
      s.iterator().forEachRemaining(e -> { });
    } catch (TableNotFoundException e) {
      throw new ClusterException("table " + table + " does not exist", e);
    }
  }

  /**
   * Flushes, then deletes a table. The flush matters: deleting tables whose in-memory maps still
   * held data left a 2.1.4 tablet server with commits held for good (seen in the quick profile).
   */
  void drop(String table) {
    try {
      if (client.tableOperations().exists(table)) {
        client.tableOperations().flush(table, null, null, true);
        client.tableOperations().delete(table);
      }
    } catch (Exception e) {
      System.err.println("warning: cannot delete table " + table + ": " + e.getMessage());
    }
  }
}
