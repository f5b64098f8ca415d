package org.spgemm.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.spgemm.bench.run.Measurement;
import org.spgemm.bench.run.Method;

/**
 * The paper-style report: datasets, then per K the median multiply time of every method with its
 * speed-up over BL, the scan of C, multiply + scan, the compactions of C's table that a method
 * left running and multiply + those, RRp and gRRp against the write floor with
 * their iterator's counters, gRRp's plan and apply, geometric means per category, and what
 * failed or did not verify.
 */
public final class MarkdownReport {

  private MarkdownReport() {}

  public static String render(Summary s, String title, String setup, List<Path> charts) {
    StringBuilder sb = new StringBuilder();
    sb.append("# ").append(title).append("\n\n").append(setup).append("\n\n");
    sb.append("Methods:\n\n");
    for (Method m : s.methods()) {
      sb.append("- **").append(m.label).append("**: ").append(m.description).append('\n');
    }
    sb.append("\nTimes are medians over repetitions, in seconds. \"x BL\" is BL's median time"
        + " divided by the method's (above 1: faster than BL). Rates are partial products per"
        + " second of multiply time.\n\n");
    datasets(sb, s);
    for (int k : s.tservers()) {
      sb.append("## K = ").append(k).append(" tablet server").append(k == 1 ? "" : "s")
          .append("\n\n");
      timeTable(sb, s, k, "Multiply", Summary::medianMultiply, true);
      timeTable(sb, s, k, "Scan of C afterwards", Summary::medianScan, false);
      timeTable(sb, s, k, "Multiply + scan of C", Summary::medianTotal, true);
      if (s.settleMeasured()) {
        timeTable(sb, s, k, "Compactions of C's table still running after the multiply returned",
            Summary::medianSettle, false);
        timeTable(sb, s, k, "Multiply + the compactions it left behind", Summary::medianSettled,
            true);
      }
      rateTable(sb, s, k);
      workerTable(sb, s, k);
      grrpTable(sb, s, k);
      geoMeans(sb, s, k);
      timeFractions(sb, s, k);
    }
    failures(sb, s);
    if (!charts.isEmpty()) {
      sb.append("## Plots\n\n");
      for (Path p : charts) {
        sb.append("![").append(p.getFileName()).append("](").append(p.getFileName())
            .append(")\n\n");
      }
    }
    return sb.toString();
  }

  private static void datasets(StringBuilder sb, Summary s) {
    sb.append("## Datasets\n\n| dataset | category | size | nnz(A) | nnz(B) | partial products |"
        + " nnz(C) |\n|---|---|---:|---:|---:|---:|---:|\n");
    for (String d : s.datasets()) {
      Measurement m = s.first(d);
      sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d |%n", d,
          m.category(), m.size(), m.nnzA(), m.nnzB(), m.partialProducts(), m.nnzC()));
    }
    sb.append('\n');
  }

  interface Metric {
    double of(Summary s, int k, String dataset, Method m);
  }

  private static void timeTable(StringBuilder sb, Summary s, int k, String what, Metric f,
      boolean ratios) {
    List<Method> ms = s.methods();
    boolean bl = ratios && ms.contains(Method.BL);
    List<String> columns = new ArrayList<>(labels(ms, ""));
    if (bl) {
      columns.addAll(labels(ms.stream().filter(m -> m != Method.BL).toList(), " x BL"));
    }
    sb.append("### ").append(what).append(" (s)\n\n");
    head(sb, "dataset", columns);
    for (String d : s.datasets()) {
      sb.append("| ").append(d).append(" |");
      for (Method m : ms) {
        sb.append(' ').append(num(f.of(s, k, d, m), "%.2f")).append(" |");
      }
      if (bl) {
        double base = f.of(s, k, d, Method.BL);
        for (Method m : ms) {
          if (m != Method.BL) {
            sb.append(' ').append(num(base / f.of(s, k, d, m), "%.2f")).append(" |");
          }
        }
      }
      sb.append('\n');
    }
    sb.append('\n');
  }

  private static void rateTable(StringBuilder sb, Summary s, int k) {
    List<Method> ms = s.methods().stream()
        .filter(m -> m != Method.FLOOR && m != Method.BULK_FLOOR).toList();
    List<String> columns = new ArrayList<>(labels(ms, " pp/s"));
    columns.addAll(List.of("BL entries written", "RRp B fetched", "gRRp B fetched"));
    sb.append("### Rates and volumes (medians)\n\n");
    head(sb, "dataset", columns);
    for (String d : s.datasets()) {
      sb.append("| ").append(d).append(" |");
      for (Method m : ms) {
        sb.append(' ').append(human(s.medianRate(k, d, m))).append(" |");
      }
      sb.append(' ').append(num(s.median(k, d, Method.BL, Measurement::entriesWritten), "%.0f"))
          .append(" | ")
          .append(num(s.median(k, d, Method.RRP, Measurement::bEntriesFetched), "%.0f"))
          .append(" | ")
          .append(num(s.median(k, d, Method.GRRP, Measurement::bEntriesFetched), "%.0f"))
          .append(" |\n");
    }
    sb.append('\n');
  }

  /** RRp and gRRp against the write floor, and the split of their iterator's worker time. */
  private static void workerTable(StringBuilder sb, Summary s, int k) {
    List<Method> ms = measured(s, Method.RRP_SCAN, Method.RRP, Method.RRP_BULK,
        Method.RRP_COMPACTION, Method.RRP_NESTED, Method.GRRP);
    if (ms.isEmpty()) {
      return;
    }
    sb.append("### RRp and gRRp against the write floor, and where the iterator's time goes\n\n"
        + "\"/ floor\": the method's median multiply time over the write floor's. Worker-seconds"
        + " (medians) are summed over the iterator's threads on every tablet server: fetch ="
        + " nested scans of B rows into the batch's panel, kernel = the row-by-row accumulation,"
        + " write = handing C rows to the BatchWriter and its closing flush (RRp-scan) or to the"
        + " compaction's file writer (RRp, gRRp), wait = the scan or compaction thread waiting"
        + " for a batch to finish. Remote = B entries read from a tablet another"
        + " server hosts. Bytes are keys plus values as Accumulo counts them (B fetched, of those"
        + " read in the tablet's own files and from another server; C written), in MB; a"
        + " dataset named _vN stored A's and B's values at N bytes each.\n\n| dataset | method |"
        + " multiply | floor | / floor | fetch | kernel | write | wait | B fetched | remote |"
        + " B MB | local MB | remote MB | C MB |\n|---|---|---:|---:|---:|---:|---:|---:|---:|"
        + "---:|---:|---:|---:|---:|---:|\n");
    for (String d : s.datasets()) {
      for (Method m : ms) {
        double floor = s.medianMultiply(k, d, Method.FLOOR);
        sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |"
            + " %s | %s | %s | %s | %s |%n", d, m.label, num(s.medianMultiply(k, d, m), "%.2f"),
            num(floor, "%.2f"),
            num(s.medianMultiply(k, d, m) / floor, "%.2f"),
            num(s.median(k, d, m, Measurement::fetchWorkerSeconds), "%.2f"),
            num(s.median(k, d, m, Measurement::kernelWorkerSeconds), "%.2f"),
            num(s.median(k, d, m, Measurement::writeWorkerSeconds), "%.2f"),
            num(s.median(k, d, m, Measurement::waitWorkerSeconds), "%.2f"),
            num(s.median(k, d, m, Measurement::bEntriesFetched), "%.0f"),
            num(s.median(k, d, m, Measurement::bEntriesRemote), "%.0f"),
            megabytes(s.median(k, d, m, x -> x.bytes().bFetched())),
            megabytes(s.median(k, d, m, x -> x.bytes().bLocal())),
            megabytes(s.median(k, d, m, x -> x.bytes().bRemote())),
            megabytes(s.median(k, d, m, x -> x.bytes().cWritten()))));
      }
    }
    sb.append('\n');
  }

  private static void grrpTable(StringBuilder sb, Summary s, int k) {
    if (!s.methods().contains(Method.GRRP)) {
      return;
    }
    sb.append("### gRRp preparation (s; the plan is made once per dataset, applied per"
        + " repetition)\n\n| dataset | plan (symbolic + graph + METIS) | apply (re-keyed copy) |"
        + " multiply | multiply + apply |\n|---|---:|---:|---:|---:|\n");
    for (String d : s.datasets()) {
      ToDoubleFunction<Measurement> both = x -> x.multiplySeconds() + x.applySeconds();
      sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", d,
          num(s.median(k, d, Method.GRRP, Measurement::planSeconds), "%.2f"),
          num(s.median(k, d, Method.GRRP, Measurement::applySeconds), "%.2f"),
          num(s.medianMultiply(k, d, Method.GRRP), "%.2f"),
          num(s.median(k, d, Method.GRRP, both), "%.2f")));
    }
    sb.append('\n');
  }

  private static void geoMeans(StringBuilder sb, Summary s, int k) {
    if (!s.methods().contains(Method.BL)) {
      return;
    }
    List<Method> ms = s.methods().stream().filter(m -> m != Method.BL).toList();
    sb.append("### Geometric mean of multiply speed-up over BL\n\n");
    head(sb, "category", labels(ms, ""));
    for (String c : s.categories()) {
      sb.append("| ").append(c).append(" |");
      ms.forEach(m -> sb.append(' ').append(num(s.geoMeanSpeedup(k, m, c), "%.2f")).append(" |"));
      sb.append('\n');
    }
    sb.append("| **all** |");
    ms.forEach(m -> sb.append(" **").append(num(s.geoMeanSpeedup(k, m, null), "%.2f"))
        .append("** |"));
    sb.append("\n\n");
  }

  /** Each method's multiply time as a fraction of the baselines' (geometric means). */
  private static void timeFractions(StringBuilder sb, Summary s, int k) {
    List<Method> bases = measured(s, Method.BL, Method.CLIENT, Method.CLIENT_BULK);
    if (bases.isEmpty()) {
      return;
    }
    sb.append("### Multiply time as a fraction of the baselines' (geometric mean over datasets;"
        + " below 1: faster)\n\n");
    head(sb, "method", bases.stream().map(b -> "/ " + b.label).toList());
    for (Method m : s.methods()) {
      sb.append("| ").append(m.label).append(" |");
      bases.forEach(b -> sb.append(' ')
          .append(num(1 / s.geoMeanSpeedup(k, m, null, b), "%.2f")).append(" |"));
      sb.append('\n');
    }
    sb.append('\n');
  }

  private static void failures(StringBuilder sb, Summary s) {
    long verified = s.all().stream().filter(m -> m.verified().equals("yes")).count();
    sb.append("## Correctness and failures\n\n").append(verified)
        .append(" runs had C read back and compared entry by entry with the in-memory reference"
            + " (relative tolerance 1e-9); all of them matched unless listed below.\n\n");
    List<Measurement> f = s.failures();
    if (f.isEmpty()) {
      sb.append("No run failed.\n\n");
      return;
    }
    sb.append("| K | dataset | method | rep | error |\n|---|---|---|---|---|\n");
    for (Measurement m : f) {
      sb.append(String.format(Locale.ROOT, "| %d | %s | %s | %d | %s |%n", m.tservers(),
          m.dataset(), m.method().label, m.rep() + 1, m.error().replace('|', '/')));
    }
    sb.append('\n');
  }

  /**
   * A table's head: the first column (names) left-aligned, the others (numbers) right-aligned.
   */
  private static void head(StringBuilder sb, String first, List<String> columns) {
    sb.append("| ").append(first).append(" |");
    columns.forEach(c -> sb.append(' ').append(c).append(" |"));
    sb.append("\n|---|");
    columns.forEach(c -> sb.append("---:|"));
    sb.append('\n');
  }

  /** Each method's label followed by suffix. */
  private static List<String> labels(List<Method> methods, String suffix) {
    return methods.stream().map(m -> m.label + suffix).toList();
  }

  /** Those of the given methods that the run measured, in the given order. */
  private static List<Method> measured(Summary s, Method... methods) {
    return Stream.of(methods).filter(s.methods()::contains).toList();
  }

  /** Bytes as MB with two decimals; "-" when not counted. */
  private static String megabytes(double bytes) {
    return num(bytes / 1e6, "%.2f");
  }

  private static String num(double v, String fmt) {
    return Double.isFinite(v) && v >= 0 ? String.format(Locale.ROOT, fmt, v) : "-";
  }

  static String human(double v) {
    if (!Double.isFinite(v) || v <= 0) {
      return "-";
    }
    if (v >= 1e6) {
      return String.format(Locale.ROOT, "%.2f M", v / 1e6);
    }
    if (v >= 1e3) {
      return String.format(Locale.ROOT, "%.0f k", v / 1e3);
    }
    return String.format(Locale.ROOT, "%.0f", v);
  }
}
