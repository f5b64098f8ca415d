package org.spgemm.cli;

import java.io.PrintStream;
import java.util.Locale;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.ProgressListener;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * A one-line progress bar on stderr, shown only once work has taken a few seconds and redrawn at
 * most five times a second.
 */
final class ProgressBar implements ProgressListener {

  private static final long SHOW_AFTER_NANOS = 2_000_000_000L;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final PrintStream err;
  private final long totalRows;
  private final long start = System.nanoTime();
  private long lastDraw;
  private boolean shown;

  /**
   * Runs {@code call} with a progress bar over {@code totalRows} A rows as the listener of
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
    this.err = err;
    this.totalRows = Math.max(1, totalRows);
  }

  @Override
  public void onProgress(BatchStats total, int tabletsDone, int tablets) {
    long now = System.nanoTime();
    if (now - start < SHOW_AFTER_NANOS || (now - lastDraw < REDRAW_NANOS && tabletsDone < tablets)) {
      return;
    }
    lastDraw = now;
    shown = true;
    double done = Math.min(1.0, total.get(Counter.ROWS) / (double) totalRows);
    int width = 30;
    int filled = (int) Math.round(done * width);
    double secs = (now - start) / 1e9;
    err.printf(Locale.ROOT, "\r[%s%s] %3.0f%%  rows %d/%d  tablets %d/%d  %s pp  %.1f s  ",
        "#".repeat(filled), ".".repeat(width - filled), done * 100, total.get(Counter.ROWS), totalRows,
        tabletsDone, tablets, human(total.get(Counter.PRODUCTS)), secs);
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
