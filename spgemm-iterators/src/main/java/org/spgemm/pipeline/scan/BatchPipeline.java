package org.spgemm.pipeline.scan;

import org.spgemm.pipeline.ABatch;
import org.spgemm.pipeline.ARowReader;
import org.spgemm.kernel.CValues;
import org.spgemm.pipeline.BadInputException;
import org.spgemm.pipeline.BatchResult;
import org.spgemm.pipeline.BatchWorker;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.accumulo.core.data.Key;
import org.spgemm.progress.Counter;

/**
 * Keeps up to {@code threads} batches in flight: the scan thread reads A rows into the next batch
 * while workers compute earlier ones. Results come back in submission order, so emitted keys
 * ascend and a progress entry at a batch's last row means every batch before it is done. All
 * state lives in a {@link PendingWork} so a re-created iterator can carry on with it.
 */
public final class BatchPipeline {

  private final ARowReader reader;
  private final BatchWorker worker;
  private final ExecutorService pool;
  private final int maxInFlight;
  public final PendingWork work;

  public BatchPipeline(ARowReader reader, BatchWorker worker, ExecutorService pool, int maxInFlight,
      PendingWork work) {
    this.reader = reader;
    this.worker = worker;
    this.pool = pool;
    this.maxInFlight = maxInFlight;
    this.work = work;
  }

  /** Reads A into new batches until {@code threads} are in flight or A is exhausted. */
  public void fill() throws IOException {
    while (work.inFlight.size() < maxInFlight && !work.sourceExhausted) {
      if (!reader.hasMore()) {
        work.sourceExhausted = true;
        work.nextSourceKey = null;
        break;
      }
      Key first = reader.position();
      ABatch batch = reader.readBatch();
      if (batch.rows() == 0) {
        // every row read was outside the row subset: nothing to compute or report
        work.nextSourceKey = reader.position();
        work.sourceExhausted = work.nextSourceKey == null;
        continue;
      }
      work.inFlight.add(new PendingWork.InFlight(first, batch.lastKey(),
          pool.submit(() -> worker.process(batch, work::isLive))));
      // null once A is read to the end: a successor adopting this work must not re-seek A
      work.nextSourceKey = reader.position();
      work.sourceExhausted = work.nextSourceKey == null;
    }
  }

  /** True when nothing is left to compute or return. */
  public boolean done() {
    return work.pendingKeys.isEmpty() && work.inFlight.isEmpty() && work.sourceExhausted;
  }

  /**
   * Moves the head batch's entries to the pending queue once it finishes, waiting at most
   * {@code waitMillis}; returns false if it is still running.
   *
   * @throws BadInputException with a safe key when the data or set-up is at fault
   */
  public boolean awaitHead(long waitMillis) throws IOException {
    PendingWork.InFlight head = work.inFlight.peek();
    if (head == null) {
      return true;
    }
    long t0 = System.nanoTime();
    try {
      BatchResult r = head.future().get(waitMillis, TimeUnit.MILLISECONDS);
      work.inFlight.poll();
      r.stats.get(r.stats.size() - 1).add(Counter.WAIT_NANOS, System.nanoTime() - t0);
      work.pendingKeys.addAll(r.keys);
      work.pendingStats.addAll(r.stats);
      work.touch();
      return true;
    } catch (CancellationException e) {
      throw stopped(head);
    } catch (TimeoutException e) {
      work.touch();
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for a multiply batch", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof BadInputException bad) {
        throw new BadInputException(bad.getMessage(), bad.at() != null ? bad.at() : head.lastKey());
      }
      if (cause instanceof CValues.BadValueException bad) {
        throw new BadInputException(bad.getMessage(), head.lastKey());
      }
      if (cause instanceof CancellationException) {
        throw stopped(head);
      }
      throw new IOException("multiply batch ending at row " + head.lastKey().getRow()
          + " failed: " + cause, cause);
    }
  }

  private static BadInputException stopped(PendingWork.InFlight head) {
    return new BadInputException("stopped while the batch ending at row "
        + head.lastKey().getRow() + " ran: the job record was removed (the multiply was"
        + " cancelled or failed elsewhere) or another scan replaced this one", head.lastKey());
  }

  /** The first A key of the oldest batch not yet returned, if any. */
  Key headFirstKey() {
    PendingWork.InFlight head = work.inFlight.peek();
    return head == null ? null : head.firstKey();
  }
}
