package org.spgemm.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.spgemm.bench.run.Measurement;
import org.spgemm.bench.run.Method;

/**
 * Medians over repetitions of every (K, dataset, method), and the ratios the report prints.
 * Only successful runs count; a cell without one has no median (NaN).
 */
public final class Summary {

  private final List<Measurement> all;
  private final Set<Integer> tservers = new LinkedHashSet<>();
  private final Map<String,Measurement> datasets = new LinkedHashMap<>();
  private final Set<Method> methods = new LinkedHashSet<>();

  public Summary(List<Measurement> all) {
    this.all = List.copyOf(all);
    for (Measurement m : all) {
      tservers.add(m.tservers());
      datasets.putIfAbsent(m.dataset(), m);
    }
    for (Method m : Method.values()) {
      if (all.stream().anyMatch(x -> x.method() == m)) {
        methods.add(m);
      }
    }
  }

  public List<Integer> tservers() {
    return new ArrayList<>(tservers);
  }

  /** Dataset names in the order they were run. */
  public List<String> datasets() {
    return new ArrayList<>(datasets.keySet());
  }

  /** The first measurement of a dataset: its category, size and nnz figures. */
  public Measurement first(String dataset) {
    return datasets.get(dataset);
  }

  public List<Method> methods() {
    return new ArrayList<>(methods);
  }

  public double medianMultiply(int k, String dataset, Method m) {
    return median(k, dataset, m, Measurement::multiplySeconds);
  }

  public double medianScan(int k, String dataset, Method m) {
    return median(k, dataset, m, Measurement::scanSeconds);
  }

  public double medianTotal(int k, String dataset, Method m) {
    return median(k, dataset, m, x -> x.multiplySeconds() + x.scanSeconds());
  }

  /** Compactions of C's table after the method returned; NaN for rows without the figure. */
  public double medianSettle(int k, String dataset, Method m) {
    return median(k, dataset, m, x -> x.settleSeconds() >= 0 ? x.settleSeconds() : Double.NaN);
  }

  /** The multiply and the compactions it left behind ({@link Measurement#settledSeconds}). */
  public double medianSettled(int k, String dataset, Method m) {
    return median(k, dataset, m, Measurement::settledSeconds);
  }

  /** Whether any row timed the compactions after its method (CSVs before the column did not). */
  public boolean settleMeasured() {
    return all.stream().anyMatch(x -> x.settleSeconds() >= 0);
  }

  public double medianRate(int k, String dataset, Method m) {
    return median(k, dataset, m, Measurement::rate);
  }

  public double median(int k, String dataset, Method m, ToDoubleFunction<Measurement> f) {
    double[] v = runs(k, dataset, m).stream().mapToDouble(f).toArray();
    return median(v);
  }

  /** Successful runs of one cell. */
  public List<Measurement> runs(int k, String dataset, Method m) {
    return all.stream().filter(x -> x.ok() && x.tservers() == k && x.method() == m
        && x.dataset().equals(dataset)).toList();
  }

  /** BL's median multiply time over the method's (above 1: faster than BL). */
  public double speedupOverBl(int k, String dataset, Method m) {
    return speedup(k, dataset, m, Method.BL);
  }

  /** {@code base}'s median multiply time over the method's (above 1: faster than base). */
  public double speedup(int k, String dataset, Method m, Method base) {
    return medianMultiply(k, dataset, base) / medianMultiply(k, dataset, m);
  }

  /** Geometric mean of the speed-up over BL across the datasets matching {@code category}. */
  public double geoMeanSpeedup(int k, Method m, String category) {
    return geoMeanSpeedup(k, m, category, Method.BL);
  }

  /** Geometric mean of the speed-up over {@code base} across datasets of {@code category}. */
  public double geoMeanSpeedup(int k, Method m, String category, Method base) {
    double logSum = 0;
    int n = 0;
    for (String d : datasets()) {
      if (category != null && !first(d).category().equals(category)) {
        continue;
      }
      double s = speedup(k, d, m, base);
      if (Double.isFinite(s) && s > 0) {
        logSum += Math.log(s);
        n++;
      }
    }
    return n == 0 ? Double.NaN : Math.exp(logSum / n);
  }

  public List<String> categories() {
    return datasets.values().stream().map(Measurement::category).distinct().toList();
  }

  public List<Measurement> failures() {
    return all.stream().filter(x -> !x.ok()).toList();
  }

  public List<Measurement> all() {
    return all;
  }

  /** The median of the values that are numbers (a run not scanned has no scan time): NaN if none. */
  static double median(double[] v) {
    double[] s = Arrays.stream(v).filter(x -> !Double.isNaN(x)).sorted().toArray();
    if (s.length == 0) {
      return Double.NaN;
    }
    int h = s.length / 2;
    return s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2;
  }
}
