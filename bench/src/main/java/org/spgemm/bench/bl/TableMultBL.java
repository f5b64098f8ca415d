package org.spgemm.bench.bl;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.client.ClusterException;

/**
 * Client side of BL: one batch scan over B carrying {@link OuterProductIterator}; the tablet
 * servers write the partial products into C and return only count entries, summed here. C holds
 * the product only once its combiner has summed them (at scan or compaction).
 */
public final class TableMultBL {

  private TableMultBL() {}

  /** What a BL multiply did. */
  public record Result(long bRows, long partialProducts, long wallNanos) {}

  public static Result multiply(AccumuloClient client, String atTable, String bTable,
      String cTable, int scanThreads) {
    return multiply(client, atTable, bTable, cTable, scanThreads,
        BlOptions.DEFAULT_BATCH_PRODUCTS);
  }

  /** As above; {@code batchProducts} partial products per flush and count entry. */
  public static Result multiply(AccumuloClient client, String atTable, String bTable,
      String cTable, int scanThreads, long batchProducts) {
    IteratorSetting is = new IteratorSetting(50, "blmult", OuterProductIterator.class);
    BlOptions.setTables(is, atTable, cTable);
    BlOptions.setFamilies(is, BlTables.AT_FAMILY, BlTables.C_FAMILY);
    BlOptions.setBatchProducts(is, batchProducts);
    long t0 = System.nanoTime();
    BlCounts total = new BlCounts();
    try (BatchScanner s = client.createBatchScanner(bTable, Authorizations.EMPTY, scanThreads)) {
      s.setRanges(List.of(new Range()));
      s.fetchColumnFamily(new Text(BlTables.B_FAMILY));
      s.addScanIterator(is);
      for (Map.Entry<Key,Value> e : s) {
        total.add(BlCounts.decode(e.getValue().get()));
      }
    } catch (TableNotFoundException e) {
      throw new ClusterException("table " + bTable + " does not exist", e);
    }
    return new Result(total.rows, total.products, System.nanoTime() - t0);
  }
}
