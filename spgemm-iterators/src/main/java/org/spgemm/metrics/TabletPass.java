package org.spgemm.metrics;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.accumulo.core.data.Range;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * One tablet's share of one multiply in this tablet server, as operators see it: an INFO line
 * when it starts, when it ends (completed, with its counts and seconds, or failed, with why) and
 * when it is refused, each naming the job, the engine, the table and the tablet; and the
 * started/completed/failed/refused counters and the duration timer of {@link MultiplyMeters}.
 * Its counts are those the engine adds as batches finish; it ends once whatever calls it.
 */
public final class TabletPass {

  private static final Logger LOG = LoggerFactory.getLogger(TabletPass.class);
  /**
   * Refusal lines are at most one a second: any reader of a table can attach the iterator with
   * options it cannot run, once per tablet per scan. Every refusal is counted all the same.
   */
  private static final long REFUSAL_LINE_MILLIS = 1000;
  private static final AtomicLong LAST_REFUSAL_LINE = new AtomicLong();
  private static final AtomicLong REFUSALS_UNLOGGED = new AtomicLong();

  private final MultiplyMeters meters;
  private final String name;
  private final long startNanos = System.nanoTime();
  private final BatchStats total = new BatchStats();
  private final AtomicBoolean ended = new AtomicBoolean();

  private TabletPass(Engine engine, String name) {
    this.meters = MultiplyMeters.of(engine);
    this.name = name;
  }

  /**
   * A pass begins: logs it and counts it.
   *
   * @param range the tablet's range (compaction) or the part of it scanned (scan engine)
   * @param how a word on how it starts ("started", "resumed"), logged as is
   */
  public static TabletPass start(Engine engine, String job, String table, String tableId,
      Range range, String how) {
    TabletPass p = new TabletPass(engine, describe(engine, job, table, tableId, range));
    p.meters.started.increment();
    LOG.info("{}: {}", p.name, how);
    return p;
  }

  /** A pass refused before any work: counts it and logs why (at most one line a second). */
  public static void refused(Engine engine, String job, String table, String tableId,
      Range range, String why) {
    MultiplyMeters.of(engine).refused.increment();
    String reason = why != null && why.startsWith(BatchStats.REFUSED)
        ? why.substring(BatchStats.REFUSED.length()) : why;
    long now = System.currentTimeMillis();
    long last = LAST_REFUSAL_LINE.get();
    if (now - last < REFUSAL_LINE_MILLIS || !LAST_REFUSAL_LINE.compareAndSet(last, now)) {
      REFUSALS_UNLOGGED.incrementAndGet();
      return;
    }
    long unlogged = REFUSALS_UNLOGGED.getAndSet(0);
    LOG.info("{}: refused: {}{}", describe(engine, job, table, tableId, range), reason,
        unlogged == 0 ? "" : " (" + unlogged + " refusals since the last such line not logged)");
  }

  /** Adds a finished batch's counts (or a count-mode row's) to this pass's total. */
  public synchronized void add(BatchStats s) {
    total.add(s);
  }

  /** The pass computed its whole share; {@code counts} are its totals (null: those added). */
  public void completed(BatchStats counts) {
    if (!ended.compareAndSet(false, true)) {
      return;
    }
    long nanos = System.nanoTime() - startNanos;
    meters.completed.increment();
    meters.tabletDuration.record(nanos, TimeUnit.NANOSECONDS);
    BatchStats t = counts != null ? counts : snapshot();
    LOG.info("{}: completed in {} s: {} batches, {} A rows, {} partial products, {} C entries,"
        + " {} B entries fetched ({} local, {} remote)", name, seconds(nanos),
        t.get(Counter.BATCHES), t.get(Counter.ROWS), t.get(Counter.PRODUCTS),
        t.get(Counter.C_ENTRIES), t.get(Counter.B_FETCHED), t.get(Counter.B_LOCAL),
        t.get(Counter.B_REMOTE));
  }

  /** The pass stopped on an error of the job. */
  public void failed(String why) {
    if (!ended.compareAndSet(false, true)) {
      return;
    }
    long nanos = System.nanoTime() - startNanos;
    meters.failed.increment();
    meters.tabletDuration.record(nanos, TimeUnit.NANOSECONDS);
    LOG.info("{}: failed after {} s: {}", name, seconds(nanos), why);
  }

  /** The job ended while the pass computed: counted as a stop; its compaction commits. */
  public void ended(String why) {
    if (ended.compareAndSet(false, true)) {
      meters.stopped.increment();
      LOG.info("{}: stopped after {} s ({}): C ends here and the compaction commits", name,
          seconds(System.nanoTime() - startNanos), why);
    }
  }

  /**
   * The pass was stopped from outside (compaction cancelled, server shutting down): neither
   * completed nor failed, since Accumulo runs the compaction again.
   */
  public void stopped(String why) {
    if (ended.compareAndSet(false, true)) {
      meters.stopped.increment();
      LOG.info("{}: stopped after {} s ({}): Accumulo runs the compaction again unless it was"
          + " cancelled", name, seconds(System.nanoTime() - startNanos), why);
    }
  }

  private synchronized BatchStats snapshot() {
    BatchStats copy = new BatchStats();
    copy.add(total);
    return copy;
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
  }

  /** {@code spgemm job J engine=E table=T (id I) tablet (prev, end]}. */
  static String describe(Engine engine, String job, String table, String tableId,
      Range range) {
    return "spgemm job " + (job == null ? "?" : job) + " engine=" + engine.tag + " table="
        + table + " (id " + tableId + ") tablet " + extent(range);
  }

  /**
   * The range's rows as {@code (start, end]}, -inf/+inf when unbounded. A tablet's data range
   * (from the row after its previous end row to the row after its end row) shows as the tablet,
   * {@code (prevEndRow, endRow]}.
   */
  static String extent(Range r) {
    if (r == null) {
      return "?";
    }
    String start = "(-inf";
    if (!r.isInfiniteStartKey()) {
      byte[] b = r.getStartKey().getRowData().toArray();
      boolean after = r.isStartKeyInclusive() && followsRow(b);
      start = after ? "(" + row(java.util.Arrays.copyOf(b, b.length - 1))
          : (r.isStartKeyInclusive() ? "[" : "(") + row(b);
    }
    String end = "+inf)";
    if (!r.isInfiniteStopKey()) {
      byte[] b = r.getEndKey().getRowData().toArray();
      boolean through = !r.isEndKeyInclusive() && followsRow(b);
      end = through ? row(java.util.Arrays.copyOf(b, b.length - 1)) + "]"
          : row(b) + (r.isEndKeyInclusive() ? "]" : ")");
    }
    return start + ", " + end;
  }

  /** True for a key in the row after a whole row (row + 0x00), as tablet bounds are. */
  private static boolean followsRow(byte[] row) {
    return row.length > 0 && row[row.length - 1] == 0;
  }

  /** A row as text, non-printable bytes escaped, long rows cut. */
  private static String row(byte[] b) {
    String s = new String(b, StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length() && out.length() < 60; i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        out.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.length() < 60 ? out.toString() : out + "...";
  }
}
