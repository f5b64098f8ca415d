package org.spgemm.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.ProgressListener;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * A one-line progress bar on stderr, shown only once work has taken a few seconds and redrawn at
 * most five times a second. It fills by A rows done when their number is known (the file
 * workflows), by tablets done otherwise (a multiply of a table's families, whose row count is
 * not read beforehand).
 */
final class ProgressBar implements ProgressListener {

  private static final long SHOW_AFTER_NANOS = 2_000_000_000L;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final PrintStream err;
  /** A rows to do, or 0 when unknown. */
  private final long totalRows;
  private final LongSupplier clock;
  private final long start;
  private long lastDraw;
  private boolean shown;

  /**
   * Runs {@code call} with a progress bar over {@code totalRows} A rows (0: unknown) as the listener of
   * {@code opts}; the bar is finished and the listener removed afterwards, whatever happens.
   */
  static <T> T around(PrintStream err, long totalRows, MultiplyOptions.Builder opts,
      java.util.function.Function<MultiplyOptions.Builder,T> call) {
    ProgressBar bar = new ProgressBar(err, totalRows);
    try {
      return call.apply(opts.listener(bar));
    } finally {
      bar.finish();
      opts.listener(org.spgemm.client.ProgressListener.NONE);
    }
  }

  ProgressBar(PrintStream err, long totalRows) {
    this(err, totalRows, System::nanoTime);
  }

  ProgressBar(PrintStream err, long totalRows, LongSupplier clock) {
    this.err = err;
    this.totalRows = Math.max(0, totalRows);
    this.clock = clock;
    this.start = clock.getAsLong();
  }

  @Override
  public void onProgress(BatchStats total, int tabletsDone, int tablets) {
    long now = clock.getAsLong();
    if (now - start < SHOW_AFTER_NANOS || (now - lastDraw < REDRAW_NANOS && tabletsDone < tablets)) {
      return;
    }
    lastDraw = now;
    shown = true;
    long rows = total.get(Counter.ROWS);
    double done = totalRows > 0 ? Math.min(1.0, rows / (double) totalRows)
        : tablets > 0 ? Math.min(1.0, tabletsDone / (double) tablets) : 0;
    int width = 30;
    int filled = (int) Math.round(done * width);
    double secs = (now - start) / 1e9;
    err.printf(Locale.ROOT, "\r[%s%s] %3.0f%%  rows %s  tablets %d/%d  %s pp  %.1f s  ",
        "#".repeat(filled), ".".repeat(width - filled), done * 100,
        totalRows > 0 ? rows + "/" + totalRows : Long.toString(rows), tabletsDone, tablets,
        human(total.get(Counter.PRODUCTS)), secs);
    err.flush();
  }

  /** Ends the bar's line if one was drawn. */
  void finish() {
    if (shown) {
      err.println();
    }
  }

  static String human(double n) {
    if (n >= 1e9) {
      return String.format(Locale.ROOT, "%.2fG", n / 1e9);
    }
    if (n >= 1e6) {
      return String.format(Locale.ROOT, "%.2fM", n / 1e6);
    }
    if (n >= 1e3) {
      return String.format(Locale.ROOT, "%.1fk", n / 1e3);
    }
    return String.format(Locale.ROOT, "%.0f", n);
  }
}
