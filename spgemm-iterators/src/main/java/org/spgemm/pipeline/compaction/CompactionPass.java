package org.spgemm.pipeline.compaction;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.metrics.Engine;
import org.spgemm.metrics.MultiplyMeters;
import org.spgemm.pipeline.ARowReader;
import org.spgemm.pipeline.BRowCache;
import org.spgemm.pipeline.BSource;
import org.spgemm.pipeline.BadInputException;
import org.spgemm.pipeline.BatchScheduler;
import org.spgemm.pipeline.BatchWorker;
import org.spgemm.pipeline.CWriters;
import org.spgemm.pipeline.Labels;
import org.spgemm.pipeline.MaskScan;
import org.spgemm.pipeline.MemoryBudget;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * The compaction engine on the {@link BatchScheduler}, in the pass of a compaction that writes
 * C's locality group: reads the tablet's A rows from the compaction's source, keeps up to {@code
 * threads} batches computing, and hands out their C rows entry by entry in key order, each batch's
 * rows coming through a bounded {@link CRowChannel}. Old C is not read, so it is replaced. On a
 * failure of the job, or once the job has ended, it records the error ({@link PassRecords}) and
 * ends the pass early without throwing, since Accumulo retries a failing compaction for ever; a
 * pass that is stopped (the compaction interrupted, the server shutting down) records nothing
 * and throws, so the compaction runs again. It owns its share of the heap ({@link
 * MemoryBudget.Lease}) and gives it back when it ends, normally or not.
 */
public final class CompactionPass {

  private static final long POLL_MILLIS = 500;
  private static final long PROGRESS_EVERY_MILLIS = 2000;
  private static final byte[] NO_VISIBILITY = new byte[0];

  private final SortedKeyValueIterator<Key,Value> source;
  private final MultiplySpec opts;
  private final PassRecords records;
  private final MemoryBudget.Lease lease;
  private final BooleanSupplier jobRunning;
  private final ARowReader reader;
  private final BatchScheduler<CRowChannel> scheduler;
  /**
   * This tablet's own workers, one per batch in flight: a worker whose C rows wait for an
   * earlier batch to be written holds its thread, which in a pool shared with other tablets
   * would keep their batches from running at all.
   */
  private final ThreadPoolExecutor pool;
  private final BatchStats total = new BatchStats();
  private final byte[] family;
  private MaskScan maskScan;
  private volatile boolean live = true;
  private long lastProgress = System.currentTimeMillis();
  private CRowChannel.CRow row;
  private int col;
  /** The C entry on top, re-pointed at each entry's arrays rather than allocated per entry. */
  private final OutKey out = new OutKey();
  private final Value outValue = new Value();
  private Key topKey;
  private Value topValue;

  /**
   * @param lease this pass's share of the heap, closed when the pass ends
   * @param bSource where B's rows are read (a compaction thread is no scan thread: its nested
   *        scans may use the default executor)
   * @param cache B rows shared by the job's tablets on this server
   * @param jobRunning false once the job record is gone: the pass stops
   */
  public CompactionPass(SortedKeyValueIterator<Key,Value> source, MultiplySpec opts,
      MemoryBudget.Lease lease, BSource bSource, BRowCache cache, PassRecords records,
      BooleanSupplier jobRunning) {
    this.source = source;
    this.opts = opts;
    this.records = records;
    this.lease = lease;
    this.jobRunning = jobRunning;
    MemoryBudget budget = lease.budget();
    Labels labels = new Labels(opts.cVisibility());
    this.reader = new ARowReader(source, opts, budget.batchBytes(), cache, labels);
    BatchWorker worker = new BatchWorker(opts, budget, labels, bSource, cache, CWriters.NONE,
        MultiplyMeters.of(Engine.COMPACTION));
    this.family = opts.cFamily().getBytes(StandardCharsets.UTF_8);
    total.server = TabletServerBridge.serverId();
    this.pool = new ThreadPoolExecutor(opts.threads(), opts.threads(), 10, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), new ThreadFactoryBuilder().setDaemon(true)
            .setNameFormat("spgemm-compaction-worker-%d").build());
    pool.allowCoreThreadTimeOut(true); // an abandoned pass leaves no thread behind for long
    this.scheduler = new BatchScheduler<>(reader, pool, opts.threads(), new ArrayDeque<>(),
        (batch, first, p) -> {
          CRowChannel channel = new CRowChannel(budget.cBufferBytes(), opts, () -> live);
          return new BatchScheduler.InFlight<>(first, batch.lastKey(), p.submit(() -> {
            try {
              BatchStats sum = new BatchStats();
              worker.forEachPiece(batch, () -> live, (piece, panel, stats) -> {
                worker.multiplyRows(piece, panel, channel, () -> live, stats);
                sum.add(stats);
              });
              channel.finish(sum);
            } catch (Throwable t) {
              channel.fail(t);
            }
          }), channel);
        });
  }

  /**
   * Seeks the source to the tablet's A rows and finds the first C entry.
   *
   * @param remoteMask the mask when it lives in another table (read in step), or null
   */
  public void start(Range tabletRange, MaskScan remoteMask) throws IOException {
    this.maskScan = remoteMask;
    if (remoteMask != null) {
      reader.maskFrom(remoteMask);
    }
    try {
      source.seek(tabletRange, ARowReader.families(opts), true);
    } catch (IOException | RuntimeException e) {
      end();
      throw e;
    }
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
      end();
      if (live && !records.done(total)) {
        // seen after a tablet server was killed: the thread interrupted while it wrote the count
        // (its tablet being unloaded). Committing now would leave C's share unconfirmed; failing
        // the compaction makes Accumulo run it again, wherever the tablet is hosted next
        throw new InterruptedIOException("the final count of this tablet could not be recorded");
      }
    } catch (BadInputException e) {
      stop(e.getMessage());
    } catch (IOException e) {
      end();
      throw e; // the compaction's own files failed: Accumulo deals with that as with any compaction
    } catch (Exception e) {
      if (BatchScheduler.stopped(e)) {
        // the compaction is being stopped (server shutting down, compaction cancelled): not the
        // job's failure; Accumulo runs the compaction again, or the client has cancelled it
        halt();
        records.stopped(e.toString());
        InterruptedIOException stopped = new InterruptedIOException("multiply interrupted");
        stopped.initCause(e);
        throw stopped;
      }
      stop("multiply failed in tablet server " + TabletServerBridge.serverId() + ": " + e);
    }
  }

  private void setTop() {
    byte[] vis = row.visibilities() == null ? NO_VISIBILITY : row.visibilities()[col];
    // not copied: a C row's arrays (and the family's) are never written once the row is handed
    // over, so a key the caller kept (a copy of the Key object, as the file writer keeps its
    // previous key) still reads right after the next entry re-points this one
    out.point(row.row(), family, row.quals()[col], vis, opts.timestamp());
    outValue.set(row.values()[col]);
    topKey = out;
    topValue = outValue;
    total.add(Counter.C_BYTES, out.getSize() + row.values()[col].length);
  }

  /**
   * A key re-pointed at each C entry's arrays: one object for the pass instead of one per entry
   * (a C of 20 M entries made 20 M keys and values for the writer to copy and drop). What the
   * pass returned changes once {@code next()} is called: its callers (the compaction's file
   * writer, summarizers and iterators) copy what they keep.
   */
  private static final class OutKey extends Key {
    void point(byte[] row, byte[] family, byte[] qualifier, byte[] visibility, long timestamp) {
      this.row = row;
      this.colFamily = family;
      this.colQualifier = qualifier;
      this.colVisibility = visibility;
      this.timestamp = timestamp;
      this.deleted = false;
    }
  }

  /** The next C row in key order, or null when the tablet is done. */
  private CRowChannel.CRow nextRow() throws Exception {
    while (true) {
      scheduler.fill();
      BatchScheduler.InFlight<CRowChannel> head = scheduler.head();
      if (head == null) {
        return null;
      }
      long t0 = System.nanoTime();
      CRowChannel.CRow r = head.handle().poll(POLL_MILLIS);
      if (r != null) {
        return r;
      }
      total.add(Counter.WAIT_NANOS, System.nanoTime() - t0);
      if (head.handle().isOver()) {
        scheduler.pop();
        Throwable failure = head.handle().failure();
        if (failure != null) {
          BadInputException bad = BatchScheduler.badInput(failure, head.lastKey());
          throw bad != null ? bad : failure instanceof Exception e ? e
              : new IllegalStateException(failure);
        }
        total.add(head.handle().stats());
        maybeReportProgress();
      } else if (!jobRunning.getAsBoolean()) {
        // the job's record is gone (its client failed or cancelled it, or an operator removed
        // it): C ends here and the compaction commits, its other families passed through as
        // they are. Throwing instead fails the compaction, and where Accumulo has seen a cancel
        // of it meanwhile, its 2.1.4 tablets then keep the cancelled user compaction's files
        // selected and start no user compaction again (seen for 2 minutes and more)
        halt();
        records.ended("job " + opts.job() + " ended while this tablet was computing (cancelled"
            + " or failed elsewhere): its C here is partial, for the job's client to clear");
        return null;
      }
      lease.touch();
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
    scheduler.cancelAll();
    end();
    row = null;
  }

  /** The pass is over: its threads go, its mask scan closes, its heap share is given back. */
  private void end() {
    topKey = null;
    topValue = null;
    pool.shutdown();
    if (maskScan != null) {
      maskScan.close();
      maskScan = null;
    }
    lease.close();
  }
}
