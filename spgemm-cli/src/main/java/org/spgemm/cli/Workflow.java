package org.spgemm.cli;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.client.ClusterException;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.LoadOptions;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.client.TableM;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.SparseMatrix;

/**
 * The steps demo and multiply share: create M split into equal row blocks, load A and B, multiply
 * with a progress bar, read C back.
 */
final class Workflow {

  final AccumuloClient client;
  final String table;
  final ValueCodec codec;
  /** How A, B and the mask are stored (C, read or loaded, keeps the codec's normal form). */
  final LoadOptions values;
  KeyFormat keys;
  long loadNanos;

  Workflow(AccumuloClient client, String table, ValueCodec codec) {
    this(client, table, LoadOptions.of(codec));
  }

  Workflow(AccumuloClient client, String table, LoadOptions values) {
    this.client = client;
    this.table = table;
    this.codec = values.codec();
    this.values = values;
  }

  /**
   * Creates M with {@code tablets} equal row blocks and loads A and B, or with {@code b} null A
   * only, once, for C = A*A read from family A as both. An existing M is refused, or with {@code
   * replace} deleted first, unless a live multiply is writing it.
   */
  void load(SparseMatrix a, SparseMatrix b, int tablets, boolean replace) {
    load(a, b, tablets, replace, null, null);
  }

  /** As {@link #load(SparseMatrix, SparseMatrix, int, boolean)}, with a mask and a stored C. */
  void load(SparseMatrix a, SparseMatrix b, int tablets, boolean replace, SparseMatrix mask,
      SparseMatrix c0) {
    if (client.tableOperations().exists(table)) {
      if (!replace) {
        throw new AbstractSpgemmSubcommand.UsageException("table " + table
            + " already exists; choose another --table, delete it, or give --replace-table");
      }
      Map<String,String> state = SpGEMM.cState(client, table, TableLayout.C_FAMILY);
      if ("RUNNING".equals(state.get("state"))) {
        throw new SpgemmException("refused: table " + table + " is being written by job "
            + state.get("job") + "; --replace-table does not delete a table a live multiply writes");
      }
      try {
        client.tableOperations().delete(table);
      } catch (Exception e) {
        throw new ClusterException("cannot delete table " + table + " for --replace-table: "
            + e.getMessage(), e);
      }
    }
    SparseMatrix bOrA = b == null ? a : b;
    int n = Math.max(Math.max(a.rows(), a.cols()), Math.max(bOrA.rows(), bOrA.cols()));
    n = Math.max(n, c0 == null ? 0 : Math.max(c0.rows(), c0.cols()));
    keys = KeyFormat.forSize(n);
    List<String> splits = keys.equalSplits(Math.max(a.rows(), bOrA.rows()), tablets);
    TableM.create(client, table, TableLayout.FAMILIES, splits);
    long t0 = System.nanoTime();
    MatrixStore.load(client, table, TableLayout.A_FAMILY, a, keys, values);
    if (b != null) {
      MatrixStore.load(client, table, TableLayout.B_FAMILY, b, keys, values);
    }
    if (mask != null) {
      MatrixStore.load(client, table, MxmOptionsMixin.MASK_FAMILY, mask, keys, values);
    }
    if (c0 != null) {
      MatrixStore.load(client, table, TableLayout.C_FAMILY, c0, keys, codec);
    }
    loadNanos = System.nanoTime() - t0;
  }

  /**
   * Multiplies in {@link #table} with a progress bar over {@code aRows} A rows; the result's
   * warnings go to {@code err}, one line each.
   */
  MultiplyResult multiply(MultiplyOptions.Builder opts, long aRows, java.io.PrintStream err) {
    MultiplyResult r = ProgressBar.around(err, aRows, opts,
        o -> SpGEMM.multiply(client, table, o.build()));
    r.warnings().forEach(w -> err.println("warning: " + w));
    return r;
  }

  SparseMatrix readC(int rows, int cols) {
    return MatrixStore.read(client, table, TableLayout.C_FAMILY, rows, cols, codec);
  }

  /**
   * The write-bound floor: time to ingest {@code c} into a fresh family with a plain client
   * BatchWriter on the same table and cluster.
   */
  long measureWriteFloor(SparseMatrix c) {
    long t0 = System.nanoTime();
    MatrixStore.load(client, table, "W", c, keys, codec);
    return System.nanoTime() - t0;
  }
}
