package org.spgemm.iterators;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.kernel.RowSpGemm;
import org.spgemm.kernel.RowWorkspace;
import org.spgemm.progress.BatchStats;

/**
 * Algorithm 2 for one batch: fetch B(Φ), compute every C row of the batch fully in memory, write
 * them, and report what was done. A batch whose panel passes the byte budget is split in halves.
 * Runs on a pool thread; the fetcher and workspace belong to that thread.
 */
final class BatchWorker {

  private final AccumuloClient client;
  private final String table;
  private final MultiplyIteratorOptions.Parsed opts;
  private final ThreadLocal<BPanelFetcher> fetchers;
  private final ThreadLocal<RowWorkspace> workspaces = ThreadLocal.withInitial(RowWorkspace::new);

  BatchWorker(AccumuloClient client, String table, String bTable,
      MultiplyIteratorOptions.Parsed opts) {
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.fetchers = ThreadLocal.withInitial(() -> new BPanelFetcher(client, opts, table, bTable));
  }

  /**
   * @param live false once nobody will return this batch's result; checked, together with the
   *        job record, before any C row is written
   */
  BatchResult process(ABatch batch, BooleanSupplier live)
      throws TableNotFoundException, MutationsRejectedException {
    BatchResult result = new BatchResult();
    process(batch, live, result);
    return result;
  }

  private void process(ABatch batch, BooleanSupplier live, BatchResult result)
      throws TableNotFoundException, MutationsRejectedException {
    BatchStats stats = new BatchStats();
    stats.server = TabletServerBridge.serverId();
    long t0 = System.nanoTime();
    BPanel panel;
    try {
      panel = fetchers.get().fetch(batch.phi, batch.rowKeys.get(0));
    } catch (BPanelFetcher.PanelTooLargeException e) {
      if (batch.rows() == 1) {
        throw new BadInputException("A row " + ARowReader.text(batch.rowKeys.get(0)) + " needs "
            + "B rows holding more than " + MultiplyIteratorOptions.MAX_BATCH_BYTES + "="
            + opts.maxBatchBytes() + " bytes; raise that option", batch.lastKey());
      }
      int mid = batch.rows() / 2;
      process(batch.slice(0, mid), live, result);
      process(batch.slice(mid, batch.rows()), live, result);
      return;
    }
    long t1 = System.nanoTime();
    stats.fetchNanos = t1 - t0;
    stats.bRows = batch.phi.size();
    stats.bEntriesFetched = panel.entries;
    stats.bEntriesRemote = panel.remoteEntries;
    stats.aEntries = batch.a.nnz;
    stats.rows = batch.rows();
    stats.batches = 1;

    RowWorkspace w = workspaces.get();
    RowSpGemm.prepare(batch.a, panel.b, panel.columnKeys.length, w);
    boolean count = opts.mode() == MultiplyIteratorOptions.Mode.COUNT;
    long writeNanos = 0;
    if (count) {
      for (int i = 0; i < batch.rows(); i++) {
        BatchStats row = new BatchStats();
        row.server = stats.server;
        row.rows = 1;
        row.products = RowSpGemm.multiplyRow(batch.a, i, panel.b, opts.semiring(), true, w);
        row.rowNnz = w.rowNnz();
        row.aEntries = batch.a.rowLength(i);
        stats.products += row.products;
        stats.cEntries += row.rowNnz;
        result.emit(batch.rowLastKeys.get(i), row);
      }
      stats.kernelNanos = System.nanoTime() - t1;
      return;
    }
    mayWrite(live);
    try (CRowWriter writer = new CRowWriter(client, table, opts)) {
      for (int i = 0; i < batch.rows(); i++) {
        if ((i & 63) == 0 && !live.getAsBoolean()) {
          throw new CancellationException();
        }
        stats.products += RowSpGemm.multiplyRow(batch.a, i, panel.b, opts.semiring(), false, w);
        long tw = System.nanoTime();
        stats.cEntries += writer.write(batch.rowKeys.get(i), w, panel.columnKeys);
        writeNanos += System.nanoTime() - tw;
      }
      long tc = System.nanoTime();
      writer.close(); // the flush: C rows are durable before the progress entry is returned
      writeNanos += System.nanoTime() - tc;
    }
    stats.writeNanos = writeNanos;
    stats.kernelNanos = System.nanoTime() - t1 - writeNanos;
    result.emit(batch.lastKey(), stats);
  }

  /** Writes only while the work is wanted and its job record still says RUNNING. */
  private void mayWrite(BooleanSupplier live) {
    if (!live.getAsBoolean() || !JobAuthorization.stillRunning(client, table, opts.job())) {
      throw new CancellationException();
    }
  }
}
