package org.spgemm.bench;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.spgemm.bench.data.Dataset;
import org.spgemm.bench.data.DatasetSpec;
import org.spgemm.bench.data.Datasets;
import org.spgemm.bench.graphulo.GraphuloTableMult;
import org.spgemm.bench.report.Charts;
import org.spgemm.bench.report.MarkdownReport;
import org.spgemm.bench.report.Summary;
import org.spgemm.bench.run.BenchConfig;
import org.spgemm.bench.run.BenchRunner;
import org.spgemm.bench.run.Measurement;
import org.spgemm.bench.run.Method;
import org.spgemm.bench.run.ResultsCsv;
import org.spgemm.cli.FileChecks;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.LoadOptions;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.mini.EmbeddedCluster;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code spgemm bench}: BL vs RRp vs gRRp vs the client-side baseline vs the write floor, on
 * embedded clusters of 1..K tablet servers; writes {@code <out-dir>/<date>-<name>.csv}, a
 * Markdown report and PNG plots beside it.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Benchmark BL, RRp, gRRp, the client-side baseline and the write floor on"
        + " embedded MiniAccumuloClusters; CSV, Markdown report and PNG plots.")
public final class BenchMain implements Callable<Integer> {

  @Option(names = "--quick", description = "the short profile: K in {1,2}, R-MAT scale 10 A·A and"
      + " A·B, Poisson 27-point 12³, A·P on 12³, 3 repetitions (under 10 minutes on 2 cores)")
  boolean quick;

  @Option(names = "--name", description = "name of this run in file names (default: quick or"
      + " full)")
  String name;

  @Option(names = "--out-dir", description = "where results go (default: bench/results of the"
      + " project)")
  Path outDir;

  @Option(names = "--reps", description = "repetitions per cell, median reported (default 3)")
  Integer reps;

  @Option(names = "--tservers", split = ",", description = "tablet-server counts K, each 1 to "
      + EmbeddedCluster.MAX_TSERVERS + " (default: 1,2 quick, 1,2,3 full)")
  List<Integer> tservers;

  @Option(names = "--datasets", split = ",", description = "instead of the profile's: rmatAA:S,"
      + " rmatAB:S, poisson7:N, poisson27:N, amgAP:N, hub:N")
  List<String> datasets;

  @Option(names = "--value-bytes", split = ",", paramLabel = "N", description = "store A's and"
      + " B's values at N bytes each (decimal strings zero-padded, 1 to "
      + ValueCodecs.MAX_VALUE_BYTES + "; 0: normal form), every dataset once per N, named"
      + " <dataset>_vN; C keeps the normal form (default: normal form only)")
  List<Integer> valueBytes;

  @Option(names = "--methods", split = ",", description = "subset of BL,Graphulo,RRp,gRRp,client,"
      + "floor (default all; Graphulo only with --graphulo-jar)")
  List<String> methods;

  @Option(names = "--graphulo-jar", paramLabel = "JAR", description = "also run the real Graphulo"
      + " TableMult(AT, B, C, null, MathTwoScalar, PLUS_ITERATOR_BIGDECIMAL) from this jar, built"
      + " for Accumulo 2.1 with the dependencies Accumulo lacks; it is called through reflection"
      + " and put on the tablet servers' classpath")
  Path graphuloJar;

  @Option(names = "--tserver-heap-mb", defaultValue = "1024",
      description = "heap of each tablet server, from " + EmbeddedCluster.MIN_TSERVER_HEAP_MB
          + " MB up to this machine's memory (default ${DEFAULT-VALUE})")
  int heapMb;

  @Option(names = "--tablets-per-server", defaultValue = "4",
      description = "tablets per tablet server of every table (default ${DEFAULT-VALUE})")
  int tabletsPerServer;

  @Option(names = "--verify-reps", defaultValue = "1", description = "repetitions whose C is read"
      + " back and compared with the in-memory reference (default ${DEFAULT-VALUE})")
  int verifyReps;

  @Option(names = "--scan-reps", paramLabel = "N", description = "repetitions (from the first)"
      + " after which all of C is batch-scanned and timed (default: every one); BL's always are,"
      + " its combiner runs there. Fewer saves the scan's time where the client's link is slow")
  Integer scanReps;

  @Option(names = "--report-only", paramLabel = "CSV", description = "start no cluster: rebuild"
      + " the Markdown report and the plots from a CSV of an earlier run (written beside it)")
  Path reportOnly;

  @Option(names = "--resume", paramLabel = "CSV", description = "continue an interrupted run:"
      + " the runs CSV records (failed ones too; delete a line to retry it) are not repeated, new"
      + " rows are appended, and the report covers all of them. Give the same profile options as"
      + " the first time; --name and --out-dir come from CSV")
  Path resume;

  @Option(names = "--client-props", paramLabel = "FILE", description = "run on the cluster these"
      + " Accumulo client properties reach (e.g. bin/cluster's <dir>/conf/accumulo-client"
      + ".properties) instead of embedded ones; K is its number of live tablet servers")
  Path clientProps;

  @Option(names = "--bandwidth", paramLabel = "LABEL", description = "with --client-props: the"
      + " link rate to record in the CSV and report (default: CLUSTER_BANDWIDTH of the"
      + " cluster.env bin/cluster wrote beside conf/, else unknown)")
  String bandwidth;

  private final PrintStream out;
  private final PrintStream err;

  BenchMain(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(run(System.out, System.err, args));
  }

  /** Runs the command; returns the exit code (0 ok, 1 failure, 2 usage). */
  public static int run(PrintStream out, PrintStream err, String... args) {
    return new CommandLine(new BenchMain(out, err)).execute(args);
  }

  @Override
  public Integer call() throws Exception {
    if (reportOnly != null && resume != null) {
      err.println("bench: --report-only and --resume exclude each other");
      return 2;
    }
    if (reportOnly != null) {
      return report(reportOnly);
    }
    BenchConfig config;
    List<Measurement> earlier = List.of();
    String runName = name != null ? name : quick ? "quick" : "full";
    Path dir = outDir != null ? outDir
        : Path.of(System.getProperty("spgemm.root", "."), "bench", "results");
    String prefix = LocalDate.now() + "-" + runName;
    Path csv = dir.resolve(prefix + ".csv");
    try {
      config = config();
      if (resume != null) {
        if (name != null || outDir != null) {
          throw new IllegalArgumentException("--resume takes the name and directory of its CSV;"
              + " leave out --name and --out-dir");
        }
        earlier = ResultsCsv.read(resume);
        csv = resume;
        dir = FileChecks.directoryOf(csv);
        prefix = prefixOf(csv);
        runName = prefix;
        FileChecks.checkOutput(csv, "--resume");
      } else {
        // the results are written after hours of runs: a place that cannot take them is
        // refused now, by creating a file there (permissions alone do not tell, e.g. /proc)
        FileChecks.checkOutputDirectory(dir, "--out-dir");
      }
    } catch (IllegalArgumentException | InvalidOptionException e) {
      err.println("bench: " + e.getMessage());
      return 2;
    }
    if (resume != null) {
      err.printf(Locale.ROOT, "bench: resuming %s: %d runs recorded%n", csv, earlier.size());
    }
    long t0 = System.nanoTime();
    List<Measurement> results = new ArrayList<>(earlier);
    try (ResultsCsv sink = resume != null ? ResultsCsv.resume(csv) : new ResultsCsv(csv)) {
      BenchRunner runner = new BenchRunner(config, err).skipping(earlier);
      if (clientProps != null) {
        runner.onCluster(clientProps, bandwidth);
      }
      results.addAll(runner.run(sink::add));
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    return writeReport(results, dir, prefix, runName, setup(config, seconds, earlier.size()),
        seconds, csv);
  }

  private int report(Path csv) throws java.io.IOException {
    List<Measurement> results;
    try {
      results = ResultsCsv.read(csv);
    } catch (IllegalArgumentException e) {
      err.println("bench: " + e.getMessage());
      return 2;
    }
    String prefix = prefixOf(csv);
    return writeReport(results, FileChecks.directoryOf(csv), prefix, prefix,
        "Rebuilt from " + FileChecks.nameOf(csv) + ".", -1, csv);
  }

  private static String prefixOf(Path csv) {
    String file = FileChecks.nameOf(csv);
    return file.endsWith(".csv") ? file.substring(0, file.length() - 4) : file;
  }

  private int writeReport(List<Measurement> results, Path dir, String prefix, String runName,
      String setup, double seconds, Path csv) throws java.io.IOException {
    Summary summary = new Summary(results);
    List<Path> charts = List.of();
    try {
      charts = Charts.write(summary, dir, prefix);
    } catch (RuntimeException e) { // a plot must not cost the report
      err.println("bench: warning: plots not written: " + e);
    }
    String report = MarkdownReport.render(summary, "accumulo-spgemm benchmark: " + runName,
        setup, charts);
    Path md = dir.resolve(prefix + ".md");
    Files.writeString(md, report, StandardCharsets.UTF_8);
    out.print(report);
    out.printf(Locale.ROOT, "bench: %d runs (%d failed)%s; wrote %s, %s and %d plots%n",
        results.size(), summary.failures().size(), seconds < 0 ? ""
            : String.format(Locale.ROOT, " in %.0f s", seconds), csv, md, charts.size());
    return summary.failures().isEmpty() ? 0 : 1;
  }

  BenchConfig config() throws java.io.IOException {
    if (reps != null && reps < 1 || tabletsPerServer < 1 || verifyReps < 0
        || scanReps != null && scanReps < 0) {
      throw new IllegalArgumentException("--reps, --tablets-per-server must be positive,"
          + " --verify-reps and --scan-reps not negative");
    }
    List<Dataset> ds = new ArrayList<>();
    if (datasets != null) {
      datasets.forEach(d -> ds.add(DatasetSpec.parse(d)));
    } else {
      ds.addAll(quick ? Datasets.quick() : Datasets.full());
    }
    if (valueBytes != null) {
      List<Dataset> sized = new ArrayList<>();
      for (Dataset d : ds) {
        for (int n : valueBytes.stream().distinct().toList()) {
          if (n != 0) {
            try {
              LoadOptions.of(ValueCodecs.DECIMAL).withValueBytes(n);
            } catch (InvalidOptionException e) {
              throw new IllegalArgumentException("--value-bytes " + n + ": " + e.getMessage());
            }
          }
          sized.add(d.withValueBytes(n));
        }
      }
      ds.clear();
      ds.addAll(sized);
    }
    List<Integer> ks = tservers != null ? tservers : quick ? List.of(1, 2) : List.of(1, 2, 3);
    if (clientProps != null) {
      ks = List.of(RealCluster.tabletServers(clientProps, tservers, graphuloJar));
      bandwidth = bandwidth != null ? bandwidth : RealCluster.bandwidth(clientProps);
    }
    if (clientProps == null) {
      // embedded clusters, all on this machine (a real cluster's K is its live tablet servers)
      ks.forEach(k -> EmbeddedCluster.checkSize("--tservers", k, "--tserver-heap-mb", heapMb));
    }
    List<Method> ms = methods == null ? Method.defaults(graphuloJar != null)
        : methods.stream().map(Method::byLabel).distinct().toList();
    if (graphuloJar != null) {
      GraphuloTableMult.open(graphuloJar).close(); // a jar that cannot be bound fails here
    }
    int r = reps != null ? reps : 3;
    return new BenchConfig(ds, ks, ms, r, heapMb, tabletsPerServer, verifyReps,
        scanReps != null ? scanReps : r, graphuloJar);
  }

  private String setup(BenchConfig c, double seconds, int resumedRuns) {
    return String.format(Locale.ROOT, "Run %s on %d cores, Java %s; %s; K in %s, %d"
        + " repetition(s), tablet-server heap %d MB, %d tablets per tablet server, C verified in"
        + " the first %d repetition(s), %s; total time %.0f s%s. Method order rotates by one per"
        + " repetition.", LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
        .substring(0, 16), Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), (quick ? "--quick profile" : datasets != null
            ? "datasets " + String.join(",", datasets) : "full profile")
            + (valueBytes == null ? "" : "; values stored at " + valueBytes.stream()
                .map(n -> n == 0 ? "normal form" : n + " bytes").toList() + " (datasets _vN)"),
        c.tservers(), c.reps(),
        c.tserverHeapMb(), c.tabletsPerServer(), c.verifyReps(), c.scanReps() >= c.reps()
            ? "C scanned after every run" : "C scanned after the first " + c.scanReps()
            + " repetition(s) (BL's after every run)", seconds, resumedRuns == 0 ? ""
            : String.format(Locale.ROOT, " (this session; %d runs were recorded by earlier"
                + " sessions)", resumedRuns))
        + (clientProps == null ? " Embedded MiniAccumuloClusters (loopback)." : " On the cluster"
            + " of " + clientProps + " (" + c.tservers().get(0) + " tablet-server hosts, links "
            + ("none".equals(bandwidth) ? "not capped" : "capped at " + bandwidth)
            + "; the tablet-server heap is the cluster's, not the figure above).");
  }
}
