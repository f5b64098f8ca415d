package org.spgemm.bench.run;

import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.client.ClusterException;

/**
 * The second phase: batch-scan all of C once and count its entries. BL's C is summed by its
 * combiner during this scan, the others' C is already final.
 */
final class CScan {

  record Result(long entries, long nanos) {}

  private CScan() {}

  static Result scan(AccumuloClient client, String table, String family, int threads) {
    long t0 = System.nanoTime();
    long n = 0;
    try (BatchScanner s = client.createBatchScanner(table, Authorizations.EMPTY, threads)) {
      s.setRanges(List.of(new Range()));
      s.fetchColumnFamily(new Text(family));
      for (var e : s) {
        n++;
      }
    } catch (TableNotFoundException e) {
      throw new ClusterException("table " + table + " does not exist", e);
    }
    return new Result(n, System.nanoTime() - t0);
  }
}
