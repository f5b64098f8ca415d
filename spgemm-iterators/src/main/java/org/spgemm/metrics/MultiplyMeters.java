package org.spgemm.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.spgemm.progress.BatchStats;

/**
 * The meters of one engine in this tablet server, registered in Micrometer's global registry.
 * Accumulo 2.1 adds the registries of {@code general.micrometer.factory} to that registry (with
 * its common tags: instance, process, host, port) when {@code general.micrometer.enabled} is
 * true, so these meters are published beside the server's own; with metrics off the global
 * registry has no registry in it and every update is a no-op. Tags are the engine only (never a
 * job or a table), so the number of meters stays fixed. Updated once per batch and once per tablet
 * pass, never per entry.
 */
public final class MultiplyMeters {

  /** Tablet passes begun: one tablet's share of one multiply in this server. */
  public static final String TABLETS_STARTED = "spgemm.tablets.started";
  /** Tablet passes that computed their whole share ("tablets passed"). */
  public static final String TABLETS_COMPLETED = "spgemm.tablets.completed";
  /** Tablet passes stopped by an error of the job (bad data, cancelled, budget). */
  public static final String TABLETS_FAILED = "spgemm.tablets.failed";
  /**
   * Compaction passes stopped from outside (compaction cancelled, job record removed, server
   * shutting down): Accumulo runs the compaction again unless it was cancelled.
   */
  public static final String TABLETS_STOPPED = "spgemm.tablets.stopped";
  /** Tablet passes refused before any work (no job record, no consent, bad options). */
  public static final String TABLETS_REFUSED = "spgemm.tablets.refused";
  /** Wall time of a tablet pass, from its start to its end (completed or failed). */
  public static final String TABLET_DURATION = "spgemm.tablet.duration";
  /** Batches computed (a batch split to fit the budget counts once per piece). */
  public static final String BATCHES = "spgemm.batches";
  /** Wall time of a batch: fetching its B panel, computing and handing over its C rows. */
  public static final String BATCH_DURATION = "spgemm.batch.duration";
  /** Rows of A consumed. */
  public static final String A_ROWS = "spgemm.a.rows";
  /**
   * Rows of A computed while their B rows streamed by, because those alone passed the batch
   * budget (hub rows).
   */
  public static final String A_ROWS_STREAMED = "spgemm.a.rows.streamed";
  /** Partial products a(i,j)·b(j,k) formed. */
  public static final String PARTIAL_PRODUCTS = "spgemm.partial.products";
  /**
   * Entries of B read, tagged {@code from}: {@code local} (the compacted tablet's own files),
   * {@code server} (a nested scan of a tablet this server hosts), {@code remote} (another server).
   */
  public static final String B_FETCHED = "spgemm.b.entries.fetched";
  /** Entries of C written (to the compaction's file or through a BatchWriter). */
  public static final String C_WRITTEN = "spgemm.c.entries.written";
  /** Bytes the compaction passes at work may hold: the sum of their memory budgets. */
  public static final String MEMORY_BUDGET = "spgemm.memory.budget.bytes";
  /** Compaction passes holding a memory budget now. */
  public static final String MEMORY_LEASES = "spgemm.memory.leases";

  private static final Map<Engine,MultiplyMeters> BY_ENGINE = new EnumMap<>(Engine.class);

  final Counter started;
  final Counter completed;
  final Counter failed;
  final Counter refused;
  final Counter stopped;
  final Timer tabletDuration;
  private final Counter batches;
  private final Timer batchDuration;
  private final Counter aRows;
  private final Counter aRowsStreamed;
  private final Counter products;
  private final Counter bLocal;
  private final Counter bServer;
  private final Counter bRemote;
  private final Counter cWritten;

  private MultiplyMeters(MeterRegistry r, Engine engine) {
    String e = engine.tag;
    started = counter(r, TABLETS_STARTED, e, "tablet passes begun");
    completed = counter(r, TABLETS_COMPLETED, e, "tablet passes that computed their share");
    failed = counter(r, TABLETS_FAILED, e, "tablet passes stopped by an error of the job");
    refused = counter(r, TABLETS_REFUSED, e, "tablet passes refused before any work");
    stopped = counter(r, TABLETS_STOPPED, e, "tablet passes stopped from outside");
    tabletDuration = Timer.builder(TABLET_DURATION).tag("engine", e)
        .description("wall time of a tablet pass").register(r);
    batches = counter(r, BATCHES, e, "batches computed");
    batchDuration = Timer.builder(BATCH_DURATION).tag("engine", e)
        .description("wall time of a batch: fetch, kernel, C handed over").register(r);
    aRows = counter(r, A_ROWS, e, "rows of A consumed");
    aRowsStreamed = counter(r, A_ROWS_STREAMED, e, "rows of A computed while their B rows"
        + " streamed by");
    products = counter(r, PARTIAL_PRODUCTS, e, "partial products formed");
    bLocal = bCounter(r, e, "local");
    bServer = bCounter(r, e, "server");
    bRemote = bCounter(r, e, "remote");
    cWritten = counter(r, C_WRITTEN, e, "entries of C written");
  }

  /** The meters of {@code engine}, registered on first use. */
  public static synchronized MultiplyMeters of(Engine engine) {
    return BY_ENGINE.computeIfAbsent(engine, e -> new MultiplyMeters(Metrics.globalRegistry, e));
  }

  /**
   * Registers the memory gauges once per class loader (Micrometer keeps the first of two gauges
   * of the same name).
   *
   * @param budgetBytes the bytes the passes at work may hold
   * @param leases how many passes hold a budget
   */
  public static void memoryGauges(Supplier<Number> budgetBytes, Supplier<Number> leases) {
    Gauge.builder(MEMORY_BUDGET, budgetBytes).baseUnit("bytes")
        .description("sum of the memory budgets of the multiplies at work")
        .strongReference(true).register(Metrics.globalRegistry);
    Gauge.builder(MEMORY_LEASES, leases)
        .description("compaction passes holding a memory budget").strongReference(true)
        .register(Metrics.globalRegistry);
  }

  /**
   * One batch (or piece of a split batch) done: its counts from {@code s}, its time.
   *
   * @param writes false when nothing was written (count mode): its C entries are not counted
   */
  public void batch(BatchStats s, long nanos, boolean writes) {
    batches.increment(s.get(org.spgemm.progress.Counter.BATCHES));
    batchDuration.record(nanos, TimeUnit.NANOSECONDS);
    aRows.increment(s.get(org.spgemm.progress.Counter.ROWS));
    aRowsStreamed.increment(s.get(org.spgemm.progress.Counter.STREAMED_ROWS));
    products.increment(s.get(org.spgemm.progress.Counter.PRODUCTS));
    long fetched = s.get(org.spgemm.progress.Counter.B_FETCHED);
    long local = s.get(org.spgemm.progress.Counter.B_LOCAL);
    long remote = s.get(org.spgemm.progress.Counter.B_REMOTE);
    bLocal.increment(local);
    bRemote.increment(remote);
    bServer.increment(fetched - local - remote);
    if (writes) {
      cWritten.increment(s.get(org.spgemm.progress.Counter.C_ENTRIES));
    }
  }

  private static Counter counter(MeterRegistry r, String name, String engine, String what) {
    return Counter.builder(name).tag("engine", engine).description(what).register(r);
  }

  private static Counter bCounter(MeterRegistry r, String engine, String from) {
    return Counter.builder(B_FETCHED).tag("engine", engine).tag("from", from)
        .description("entries of B read").register(r);
  }
}
