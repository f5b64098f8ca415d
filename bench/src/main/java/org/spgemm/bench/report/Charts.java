package org.spgemm.bench.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.spgemm.bench.run.Measurement;
import org.spgemm.bench.run.Method;

/**
 * The report's PNG plots: median multiply time per method and dataset (one chart per K),
 * geometric-mean speed-up over BL against K, and partial products per second against R-MAT
 * scale. Returns the files written.
 */
public final class Charts {

  private Charts() {}

  public static List<Path> write(Summary s, Path dir, String prefix) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<Path> files = new ArrayList<>();
    for (int k : s.tservers()) {
      files.add(save(timeChart(s, k), dir.resolve(prefix + "-time-K" + k + ".png")));
    }
    if (s.methods().contains(Method.BL)) {
      files.add(save(speedupChart(s), dir.resolve(prefix + "-speedup.png")));
    }
    XYChart rate = rateChart(s);
    if (rate != null) {
      files.add(save(rate, dir.resolve(prefix + "-rate.png")));
    }
    return files;
  }

  private static CategoryChart timeChart(Summary s, int k) {
    CategoryChart c = new CategoryChartBuilder().width(1000).height(520)
        .title("Multiply time, median, K = " + k + " tablet server(s)").xAxisTitle("dataset")
        .yAxisTitle("seconds").build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    c.getStyler().setXAxisLabelRotation(20);
    for (Method m : s.methods()) {
      List<String> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (String d : s.datasets()) {
        double t = s.medianMultiply(k, d, m);
        xs.add(d);
        ys.add(Double.isFinite(t) && t > 0 ? t : 0); // 0: no successful run
      }
      if (ys.stream().anyMatch(y -> y > 0)) {
        c.addSeries(m.label, xs, ys).setFillColor(color(m));
      }
    }
    return c;
  }

  /** One colour per method in every chart. */
  private static Color color(Method m) {
    return switch (m) {
      case BL -> new Color(0x4C72B0);
      case GRAPHULO -> new Color(0x937860);
      case RRP_SCAN -> new Color(0xF2B880);
      case RRP -> new Color(0xDD8452);
      case RRP_BULK -> new Color(0xC97B3A);
      case RRP_COMPACTION -> new Color(0xE8A87C);
      case RRP_NESTED -> new Color(0xB5651D);
      case GRRP -> new Color(0x8172B3);
      case CLIENT -> new Color(0x55A868);
      case CLIENT_BULK -> new Color(0x2E7D4F);
      case FLOOR -> new Color(0xC44E52);
      case BULK_FLOOR -> new Color(0x7F2A2D);
    };
  }

  private static XYChart speedupChart(Summary s) {
    XYChart c = xyChart("Speed-up over BL (geometric mean over datasets)", "tablet servers K",
        "BL time / method time");
    for (Method m : s.methods()) {
      if (m == Method.BL) {
        continue;
      }
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (int k : s.tservers()) {
        double g = s.geoMeanSpeedup(k, m, null);
        if (Double.isFinite(g)) {
          xs.add((double) k);
          ys.add(g);
        }
      }
      addLine(c, m, xs, ys);
    }
    return c;
  }

  /** Rate against R-MAT scale at the largest K; null without R-MAT A·A data. */
  private static XYChart rateChart(Summary s) {
    List<String> rmat = s.datasets().stream()
        .filter(d -> s.first(d).category().equals("rmat-AA")).toList();
    if (rmat.isEmpty()) {
      return null;
    }
    int k = s.tservers().stream().mapToInt(Integer::intValue).max().orElseThrow();
    XYChart c = xyChart("R-MAT A·A: partial products per second, K = " + k, "R-MAT scale",
        "partial products / s");
    for (Method m : s.methods()) {
      if (m == Method.FLOOR) {
        continue; // computes nothing
      }
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (String d : rmat) {
        double r = s.medianRate(k, d, m);
        if (Double.isFinite(r) && r > 0) {
          Measurement first = s.first(d);
          xs.add((double) first.size());
          ys.add(r);
        }
      }
      addLine(c, m, xs, ys);
    }
    return c;
  }

  /** An 800x480 line chart with the legend outside and whole numbers on the x axis. */
  private static XYChart xyChart(String title, String xAxis, String yAxis) {
    XYChart c = new XYChartBuilder().width(800).height(480).title(title).xAxisTitle(xAxis)
        .yAxisTitle(yAxis).build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    c.getStyler().setXAxisDecimalPattern("0");
    return c;
  }

  /** The method's points as a line in its colour; nothing when it has none. */
  private static void addLine(XYChart c, Method m, List<Double> xs, List<Double> ys) {
    if (!xs.isEmpty()) {
      XYSeries series = c.addSeries(m.label, xs, ys);
      series.setLineColor(color(m));
      series.setMarkerColor(color(m));
    }
  }

  private static Path save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file)
      throws IOException {
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }
}
