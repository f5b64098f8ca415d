package org.spgemm.pipeline.scan;

import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.spgemm.pipeline.ARowReader;
import org.spgemm.pipeline.BadInputException;
import org.spgemm.pipeline.BatchResult;
import org.spgemm.pipeline.BatchScheduler;
import org.spgemm.pipeline.BatchWorker;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * The scan engine on the {@link BatchScheduler}: each batch's worker computes it and writes its
 * C rows through BatchWriters, and its result (progress entries, or count entries) comes back in
 * order, so emitted keys ascend and a progress entry at a batch's last row means every batch
 * before it is done. All state lives in a {@link PendingWork} so a re-created iterator can carry
 * on with it.
 */
public final class BatchPipeline {

  private final BatchScheduler<Future<BatchResult>> scheduler;
  public final PendingWork work;

  public BatchPipeline(ARowReader reader, BatchWorker worker, ExecutorService pool,
      int maxInFlight, PendingWork work) {
    this.work = work;
    this.scheduler = new BatchScheduler<>(reader, pool, maxInFlight, work.inFlight,
        (batch, first, p) -> {
          Future<BatchResult> f = p.submit(() -> worker.process(batch, work::isLive));
          return new BatchScheduler.InFlight<>(first, batch.lastKey(), f, f);
        });
  }

  /** Reads A into new batches until {@code threads} are in flight or A is exhausted. */
  public void fill() throws IOException {
    if (work.sourceExhausted) {
      return; // adopted work whose A was read to the end: the source is not even seeked
    }
    scheduler.fill();
    // null once A is read to the end: a successor adopting this work must not re-seek A
    work.nextSourceKey = scheduler.position();
    work.sourceExhausted = work.nextSourceKey == null;
  }

  /** True when nothing is left to compute or return. */
  public boolean done() {
    return work.pendingKeys.isEmpty() && scheduler.idle() && work.sourceExhausted;
  }

  /**
   * Moves the head batch's entries to the pending queue once it finishes, waiting at most
   * {@code waitMillis}; returns false if it is still running.
   *
   * @throws BadInputException with a safe key when the data or set-up is at fault, or the work
   *         was stopped
   */
  public boolean awaitHead(long waitMillis) throws IOException {
    BatchScheduler.InFlight<Future<BatchResult>> head = scheduler.head();
    if (head == null) {
      return true;
    }
    long t0 = System.nanoTime();
    try {
      BatchResult r = head.handle().get(waitMillis, TimeUnit.MILLISECONDS);
      scheduler.pop();
      BatchStats last = r.stats.get(r.stats.size() - 1);
      if (last.get(Counter.BATCHES) > 0) { // a batch's progress, not one row's count
        last.add(Counter.WAIT_NANOS, System.nanoTime() - t0);
      }
      if (work.pass != null) {
        r.stats.forEach(work.pass::add);
      }
      work.pendingKeys.addAll(r.keys);
      work.pendingStats.addAll(r.stats);
      work.touch();
      return true;
    } catch (TimeoutException e) {
      work.touch();
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for a multiply batch", e);
    } catch (CancellationException | ExecutionException e) {
      Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
      BadInputException bad = BatchScheduler.badInput(cause, head.lastKey());
      if (bad != null) {
        throw bad;
      }
      if (BatchScheduler.stopped(cause)) {
        // reported as an entry, quietly: nobody may be reading this scan any more
        throw new BadInputException("stopped while the batch ending at row "
            + head.lastKey().getRow() + " ran: the job record was removed (the multiply was"
            + " cancelled or failed elsewhere) or another scan replaced this one",
            head.lastKey());
      }
      throw new IOException("multiply batch ending at row " + head.lastKey().getRow()
          + " failed: " + cause, cause);
    }
  }
}
