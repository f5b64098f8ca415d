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
 * is still wanted) instead of holding a whole batch's C in memory. The compaction takes every row
 * waiting at once and writes them without the lock, so the two threads meet once per run of rows,
 * not once per row (a hub's batch has tens of thousands of small rows).
 */
public final class CRowChannel implements CRowSink {

  /** One computed C row: qualifiers (shared with the panel) and encoded values. */
  record CRow(byte[] row, byte[][] quals, byte[][] values, byte[][] visibilities, long bytes) {}

  private static final long WAIT_SLICE_MILLIS = 200;

  private ArrayDeque<CRow> rows = new ArrayDeque<>();
  /** The rows the compaction took and is writing: its thread's alone, never under the lock. */
  private ArrayDeque<CRow> taken = new ArrayDeque<>();
  /** Their bytes, still counted in {@link #bytes} until it takes the next rows. */
  private long takenBytes;
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

  /** Adds a row, waiting while the rows not yet taken would pass the capacity. */
  synchronized void put(CRow r) throws InterruptedException {
    while (bytes > 0 && bytes + r.bytes() > capacity) {
      if (!live.getAsBoolean()) {
        throw new CancellationException();
      }
      wait(WAIT_SLICE_MILLIS);
    }
    rows.add(r);
    bytes += r.bytes();
    if (rows.size() == 1) {
      notifyAll(); // the compaction waits only for an empty channel
    }
  }

  /** The worker is done; {@code s} holds its counts. */
  synchronized void finish(BatchStats s) {
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
