package org.spgemm.iterators;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.accumulo.core.data.Key;
import org.spgemm.progress.BatchStats;

/**
 * Keeps up to {@code threads} batches in flight: the scan thread reads A rows into the next batch
 * while workers compute earlier ones. Results come back in submission order, so emitted keys
 * ascend and a progress entry at a batch's last row means every batch before it is done.
 */
final class BatchPipeline {

  private final ARowReader reader;
  private final BatchWorker worker;
  private final ExecutorService pool;
  private final int maxInFlight;
  private final ArrayDeque<Future<BatchResult>> inFlight = new ArrayDeque<>();
  private final ArrayDeque<Key> inFlightLastKeys = new ArrayDeque<>();

  BatchPipeline(ARowReader reader, BatchWorker worker, ExecutorService pool, int maxInFlight) {
    this.reader = reader;
    this.worker = worker;
    this.pool = pool;
    this.maxInFlight = maxInFlight;
  }

  /**
   * Returns the result of the next batch in order, or null when the range is done.
   *
   * @throws BadInputException with a safe key when the data or set-up is at fault
   */
  BatchResult next() throws IOException {
    while (inFlight.size() < maxInFlight && reader.hasMore()) {
      ABatch batch = reader.readBatch();
      inFlight.add(pool.submit(() -> worker.process(batch)));
      inFlightLastKeys.add(batch.lastKey());
    }
    Future<BatchResult> head = inFlight.poll();
    if (head == null) {
      return null;
    }
    Key headKey = inFlightLastKeys.poll();
    long t0 = System.nanoTime();
    try {
      BatchResult r = head.get();
      BatchStats last = r.stats.get(r.stats.size() - 1);
      last.waitNanos += System.nanoTime() - t0;
      return r;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for a multiply batch", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof BadInputException bad) {
        throw new BadInputException(bad.getMessage(), bad.at() != null ? bad.at() : headKey);
      }
      throw new IOException("multiply batch ending at row " + headKey.getRow() + " failed: "
          + cause, cause);
    }
  }

  /** Drops batches not yet returned; their writes are whole rows and harmless if they finish. */
  void abandon() {
    inFlight.forEach(f -> f.cancel(false));
    inFlight.clear();
    inFlightLastKeys.clear();
  }
}
