package org.spgemm.pipeline.compaction;

import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.kernel.CValues;
import org.spgemm.kernel.RowWorkspace;
import org.spgemm.pipeline.CRowSink;
import org.spgemm.progress.BatchStats;

/**
 * The C rows of one batch on their way from its worker to the compaction that writes them, in
 * order, bounded in bytes: a worker that runs ahead of the writer waits (checking that the work
 * is still wanted) instead of holding a whole batch's C in memory. The worker hands its rows over
 * in runs of up to {@link #RUN_MAX_BYTES} (an eighth of the capacity when that is less), and the
 * compaction takes every row waiting at once and writes them without the lock, so the two threads
 * meet once per run of rows, not once per row: a hub's batch has tens of thousands of small rows,
 * and a writer faster than its worker was woken for each of them.
 */
public final class CRowChannel implements CRowSink {

  /** One computed C row: qualifiers (shared with the panel) and encoded values. */
  record CRow(byte[] row, byte[][] quals, byte[][] values, byte[][] visibilities, long bytes) {}

  private static final long WAIT_SLICE_MILLIS = 200;
  /** Most bytes of rows a worker keeps before handing them over. */
  static final long RUN_MAX_BYTES = 128 << 10;

  private ArrayDeque<CRow> rows = new ArrayDeque<>();
  /** The rows the compaction took and is writing: its thread's alone, never under the lock. */
  private ArrayDeque<CRow> taken = new ArrayDeque<>();
  /** Their bytes, still counted in {@link #bytes} until it takes the next rows. */
  private long takenBytes;
  /** Rows the worker computed and has not handed over yet: its thread's alone. */
  private final ArrayDeque<CRow> run = new ArrayDeque<>();
  private long runBytes;
  private final long runMax;
  private final long capacity;
  private final ValueCodec codec;
  private final boolean integer;
  private final BooleanSupplier live;
  private long bytes;
  private boolean finished;
  private BatchStats stats;
  private Throwable failure;

  /** @param live false once nobody will write what this channel holds */
  CRowChannel(long capacity, MultiplySpec opts, BooleanSupplier live) {
    this.capacity = capacity;
    this.runMax = Math.min(RUN_MAX_BYTES, capacity / 8);
    this.codec = opts.codecC();
    this.integer = opts.domain() == Domain.INT64;
    this.live = live;
  }

  @Override
  public int write(byte[] row, RowWorkspace w, byte[][] columnKeys, byte[][] visibilities)
      throws InterruptedException {
    int n = w.rowNnz();
    if (n == 0) {
      return 0;
    }
    byte[][] quals = new byte[n][];
    byte[][] values = new byte[n][];
    long size = row.length;
    for (int k = 0; k < n; k++) {
      quals[k] = columnKeys[w.column(k)];
      values[k] = CValues.encode(codec, integer, w, k, row, quals[k]);
      size += quals[k].length + values[k].length + 32
          + (visibilities == null ? 0 : visibilities[k].length);
    }
    put(new CRow(row, quals, values, visibilities, size));
    return n;
  }

  @Override
  public int writeRow(byte[] row, byte[][] quals, byte[][] values, byte[][] visibilities,
      long size) throws InterruptedException {
    put(new CRow(row, quals, values, visibilities, size));
    return quals.length;
  }

  /**
   * Adds a row; hands the rows kept so far over once they reach a run's size, waiting while the
   * rows not yet taken would pass the capacity. Called by the worker's thread only.
   */
  void put(CRow r) throws InterruptedException {
    run.add(r);
    runBytes += r.bytes();
    if (runBytes >= runMax) {
      handOver();
    }
  }

  private void handOver() throws InterruptedException {
    admit(run, runBytes);
    run.clear();
    runBytes = 0;
  }

  /** Adds {@code more}, waiting while the rows not yet taken would pass the capacity. */
  private synchronized void admit(ArrayDeque<CRow> more, long moreBytes)
      throws InterruptedException {
    while (bytes > 0 && bytes + moreBytes > capacity) {
      if (!live.getAsBoolean()) {
        throw new CancellationException();
      }
      wait(WAIT_SLICE_MILLIS);
    }
    boolean wasEmpty = rows.isEmpty();
    rows.addAll(more);
    bytes += moreBytes;
    if (wasEmpty) {
      notifyAll(); // the compaction waits only for an empty channel
    }
  }

  /** The worker is done (its last rows are handed over); {@code s} holds its counts. */
  void finish(BatchStats s) throws InterruptedException {
    if (!run.isEmpty()) {
      handOver();
    }
    finished(s);
  }

  private synchronized void finished(BatchStats s) {
    stats = s;
    finished = true;
    notifyAll();
  }

  synchronized void fail(Throwable t) {
    failure = t;
    finished = true;
    notifyAll();
  }

  /**
   * The next row, waiting at most {@code millis}; null if none came in that time or the batch is
   * over (then {@link #isOver()}). Called by the compaction's thread only.
   */
  CRow poll(long millis) throws InterruptedException {
    CRow r = taken.poll();
    if (r == null) {
      taken = take(millis);
      r = taken.poll();
    }
    return r;
  }

  /** Every row waiting (the ones taken before are written: their bytes are freed). */
  private synchronized ArrayDeque<CRow> take(long millis) throws InterruptedException {
    if (takenBytes > 0) {
      bytes -= takenBytes;
      takenBytes = 0;
      notifyAll();
    }
    if (rows.isEmpty() && !finished) {
      wait(millis);
    }
    ArrayDeque<CRow> out = rows;
    rows = new ArrayDeque<>();
    for (CRow r : out) {
      takenBytes += r.bytes();
    }
    return out;
  }

  /** True once every row was taken and the worker has ended. */
  boolean isOver() {
    return taken.isEmpty() && allTaken();
  }

  private synchronized boolean allTaken() {
    return finished && rows.isEmpty();
  }

  synchronized BatchStats stats() {
    return stats;
  }

  synchronized Throwable failure() {
    return failure;
  }
}
