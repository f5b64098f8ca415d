package org.spgemm.bench.bl;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.hadoop.io.Text;
import org.spgemm.client.ClusterException;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.SparseMatrix;

/**
 * The tables of BL: AT (row k, family A, qualifier i) and B (row k, family B, qualifier j),
 * pre-split alike so the nested AT scan of a B tablet is mostly local, and C with the summing
 * combiner on every scope.
 */
public final class BlTables {

  public static final String AT_FAMILY = "A";
  public static final String B_FAMILY = "B";
  public static final String C_FAMILY = "C";
  /** Below the versioning iterator (20), so every partial product reaches the sum. */
  static final int COMBINER_PRIORITY = 10;

  private BlTables() {}

  /**
   * Creates and loads AT = Aᵀ and B, both with the same split points. They hold the entries only
   * (no shape record), as Graphulo's tables do: its TableMult multiplies every entry it reads.
   */
  public static void loadInputs(AccumuloClient client, String atTable, String bTable,
      SparseMatrix a, SparseMatrix b, KeyFormat keys, Collection<String> splits) {
    loadInputs(client, atTable, bTable, a, b, keys, splits, ValueCodecs.DECIMAL);
  }

  /**
   * As above, the values written by {@code values} (the decimal codec, or it at a value size:
   * every reader here decodes them with the decimal codec).
   */
  public static void loadInputs(AccumuloClient client, String atTable, String bTable,
      SparseMatrix a, SparseMatrix b, KeyFormat keys, Collection<String> splits,
      ValueCodec values) {
    create(client, atTable, new NewTableConfiguration(), splits);
    create(client, bTable, new NewTableConfiguration(), splits);
    MatrixStore.loadEntriesOnly(client, atTable, AT_FAMILY, a.transpose(), keys, values);
    MatrixStore.loadEntriesOnly(client, bTable, B_FAMILY, b, keys, values);
  }

  /** Creates an empty C whose entries are summed by {@link DecimalSummingCombiner}. */
  public static void createC(AccumuloClient client, String cTable, Collection<String> splits) {
    IteratorSetting sum = new IteratorSetting(COMBINER_PRIORITY, "blsum",
        DecimalSummingCombiner.class);
    Combiner.setCombineAllColumns(sum, true);
    create(client, cTable, new NewTableConfiguration().attachIterator(sum,
        EnumSet.allOf(IteratorScope.class)), splits);
  }

  /** Creates an empty table with the shared splits and no combiner (Graphulo adds its own). */
  public static void createPlain(AccumuloClient client, String table, Collection<String> splits) {
    create(client, table, new NewTableConfiguration(), splits);
  }

  private static void create(AccumuloClient client, String table, NewTableConfiguration ntc,
      Collection<String> splits) {
    // nested scans of this table go to the "nested" executor (ACCUMULO-NOTES: no deadlock)
    ntc.setProperties(Map.of(TableLayout.NESTED_DISPATCH_PROPERTY,
        TableLayout.DEFAULT_NESTED_EXECUTOR));
    if (splits != null && !splits.isEmpty()) {
      SortedSet<Text> s = new TreeSet<>();
      splits.forEach(x -> s.add(new Text(x)));
      ntc.withSplits(s);
    }
    try {
      client.tableOperations().create(table, ntc);
    } catch (TableExistsException e) {
      throw new ClusterException("table " + table + " already exists", e);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new ClusterException("cannot create " + table + ": " + e.getMessage(), e);
    }
  }
}
