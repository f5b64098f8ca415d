package org.spgemm.pipeline.compaction;

import org.spgemm.iterators.MultiplySpec;
import org.spgemm.job.JobAuthorization;
import org.spgemm.job.TabletRecords;
import org.spgemm.pipeline.ABatch;
import org.spgemm.pipeline.ARowReader;
import org.spgemm.pipeline.BRowCache;
import org.spgemm.kernel.CValues;
import org.spgemm.pipeline.BadInputException;
import org.spgemm.pipeline.BatchWorker;
import org.spgemm.pipeline.Labels;
import org.spgemm.pipeline.MaskScan;
import org.spgemm.pipeline.MemoryBudget;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * The pass of a compaction that writes C's locality group: reads the tablet's A rows from the
 * compaction's source, keeps up to {@code threads} batches computing on the worker pool, and hands
 * out their C rows entry by entry in key order. Old C is not read, so it is replaced. On a failure
 * of the job it records the error ({@link TabletRecords}) and ends the pass early without
 * throwing, since Accumulo retries a failing compaction for ever; an interrupted or cancelled
 * pass records nothing and throws, so the compaction runs again.
 */
public final class CompactionPass {

  private static final long POLL_MILLIS = 500;
  private static final long PROGRESS_EVERY_MILLIS = 2000;
  private static final byte[] NO_VISIBILITY = new byte[0];

  /** A batch on the pool and the channel its C rows come through. */
  private record Slot(Future<?> future, CRowChannel channel) {}

  private final SortedKeyValueIterator<Key,Value> source;
  private final MultiplySpec opts;
  private final AccumuloClient client;
  private final String table;
  private final TabletRecords records;
  private final MemoryBudget budget;
  private final ARowReader reader;
  private final BatchWorker worker;
  private final ArrayDeque<Slot> slots = new ArrayDeque<>();
  /**
   * This tablet's own workers, one per batch in flight: a worker whose C rows wait for an
   * earlier batch to be written holds its thread, which in a pool shared with other tablets
   * would keep their batches from running at all.
   */
  private final ThreadPoolExecutor pool;
  private final BatchStats total = new BatchStats();
  private MaskScan maskScan;
  private final byte[] family;
  private volatile boolean live = true;
  private long lastProgress = System.currentTimeMillis();
  private CRowChannel.CRow row;
  private int col;
  private Key topKey;
  private Value topValue;

  public CompactionPass(SortedKeyValueIterator<Key,Value> source, MultiplySpec opts,
      AccumuloClient client, String table, String bTable, TabletRecords records,
      MemoryBudget budget) {
    this.source = source;
    this.opts = opts;
    this.client = client;
    this.table = table;
    this.records = records;
    this.budget = budget;
    BRowCache cache = JobBRowCaches.forJob(table, bTable, opts.job(), budget.cacheBytes());
    Labels labels = new Labels(opts.cVisibility());
    this.reader = new ARowReader(source, opts, budget.batchBytes(), cache, labels);
    // a compaction thread is no scan thread: its nested scans may use the default executor
    this.worker = new BatchWorker(client, table, bTable, opts, budget, cache, labels, Map.of());
    this.family = opts.cFamily().getBytes(StandardCharsets.UTF_8);
    total.server = TabletServerBridge.serverId();
    AtomicInteger n = new AtomicInteger();
    this.pool = new ThreadPoolExecutor(opts.threads(), opts.threads(), 10, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), r -> {
          Thread t = new Thread(r, "spgemm-compaction-worker-" + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
    pool.allowCoreThreadTimeOut(true); // an abandoned pass leaves no thread behind for long
  }

  /** Seeks the source to the tablet's A rows and finds the first C entry. */
  public void start(Range tabletRange) throws IOException {
    if (opts.maskTable() != null) {
      try {
        maskScan = new MaskScan(client, opts, tabletRange);
      } catch (org.apache.accumulo.core.client.TableNotFoundException e) {
        throw new BadInputException("mask table " + opts.maskTable() + " does not exist",
            null);
      }
      reader.maskFrom(maskScan);
    }
    source.seek(tabletRange, ARowReader.families(opts), true);
    advance();
  }

  public boolean hasTop() {
    return topKey != null;
  }

  public Key getTopKey() {
    return topKey;
  }

  public Value getTopValue() {
    return topValue;
  }

  public void next() throws IOException {
    advance();
  }

  private void advance() throws IOException {
    try {
      if (row != null && ++col < row.quals().length) {
        setTop();
        return;
      }
      row = nextRow();
      col = 0;
      if (row != null) {
        setTop();
        return;
      }
      topKey = null;
      topValue = null;
      pool.shutdown();
      closeMask();
      if (live) {
        records.done(total);
      }
    } catch (BadInputException | CValues.BadValueException e) {
      stop(e.getMessage());
    } catch (IOException e) {
      throw e; // the compaction's own files failed: Accumulo deals with that as with any compaction
    } catch (Exception e) {
      if (byInterrupt(e)) {
        // the compaction is being stopped (server shutting down, compaction cancelled): not the
        // job's failure; Accumulo runs the compaction again, or the client has cancelled it
        halt();
        InterruptedIOException stopped = new InterruptedIOException("multiply interrupted");
        stopped.initCause(e);
        throw stopped;
      }
      stop("multiply failed in tablet server " + TabletServerBridge.serverId() + ": " + e);
    }
  }

  /** True if {@code e} comes from stopping this thread or its workers, not from the job. */
  public static boolean byInterrupt(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof InterruptedException || t instanceof InterruptedIOException
          || t instanceof CancellationException) {
        return true;
      }
    }
    return Thread.currentThread().isInterrupted();
  }

  private void setTop() {
    byte[] vis = row.visibilities() == null ? NO_VISIBILITY : row.visibilities()[col];
    topKey = new Key(row.row(), family, row.quals()[col], vis, opts.timestamp());
    topValue = new Value(row.values()[col]);
  }

  /** The next C row in key order, or null when the tablet is done. */
  private CRowChannel.CRow nextRow() throws Exception {
    while (true) {
      fill();
      Slot head = slots.peek();
      if (head == null) {
        return null;
      }
      long t0 = System.nanoTime();
      CRowChannel.CRow r = head.channel().poll(POLL_MILLIS);
      if (r != null) {
        return r;
      }
      total.add(Counter.WAIT_NANOS, System.nanoTime() - t0);
      if (head.channel().isOver()) {
        slots.poll();
        Throwable failure = head.channel().failure();
        if (failure instanceof Exception e) {
          throw e;
        } else if (failure != null) {
          throw new IllegalStateException(failure);
        }
        total.add(head.channel().stats());
        maybeReportProgress();
      } else if (!JobAuthorization.stillRunning(client, table, opts.job())) {
        throw new CancellationException("job " + opts.job() + " ended while this tablet was"
            + " computing (cancelled or failed elsewhere)");
      }
      MemoryBudget.touch(this);
    }
  }

  /** Reads A into new batches until {@code threads} are in flight or A is exhausted. */
  private void fill() throws IOException {
    while (slots.size() < opts.threads() && reader.hasMore()) {
      ABatch batch = reader.readBatch();
      if (batch.rows() == 0) {
        continue; // only rows outside the row subset, nothing stored: nothing to write
      }
      CRowChannel channel = new CRowChannel(budget.cBufferBytes(), opts, () -> live);
      Future<?> f = pool.submit(() -> {
        try {
          BatchStats sum = new BatchStats();
          worker.forEachPiece(batch, (piece, panel, stats) -> {
            worker.multiplyRows(piece, panel, channel, () -> live, stats);
            sum.add(stats);
          });
          channel.finish(sum);
        } catch (Throwable t) {
          channel.fail(t);
        }
      });
      slots.add(new Slot(f, channel));
    }
  }

  private void maybeReportProgress() {
    long now = System.currentTimeMillis();
    if (now - lastProgress >= PROGRESS_EVERY_MILLIS) {
      lastProgress = now;
      records.progress(total);
    }
  }

  /** Ends the pass early: records why, stops the workers, returns nothing more. */
  private void stop(String why) {
    halt();
    records.error(why);
  }

  /** Stops the workers; the pass returns nothing more. */
  private void halt() {
    live = false;
    for (Slot s : slots) {
      s.future().cancel(true);
    }
    slots.clear();
    pool.shutdown();
    closeMask();
    row = null;
    topKey = null;
    topValue = null;
  }

  private void closeMask() {
    if (maskScan != null) {
      maskScan.close();
      maskScan = null;
    }
  }

  /** True once the pass ended, normally or not; its memory may then be given back. */
  public boolean ended() {
    return topKey == null;
  }
}
