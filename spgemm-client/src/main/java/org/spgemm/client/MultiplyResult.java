package org.spgemm.client;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.spgemm.progress.BatchStats;

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

  MultiplyResult(BatchStats total, Map<String,BatchStats> perServer, int tablets, long wallNanos,
      long setupNanos) {
    this.total = total;
    this.perServer = Collections.unmodifiableMap(new TreeMap<>(perServer));
    this.tablets = tablets;
    this.wallNanos = wallNanos;
    this.setupNanos = setupNanos;
  }

  public long nnzC() {
    return total.cEntries;
  }

  public long partialProducts() {
    return total.products;
  }

  public long batches() {
    return total.batches;
  }

  public long aRows() {
    return total.rows;
  }

  public long aEntries() {
    return total.aEntries;
  }

  public long bEntriesFetched() {
    return total.bEntriesFetched;
  }

  /** Of {@link #bEntriesFetched()}, those read from tablets on another tablet server. */
  public long bEntriesRemote() {
    return total.bEntriesRemote;
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
    return wallNanos == 0 ? 0 : total.products / (wallNanos / 1e9);
  }

  public BatchStats totals() {
    return total;
  }

  public Map<String,BatchStats> perServer() {
    return perServer;
  }

  public String toJson() {
    StringBuilder sb = new StringBuilder("{\n");
    sb.append("  \"nnzC\": ").append(nnzC()).append(",\n");
    sb.append("  \"partialProducts\": ").append(partialProducts()).append(",\n");
    sb.append("  \"batches\": ").append(batches()).append(",\n");
    sb.append("  \"aRows\": ").append(aRows()).append(",\n");
    sb.append("  \"aEntries\": ").append(aEntries()).append(",\n");
    sb.append("  \"bEntriesFetched\": ").append(bEntriesFetched()).append(",\n");
    sb.append("  \"bEntriesRemote\": ").append(bEntriesRemote()).append(",\n");
    sb.append("  \"tablets\": ").append(tablets).append(",\n");
    sb.append("  \"wallSeconds\": ").append(wallNanos / 1e9).append(",\n");
    sb.append("  \"setupSeconds\": ").append(setupNanos / 1e9).append(",\n");
    sb.append("  \"partialProductsPerSecond\": ").append(Math.round(rate())).append(",\n");
    sb.append("  \"workerSeconds\": ").append(times(total)).append(",\n");
    sb.append("  \"perServer\": {");
    String sep = "\n";
    for (Map.Entry<String,BatchStats> e : perServer.entrySet()) {
      BatchStats s = e.getValue();
      sb.append(sep).append("    \"").append(e.getKey()).append("\": {\"batches\": ")
          .append(s.batches).append(", \"aRows\": ").append(s.rows).append(", \"partialProducts\": ")
          .append(s.products).append(", \"nnzC\": ").append(s.cEntries)
          .append(", \"bEntriesFetched\": ").append(s.bEntriesFetched)
          .append(", \"bEntriesRemote\": ").append(s.bEntriesRemote).append(", \"seconds\": ")
          .append(times(s)).append('}');
      sep = ",\n";
    }
    sb.append("\n  }\n}\n");
    return sb.toString();
  }

  private static String times(BatchStats s) {
    return String.format(java.util.Locale.ROOT,
        "{\"fetch\": %.3f, \"kernel\": %.3f, \"write\": %.3f, \"wait\": %.3f}", s.fetchNanos / 1e9,
        s.kernelNanos / 1e9, s.writeNanos / 1e9, s.waitNanos / 1e9);
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT,
        "nnz(C)=%d, partial products=%d, batches=%d, B entries fetched=%d (remote %d), %.2f s,"
            + " %.0f pp/s",
        nnzC(), partialProducts(), batches(), bEntriesFetched(), bEntriesRemote(),
        wallNanos / 1e9, rate());
  }
}
