package org.spgemm.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.spgemm.json.Json;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * What a multiply did: nnz(C), partial products (flops), batches, B entries fetched, wall time
 * and per-tablet-server counts (keyed host:pid). Worker times (fetch, kernel, write, wait) are
 * summed over all batches, so they can exceed the wall time.
 */
public final class MultiplyResult {

  private final BatchStats total;
  private final Map<String,BatchStats> perServer;
  private final int tablets;
  private final long wallNanos;
  private final long setupNanos;
  private final java.util.List<String> warnings;
  private final EngineChoice engine;
  private final Map<String,Double> phases;

  MultiplyResult(BatchStats total, Map<String,BatchStats> perServer, int tablets, long wallNanos,
      long setupNanos, java.util.List<String> warnings, EngineChoice engine,
      Map<String,Double> phases) {
    this.engine = engine;
    this.phases = phases;
    this.warnings = java.util.List.copyOf(warnings);
    this.total = total;
    this.perServer = Collections.unmodifiableMap(new TreeMap<>(perServer));
    this.tablets = tablets;
    this.wallNanos = wallNanos;
    this.setupNanos = setupNanos;
  }

  public long nnzC() {
    return total.get(Counter.C_ENTRIES);
  }

  public long partialProducts() {
    return total.get(Counter.PRODUCTS);
  }

  public long batches() {
    return total.get(Counter.BATCHES);
  }

  public long aRows() {
    return total.get(Counter.ROWS);
  }

  public long aEntries() {
    return total.get(Counter.A_ENTRIES);
  }

  public long bEntriesFetched() {
    return total.get(Counter.B_FETCHED);
  }

  /** Of {@link #bEntriesFetched()}, those read from tablets on another tablet server. */
  public long bEntriesRemote() {
    return total.get(Counter.B_REMOTE);
  }

  /**
   * Of {@link #bEntriesFetched()}, those a compaction read from its own tablet's files, with no
   * scan: B rows in M beside the A rows that need them.
   */
  public long bEntriesLocal() {
    return total.get(Counter.B_LOCAL);
  }

  /**
   * Warnings of a finished multiply, one line each: labelled entries of B (or of a mask in
   * another table) that took no part in C because the tablet servers cannot read them.
   */
  public java.util.List<String> warnings() {
    return warnings;
  }

  /** The engine that ran (never {@link Engine#AUTO}). */
  public Engine engine() {
    return engine.engine();
  }

  /** Why that engine ran: asked for, what the options need, or the cost estimate. */
  public String engineReason() {
    return engine.why();
  }

  /**
   * Seconds of the wall time per step, in order: check, digest, engine, claim C, job record and
   * pre-flight, C empty?, clear C (scan engine), compute, digest again, finish.
   */
  public Map<String,Double> phaseSeconds() {
    return phases;
  }

  public int tablets() {
    return tablets;
  }

  public long wallNanos() {
    return wallNanos;
  }

  /** Time before the first tablet scan started: checks, clearing a stale C, the job record. */
  public long setupNanos() {
    return setupNanos;
  }

  /** Partial products per second of wall time. */
  public double rate() {
    return wallNanos == 0 ? 0 : total.get(Counter.PRODUCTS) / (wallNanos / 1e9);
  }

  /** Any counter, summed over every tablet. */
  public long get(Counter c) {
    return total.get(c);
  }

  public BatchStats totals() {
    return total;
  }

  public Map<String,BatchStats> perServer() {
    return perServer;
  }

  /**
   * The result as a JSON-ready tree: every {@link Counter} under its JSON name, worker times in
   * seconds, and the same per tablet server.
   */
  public Map<String,Object> toMap() {
    Map<String,Object> m = counts(total);
    m.put("tablets", tablets);
    m.put("wallSeconds", wallNanos / 1e9);
    m.put("setupSeconds", setupNanos / 1e9);
    m.put("engine", engine.engine().name().toLowerCase(java.util.Locale.ROOT));
    m.put("engineReason", engine.why());
    m.put("phaseSeconds", phases);
    m.put("partialProductsPerSecond", Math.round(rate()));
    m.put("workerSeconds", times(total));
    m.put("warnings", warnings);
    Map<String,Object> servers = new LinkedHashMap<>();
    for (Map.Entry<String,BatchStats> e : perServer.entrySet()) {
      Map<String,Object> s = counts(e.getValue());
      s.put("workerSeconds", times(e.getValue()));
      servers.put(e.getKey(), s);
    }
    m.put("perServer", servers);
    return m;
  }

  /** {@link #toMap()} as JSON text. */
  public String toJson() {
    return Json.write(toMap());
  }

  private static Map<String,Object> counts(BatchStats s) {
    Map<String,Object> m = new LinkedHashMap<>();
    for (Counter c : Counter.values()) {
      if (c.kind == Counter.Kind.COUNT) {
        m.put(c.jsonName, s.get(c));
      }
    }
    return m;
  }

  private static Map<String,Object> times(BatchStats s) {
    Map<String,Object> m = new LinkedHashMap<>();
    for (Counter c : Counter.values()) {
      if (c.kind == Counter.Kind.NANOS) {
        m.put(c.jsonName, s.get(c) / 1e9);
      }
    }
    return m;
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT,
        "nnz(C)=%d, partial products=%d, batches=%d, B entries fetched=%d (remote %d), %.2f s,"
            + " %.0f pp/s, engine %s",
        nnzC(), partialProducts(), batches(), bEntriesFetched(), bEntriesRemote(),
        wallNanos / 1e9, rate(), engine);
  }
}
