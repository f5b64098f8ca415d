package org.spgemm.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.spgemm.bench.run.Measurement;
import org.spgemm.bench.run.Method;

class SummaryTest {

  private static Measurement m(String d, String cat, Method method, int rep, double seconds,
      String error) {
    return new Measurement(d, cat, 10, 1, rep, 0, method, 10, 10, 1000, 100, 100, -1, seconds,
        0.5, 100, -1, -1, "yes", error);
  }

  @Test
  void mediansIgnoreFailuresAndRatiosAreOverBl() {
    List<Measurement> all = new ArrayList<>();
    all.add(m("d1", "c1", Method.BL, 0, 8, ""));
    all.add(m("d1", "c1", Method.BL, 1, 4, ""));
    all.add(m("d1", "c1", Method.BL, 2, 6, ""));
    all.add(m("d1", "c1", Method.RRP, 0, 2, ""));
    all.add(m("d1", "c1", Method.RRP, 1, 99, "boom"));
    all.add(m("d2", "c2", Method.BL, 0, 9, ""));
    all.add(m("d2", "c2", Method.RRP, 0, 1, ""));
    Summary s = new Summary(all);

    assertEquals(6, s.medianMultiply(1, "d1", Method.BL));
    assertEquals(2, s.medianMultiply(1, "d1", Method.RRP));
    assertEquals(3, s.speedupOverBl(1, "d1", Method.RRP), 1e-12);
    assertEquals(Math.sqrt(3 * 9), s.geoMeanSpeedup(1, Method.RRP, null), 1e-12);
    assertEquals(9, s.geoMeanSpeedup(1, Method.RRP, "c2"), 1e-12);
    assertEquals(1, s.failures().size());
    assertEquals(List.of("d1", "d2"), s.datasets());
    assertTrue(Double.isNaN(s.medianMultiply(2, "d1", Method.BL)));

    String md = MarkdownReport.render(s, "t", "setup", List.of());
    assertTrue(md.contains("| d1 | 6.00 | 2.00 | 3.00 |"), md);
    assertTrue(md.contains("boom"), md);
  }

  /** Runs after which C was not scanned (--scan-reps) have no scan time and no total. */
  @Test
  void runsWithoutAScanCountForTheMultiplyOnly() {
    List<Measurement> all = new ArrayList<>();
    for (int rep = 0; rep < 3; rep++) {
      all.add(new Measurement("d1", "c1", 10, 1, rep, 0, Method.RRP, 10, 10, 1000, 100, 100, -1,
          rep + 1, rep == 0 ? 0.5 : Double.NaN, rep == 0 ? 100 : -1, -1, -1, "yes", ""));
    }
    Summary s = new Summary(all);
    assertEquals(2, s.medianMultiply(1, "d1", Method.RRP));
    assertEquals(0.5, s.medianScan(1, "d1", Method.RRP));
    assertEquals(1.5, s.medianTotal(1, "d1", Method.RRP));
    Measurement back = Measurement.parse(all.get(1).csv());
    assertTrue(Double.isNaN(back.scanSeconds()), back::csv);
    assertTrue(Double.isNaN(Summary.median(new double[] {Double.NaN})));
  }

  /** The compactions a method left behind count in "multiply + ..." where they were timed. */
  @Test
  void compactionsLeftBehindAddToTheMultiplyWhereTimed() {
    List<Measurement> all = new ArrayList<>();
    for (int rep = 0; rep < 3; rep++) {
      all.add(m("d1", "c1", Method.BL, rep, 4, "").withSettleSeconds(0));
      all.add(m("d1", "c1", Method.RRP, rep, 1 + rep, "").withSettleSeconds(3));
    }
    Summary s = new Summary(all);
    assertEquals(3, s.medianSettle(1, "d1", Method.RRP));
    assertEquals(5, s.medianSettled(1, "d1", Method.RRP));
    String md = MarkdownReport.render(s, "t", "setup", List.of());
    assertTrue(md.contains("### Multiply + the compactions it left behind (s)\n\n| dataset | BL |"
        + " RRp | RRp x BL |\n|---|---:|---:|---:|\n| d1 | 4.00 | 5.00 | 0.80 |"), md);

    // rows of a CSV written before the figure: neither table, no settled time
    Summary old = new Summary(List.of(m("d1", "c1", Method.RRP, 0, 2, "")));
    assertTrue(Double.isNaN(old.medianSettled(1, "d1", Method.RRP)));
    String oldMd = MarkdownReport.render(old, "t", "setup", List.of());
    assertTrue(!oldMd.contains("left behind"), oldMd);
  }

  @Test
  void evenMedianAveragesTheMiddle() {
    assertEquals(2.5, Summary.median(new double[] {4, 1, 2, 3}));
  }
}
