package org.spgemm.client;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchDeleter;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.JobRecord;

/** The C family of a multiply: a stale C refused or cleared, and a failed run's C removed. */
final class CFamily {

  private final AccumuloClient client;
  private final String table;
  private final MultiplyOptions opts;

  CFamily(AccumuloClient client, String table, MultiplyOptions opts) {
    this.client = client;
    this.table = table;
    this.opts = opts;
  }

  /**
   * True if C holds entries already that the multiply replaces; refused unless the options say
   * overwrite. A stored C that is an input (accumulated into, kept outside the mask) is neither.
   */
  boolean refuseStaleUnlessOverwrite() {
    if (opts.readsC()) {
      return false;
    }
    boolean stale = InputCheck.hasEntries(client, table, opts.cFamily);
    if (stale && !opts.overwrite) {
      throw new SpgemmException("family " + opts.cFamily + " of " + table
          + " already holds entries; clear it or multiply with overwrite");
    }
    return stale;
  }

  void clearC() {
    try (BatchDeleter d =
        client.createBatchDeleter(table, MatrixStore.userAuths(client), 4)) {
      d.setRanges(List.of(new Range()));
      d.fetchColumnFamily(new Text(opts.cFamily));
      d.delete();
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (MutationsRejectedException e) {
      throw new ClusterException("cannot clear " + opts.cFamily + " of " + table + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Removes a failed run's C. Batches already writing when the job record went away may still
   * land, so clear until C stays empty (bounded); the FAILED state is what readers rely on.
   */
  void failC(CState cState, String why) {
    try {
      long deadline = System.nanoTime() + 30_000_000_000L;
      do {
        clearC();
        Thread.sleep(2 * 500 + 200); // longer than the servers cache a running job
      } while (InputCheck.hasEntries(client, table, opts.cFamily) && System.nanoTime() < deadline);
    } catch (RuntimeException e) {
      // the FAILED state below still tells readers not to trust what is left
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      cState.finish(JobRecord.State.FAILED,
          Map.of("error", why == null ? "" : why.replace(';', ',')));
    } catch (SpgemmException e) {
      // another job holds C now: its state is the truth
    }
  }
}
