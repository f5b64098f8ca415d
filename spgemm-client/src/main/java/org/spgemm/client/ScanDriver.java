package org.spgemm.client;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
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
 * The scan engine: one scanner per tablet of A carrying the multiply iterator. Each entry is a
 * finished batch, and arrives in an RPC of its own so progress is live; in count mode each entry
 * is a row, and a batch's rows arrive together ({@link #COUNT_ENTRIES_PER_RPC} at most). A
 * mask in M is read beside A, with the runner's authorizations (a mask entry the runner cannot
 * read lets nothing through; the compaction engine would let through a C entry carrying its
 * label, which the runner could not read either).
 */
final class ScanDriver {

  private final AccumuloClient client;
  private final String table;
  private final MultiplyOptions opts;
  private final Heartbeat heartbeat;
  /** Entries the tablet servers return per RPC. */
  private final int entriesPerRpc;

  /**
   * Rows counted per RPC in count mode. One per RPC made the symbolic count of R-MAT 14 (16,384
   * rows, each RPC building the scan's iterators anew) take 15 s on 2 embedded servers.
   */
  static final int COUNT_ENTRIES_PER_RPC = 4096;

  /** @param rows whether each entry is a row counted (count mode) rather than a batch */
  ScanDriver(AccumuloClient client, String table, MultiplyOptions opts, Heartbeat heartbeat,
      boolean rows) {
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.heartbeat = heartbeat;
    this.entriesPerRpc = rows ? COUNT_ENTRIES_PER_RPC : 1;
  }

  void run(IteratorSetting setting, RunCounts counts, List<Range> ranges,
      BiConsumer<String,BatchStats> perEntry) {
    Authorizations auths = MatrixStore.userAuths(client);
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(ranges.size(),
        opts.tabletParallelism), new ThreadFactoryBuilder().setDaemon(true)
            .setNameFormat("spgemm-tablet-scan-%d").build());
    List<Future<?>> futures = new ArrayList<>();
    try {
      for (Range range : ranges) {
        futures.add(pool.submit(() -> {
          scanTablet(setting, range, auths, counts, perEntry);
          return null;
        }));
      }
      Follower.follow(new Follower.Run() {
        @Override
        public boolean await(long millis) throws ExecutionException, InterruptedException {
          for (Future<?> f : futures) {
            try {
              f.get(millis, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
              return false;
            }
          }
          return true;
        }

        @Override
        public void refresh() {
          // each tablet's scan adds its entries to the counts as they arrive
        }

        @Override
        public void cancel() {
          futures.forEach(x -> x.cancel(true));
        }

        @Override
        public SpgemmException failure(Throwable cause) {
          return new ClusterException("multiply on " + table + " failed: " + cause, cause);
        }
      }, heartbeat, counts);
    } finally {
      pool.shutdownNow();
    }
  }

  private void scanTablet(IteratorSetting setting, Range range, Authorizations auths,
      RunCounts counts, BiConsumer<String,BatchStats> perEntry) throws TableNotFoundException {
    try (Scanner s = client.createScanner(table, auths)) {
      s.setRange(range);
      s.fetchColumnFamily(new Text(opts.spec.aFamily()));
      if (opts.spec.maskFamily() != null && opts.spec.maskTable() == null) {
        s.fetchColumnFamily(new Text(opts.spec.maskFamily())); // read beside A, row by row
      }
      s.addScanIterator(setting);
      s.setBatchSize(entriesPerRpc);
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
