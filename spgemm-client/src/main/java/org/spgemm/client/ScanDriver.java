package org.spgemm.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.progress.BatchStats;

/**
 * The scan engine: one scanner per tablet of A carrying the multiply iterator, entries arriving
 * one per RPC so progress is live. Each entry is a finished batch (or, in count mode, a row).
 */
final class ScanDriver {

  private final AccumuloClient client;
  private final String table;
  private final MultiplyOptions opts;
  private final Heartbeat heartbeat;

  ScanDriver(AccumuloClient client, String table, MultiplyOptions opts, Heartbeat heartbeat) {
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.heartbeat = heartbeat;
  }

  void run(IteratorSetting setting, RunCounts counts, List<Range> ranges,
      BiConsumer<String,BatchStats> perEntry) {
    Authorizations auths = MatrixStore.userAuths(client);
    ExecutorService pool =
        Executors.newFixedThreadPool(Math.min(ranges.size(), opts.tabletParallelism), r -> {
          Thread t = new Thread(r, "spgemm-tablet-scan");
          t.setDaemon(true);
          return t;
        });
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (Range range : ranges) {
        futures.add(pool.submit(() -> {
          scanTablet(setting, range, auths, counts, perEntry);
          return null;
        }));
      }
      for (Future<?> f : futures) {
        await(f, counts, futures);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpgemmException("interrupted");
    } finally {
      pool.shutdownNow();
    }
  }

  /** Waits for one tablet, renewing the lease and watching for progress. */
  private void await(Future<?> f, RunCounts counts, List<Future<?>> all)
      throws InterruptedException {
    while (true) {
      try {
        f.get(1, TimeUnit.SECONDS);
        return;
      } catch (TimeoutException e) {
        heartbeat.beat(counts.total);
      } catch (ExecutionException e) {
        all.forEach(x -> x.cancel(true));
        Throwable c = e.getCause();
        if (c instanceof SpgemmException se) {
          throw se;
        }
        throw new ClusterException("multiply on " + table + " failed: " + c, c);
      } catch (SpgemmException e) {
        all.forEach(x -> x.cancel(true));
        throw e;
      }
    }
  }

  private void scanTablet(IteratorSetting setting, Range range, Authorizations auths,
      RunCounts counts, BiConsumer<String,BatchStats> perEntry) throws TableNotFoundException {
    try (Scanner s = client.createScanner(table, auths)) {
      s.setRange(range);
      s.fetchColumnFamily(new Text(opts.spec.aFamily()));
      s.addScanIterator(setting);
      s.setBatchSize(1);
      for (Map.Entry<Key,Value> e : s) {
        BatchStats st = BatchStats.decode(e.getValue().get());
        if (st.error != null) {
          throw ClusterException.fromTablet(st.error, st.refused());
        }
        if (perEntry != null) {
          perEntry.accept(e.getKey().getRow().toString(), st);
        }
        counts.add(st, false);
      }
    }
    counts.add(null, true);
  }
}
