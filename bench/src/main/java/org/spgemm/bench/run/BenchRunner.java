package org.spgemm.bench.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.bench.data.Dataset;
import org.spgemm.bench.graphulo.GraphuloTableMult;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.mini.EmbeddedCluster;
import org.spgemm.progress.Counter;

/**
 * Runs a {@link BenchConfig}: one embedded cluster per tablet-server count K, and on it, for every
 * dataset, every method {@code reps} times, the method order rotating by one each repetition so
 * no method always runs on a cold or a warm cluster. Each run is followed by a batch scan of its
 * C; the first {@code verifyReps} repetitions also check C against the in-memory reference.
 * Runs recorded by an earlier, interrupted run ({@link #skipping}) are not repeated: a cluster
 * is started only for a K with runs left, and a dataset is generated only when it has some.
 * {@link #onCluster} runs everything on a running cluster instead (bin/cluster), K being its
 * tablet-server count.
 */
public final class BenchRunner {

  static final double REL_TOL = 1e-9;

  private final BenchConfig config;
  private final PrintStream log;
  private final Set<String> recorded = new HashSet<>();
  private GraphuloTableMult graphulo; // opened on first use, closed at the end of run()
  private Path clientProps; // a running cluster instead of embedded ones
  private String bandwidth = Measurement.EMBEDDED;

  public BenchRunner(BenchConfig config, PrintStream log) {
    this.config = config;
    this.log = log;
  }

  /** Leaves out the runs these rows measured (failed ones included); returns this runner. */
  public BenchRunner skipping(Collection<Measurement> earlier) {
    earlier.forEach(m -> recorded.add(m.runKey()));
    return this;
  }

  /**
   * Runs on the cluster these client properties reach (its K tablet servers being the one count
   * in the config) instead of starting embedded ones; rows record {@code bandwidth}.
   */
  public BenchRunner onCluster(Path clientProperties, String bandwidthLabel) {
    this.clientProps = clientProperties;
    this.bandwidth = bandwidthLabel;
    return this;
  }

  private boolean recorded(Dataset d, int k, Method m, int rep) {
    return recorded.contains(Measurement.runKey(d.name(), k, m, rep));
  }

  private boolean hasRunsLeft(Dataset d, int k, Method m) {
    for (int rep = 0; rep < config.reps(); rep++) {
      if (!recorded(d, k, m, rep)) {
        return true;
      }
    }
    return false;
  }

  /** Whether any run of this dataset on K tablet servers is still to be made. */
  private boolean hasRunsLeft(Dataset d, int k) {
    return config.methods().stream().anyMatch(m -> hasRunsLeft(d, k, m));
  }

  /** Runs everything; each measurement goes to {@code sink} as soon as it is taken. */
  public List<Measurement> run(Consumer<Measurement> sink) throws Exception {
    try {
      return runAll(sink);
    } finally {
      if (graphulo != null) {
        graphulo.close();
        graphulo = null;
      }
    }
  }

  private List<Measurement> runAll(Consumer<Measurement> sink) throws Exception {
    List<Measurement> all = new ArrayList<>();
    Consumer<Measurement> both = m -> {
      all.add(m);
      sink.accept(m);
    };
    if (clientProps != null) {
      int k = config.tservers().get(0);
      try (AccumuloClient client = org.apache.accumulo.core.client.Accumulo.newClient()
          .from(clientProps).build()) {
        for (Dataset d : config.datasets()) { // one dataset at a time; its tables dropped after
          runDataset(client, d, k, both);
        }
      }
      return all;
    }
    for (int k : config.tservers()) {
      List<Dataset> left = config.datasets().stream().filter(d -> hasRunsLeft(d, k)).toList();
      if (left.isEmpty()) {
        log.printf(Locale.ROOT, "bench: K=%d: every run is recorded already%n", k);
        continue;
      }
      long t0 = System.nanoTime();
      log.printf(Locale.ROOT, "bench: starting a cluster with %d tablet server(s)...%n", k);
      List<Path> serverJars = config.graphuloJar() == null ? List.of()
          : List.of(config.graphuloJar());
      try (EmbeddedCluster cluster = EmbeddedCluster.start(k, config.tserverHeapMb(),
          serverJars);
          AccumuloClient client = cluster.client()) {
        log.printf(Locale.ROOT, "bench: cluster up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        for (Dataset d : left) {
          runDataset(client, d, k, both);
        }
      }
    }
    return all;
  }

  /** Runs one dataset on a cluster with K tablet servers, then drops its tables. */
  public void runDataset(AccumuloClient client, Dataset d, int k, Consumer<Measurement> sink) {
    if (!hasRunsLeft(d, k)) {
      return;
    }
    long t0 = System.nanoTime();
    Cell cell = new Cell(client, d, k, config.tabletsPerServer());
    log.printf(Locale.ROOT, "bench: K=%d %s: %dx%d·%dx%d, nnz(A)=%d, nnz(B)=%d, partial products"
        + "=%d, nnz(C)=%d (prepared in %.1f s)%n", k, d.name(), cell.a.rows(), cell.a.cols(),
        cell.b.rows(), cell.b.cols(), cell.a.nnz(), cell.b.nnz(), cell.partialProducts,
        cell.reference.nnz(), (System.nanoTime() - t0) / 1e9);
    try {
      List<Contender> contenders = new ArrayList<>();
      Map<Method,String> prepareErrors = new EnumMap<>(Method.class);
      for (Method m : config.methods()) {
        Contender c = contender(m);
        if (!hasRunsLeft(d, k, m)) {
          contenders.add(c); // keeps the rotation of the others as in the recorded run
          continue;
        }
        try {
          c.prepare(cell);
        } catch (RuntimeException e) {
          prepareErrors.put(m, "prepare: " + e);
          log.printf(Locale.ROOT, "bench: K=%d %s %s: preparation failed: %s%n", k, d.name(),
              m.label, e);
        }
        contenders.add(c);
      }
      int n = contenders.size();
      for (int rep = 0; rep < config.reps(); rep++) {
        for (int pos = 0; pos < n; pos++) {
          Contender c = contenders.get((pos + rep) % n); // rotate the order every repetition
          if (recorded(d, k, c.method(), rep)) {
            continue;
          }
          String failed = prepareErrors.get(c.method());
          Measurement m = failed != null ? failure(cell, c.method(), rep, pos, failed)
              : runOne(cell, c, rep, pos);
          m = m.withBandwidth(bandwidth);
          sink.accept(m);
          progress(m);
        }
      }
    } finally {
      dropAll(cell);
    }
  }

  private Measurement runOne(Cell cell, Contender c, int rep, int pos) {
    Outcome o = null;
    try {
      o = c.run(cell, rep);
      double settle = CompactionsAfter.await(cell.client, o.cTable);
      // BL's combiner runs when C is read, so its C is always scanned
      CScan.Result scan = rep < config.scanReps() || c.method() == Method.BL
          ? CScan.scan(cell.client, o.cTable, o.cFamily, cell.scanThreads) : null;
      String verified = "skipped";
      if (rep < config.verifyReps()) {
        MatrixComparison cmp = MatrixComparison.compare(cell.reference, o.readC.get(), REL_TOL);
        verified = cmp.equal() ? "yes" : "NO: " + cmp.differenceCount() + " differences, e.g. "
            + String.join("; ", cmp.firstDifferences());
      }
      long pp = o.partialProducts >= 0 ? o.partialProducts : cell.partialProducts;
      long nnzC = o.nnzC >= 0 || scan == null ? o.nnzC : scan.entries();
      return new Measurement(cell.dataset.name(), cell.dataset.category(), cell.dataset.size(),
          cell.tservers, rep, pos, c.method(), cell.a.nnz(), cell.b.nnz(), pp, nnzC,
          o.entriesWritten, o.bEntriesFetched, o.multiplyNanos / 1e9,
          scan == null ? Double.NaN : scan.nanos() / 1e9, scan == null ? -1 : scan.entries(),
          o.planNanos < 0 ? -1 : o.planNanos / 1e9,
          o.applyNanos < 0 ? -1 : o.applyNanos / 1e9, o.bEntriesRemote,
          o.workers == null ? -1 : o.workers.get(Counter.FETCH_NANOS) / 1e9,
          o.workers == null ? -1 : o.workers.get(Counter.KERNEL_NANOS) / 1e9,
          o.workers == null ? -1 : o.workers.get(Counter.WRITE_NANOS) / 1e9,
          o.workers == null ? -1 : o.workers.get(Counter.WAIT_NANOS) / 1e9,
          verified.startsWith("NO") ? "no" : verified, verified.startsWith("NO") ? verified : "")
          .withBytes(bytes(cell, o)).withEngine(o.engine).withSettleSeconds(settle);
    } catch (RuntimeException e) {
      return failure(cell, c.method(), rep, pos, e.toString());
    } finally {
      if (o != null) {
        o.tablesToDrop.forEach(cell::drop);
      }
    }
  }

  private static Measurement failure(Cell cell, Method m, int rep, int pos, String error) {
    return new Measurement(cell.dataset.name(), cell.dataset.category(), cell.dataset.size(),
        cell.tservers, rep, pos, m, cell.a.nnz(), cell.b.nnz(), cell.partialProducts,
        cell.reference.nnz(), -1, -1, -1, -1, -1, -1, -1, "skipped", error)
        .withBytes(Measurement.Bytes.of(cell.dataset.valueBytes()));
  }

  /** The dataset's value size and the bytes the iterator counted (none for other methods). */
  private static Measurement.Bytes bytes(Cell cell, Outcome o) {
    if (o.workers == null) {
      return Measurement.Bytes.of(cell.dataset.valueBytes());
    }
    return new Measurement.Bytes(cell.dataset.valueBytes(), o.workers.get(Counter.B_BYTES),
        o.workers.get(Counter.B_LOCAL_BYTES), o.workers.get(Counter.B_REMOTE_BYTES),
        o.workers.get(Counter.C_BYTES));
  }

  private void progress(Measurement m) {
    if (!m.ok() && m.multiplySeconds() < 0) {
      log.printf(Locale.ROOT, "  K=%d %-14s rep %d/%d %-6s FAILED: %s%n", m.tservers(),
          m.dataset(), m.rep() + 1, config.reps(), m.method().label, m.error());
      return;
    }
    log.printf(Locale.ROOT, "  K=%d %-14s rep %d/%d %-6s multiply %7.2f s, compactions after"
        + " %5.2f s, scan C %6.2f s, %9.0f pp/s, written %d, verified %s%s%s%n", m.tservers(),
        m.dataset(), m.rep() + 1, config.reps(), m.method().label, m.multiplySeconds(),
        m.settleSeconds(), m.scanSeconds(), m.rate(),
        m.entriesWritten(), m.verified(),
        m.engine().equals(Measurement.NO_ENGINE) ? "" : ", engine " + m.engine(),
        m.ok() ? "" : " ERROR " + m.error());
  }

  private Contender contender(Method m) {
    return switch (m) {
      case BL -> new BlContender();
      case GRAPHULO -> {
        if (graphulo == null) {
          graphulo = GraphuloTableMult.open(config.graphuloJar());
        }
        yield new GraphuloContender(graphulo);
      }
      case RRP_SCAN -> new RrpContender(org.spgemm.client.Engine.SCAN);
      case RRP -> new RrpContender(org.spgemm.client.Engine.AUTO);
      case RRP_BULK -> new RrpContender(org.spgemm.client.Engine.BULK);
      case RRP_COMPACTION -> new RrpContender(org.spgemm.client.Engine.COMPACTION);
      case RRP_NESTED -> new RrpContender(org.spgemm.client.Engine.COMPACTION, false);
      case GRRP -> new GrrpContender();
      case CLIENT -> new ClientSideContender(false);
      case CLIENT_BULK -> new ClientSideContender(true);
      case FLOOR -> new WriteFloorContender(false);
      case BULK_FLOOR -> new WriteFloorContender(true);
    };
  }

  private static void dropAll(Cell cell) {
    String prefix = cell.dataset.name() + "_";
    for (String t : cell.client.tableOperations().list()) {
      if (t.startsWith(prefix)) {
        cell.drop(t);
      }
    }
  }
}
