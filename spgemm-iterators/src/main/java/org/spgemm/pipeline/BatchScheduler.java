package org.spgemm.pipeline;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Deque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.accumulo.core.data.Key;
import org.spgemm.kernel.CValues;

/**
 * Algorithm 1's loop, the one driver of both engines: reads whole A rows into batches, keeps up
 * to {@code maxInFlight} of them computing on a pool, and hands them back in the order they were
 * read, so what they produce (progress entries of the scan engine, C rows of the compaction
 * engine) comes out in key order. An engine supplies only what a batch's worker does and where
 * its output goes ({@link Start}); the scheduler reads, submits, keeps order and says how a
 * worker's failure is reported ({@link #failure}).
 *
 * @param <H> what the engine reads a batch's output through
 */
public final class BatchScheduler<H> {

  /** A batch in flight: its first and last A keys, its worker, and its output's handle. */
  public record InFlight<H>(Key firstKey, Key lastKey, Future<?> future, H handle) {}

  /** Starts a batch's worker on {@code pool}. */
  public interface Start<H> {
    InFlight<H> start(ABatch batch, Key firstKey, ExecutorService pool);
  }

  private final ARowReader reader;
  private final ExecutorService pool;
  private final int maxInFlight;
  private final Deque<InFlight<H>> inFlight;
  private final Start<H> start;

  /** @param inFlight the queue of batches in flight, kept by whoever owns the work */
  public BatchScheduler(ARowReader reader, ExecutorService pool, int maxInFlight,
      Deque<InFlight<H>> inFlight, Start<H> start) {
    this.reader = reader;
    this.pool = pool;
    this.maxInFlight = maxInFlight;
    this.inFlight = inFlight;
    this.start = start;
  }

  /** Reads A into new batches until {@code maxInFlight} are in flight or A is exhausted. */
  public void fill() throws IOException {
    while (inFlight.size() < maxInFlight && reader.hasMore()) {
      Key first = reader.position();
      ABatch batch = reader.readBatch();
      if (batch.rows() > 0) { // else only rows outside the row subset: nothing to compute
        inFlight.add(start.start(batch, first, pool));
      }
    }
  }

  /** True once A is read to the end. */
  public boolean sourceExhausted() {
    return !reader.hasMore();
  }

  /** The key A will be read from next, or null when it is exhausted. */
  public Key position() {
    return reader.position();
  }

  /** The oldest batch not yet handed back, or null. */
  public InFlight<H> head() {
    return inFlight.peek();
  }

  /** Hands the oldest batch back: its output was taken. */
  public void pop() {
    inFlight.poll();
  }

  /** True when nothing is in flight. */
  public boolean idle() {
    return inFlight.isEmpty();
  }

  /** Cancels every batch in flight; their workers stop at their next check. */
  public void cancelAll() {
    for (InFlight<H> f : inFlight.toArray(new InFlight[0])) {
      f.future().cancel(true);
    }
    inFlight.clear();
  }

  /**
   * The failure of the batch ending at {@code lastKey} as bad input (a malformed value, a C value
   * its codec cannot hold, a row over the budget), anchored at a key of the range; null when it is
   * something else. Both engines report bad input the same way: one line, no retry.
   */
  public static BadInputException badInput(Throwable cause, Key lastKey) {
    if (cause instanceof BadInputException bad) {
      return new BadInputException(bad.getMessage(), bad.at() != null ? bad.at() : lastKey);
    }
    if (cause instanceof CValues.BadValueException bad) {
      return new BadInputException(bad.getMessage(), lastKey);
    }
    return null;
  }

  /**
   * True if {@code e} comes from stopping the work rather than from the job: the job record was
   * removed, another scan took the work over, or the thread was interrupted.
   */
  public static boolean stopped(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof InterruptedException || t instanceof InterruptedIOException
          || t instanceof CancellationException) {
        return true;
      }
    }
    return Thread.currentThread().isInterrupted();
  }
}
