package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

class ProgressBarTest {

  private static BatchStats rows(long rows) {
    BatchStats s = new BatchStats();
    s.set(Counter.ROWS, rows);
    s.set(Counter.PRODUCTS, 2_500_000);
    return s;
  }

  /** The last line the bar drew, after the run of {@code steps} (rows, tablets done) updates. */
  private static String draw(long totalRows, long[][] steps) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    AtomicLong now = new AtomicLong();
    ProgressBar bar = new ProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8),
        totalRows, now::get);
    for (long[] step : steps) {
      now.addAndGet(3_000_000_000L); // past the delay before the bar shows, and the redraw gap
      bar.onProgress(rows(step[0]), (int) step[1], 8);
    }
    bar.finish();
    String out = bytes.toString(StandardCharsets.UTF_8);
    String[] lines = out.split("\r");
    return lines[lines.length - 1].strip();
  }

  @Test
  void knownRowsFillByRows() {
    String line = draw(1000, new long[][] {{250, 0}, {500, 1}});
    assertTrue(line.contains(" 50%  rows 500/1000  tablets 1/8  2.50M pp"), line);
    assertEquals(15, line.chars().filter(c -> c == '#').count(), line);
  }

  @Test
  void unknownRowsFillByTabletsAndShowNoTotal() {
    // a multiply of a table's families: the row count is not known beforehand (it was 1 and the
    // bar read "100%  rows 5216/1" from the start)
    String line = draw(0, new long[][] {{5216, 0}, {15999, 2}});
    assertTrue(line.contains(" 25%  rows 15999  tablets 2/8"), line);
    assertEquals(8, line.chars().filter(c -> c == '#').count(), line);
  }

  @Test
  void nothingIsDrawnBeforeTheWorkTakesAFewSeconds() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    AtomicLong now = new AtomicLong();
    ProgressBar bar = new ProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8), 10,
        now::get);
    now.set(1_000_000_000L);
    bar.onProgress(rows(5), 4, 8);
    bar.finish();
    assertEquals("", bytes.toString(StandardCharsets.UTF_8));
  }
}
