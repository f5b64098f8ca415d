package org.spgemm.partition.table;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@link PlanApplier#apply} did: entries copied, time of each step, and where the tablets
 * of the new table ended up (in row order: the tablets of part 0 first).
 */
public final class ApplyResult {

  private final String table;
  private final long aEntries;
  private final long bEntries;
  private final long createNanos;
  private final long copyNanos;
  private final long balanceNanos;
  private final boolean hosted;
  private final boolean balanced;
  private final List<String> locations;
  private final Map<String,Integer> tabletsPerServer;
  private final List<String> partServers;

  ApplyResult(String table, long aEntries, long bEntries, long createNanos, long copyNanos,
      long balanceNanos, boolean hosted, boolean balanced, List<String> locations,
      Map<String,Integer> tabletsPerServer, List<String> partServers) {
    this.table = table;
    this.aEntries = aEntries;
    this.bEntries = bEntries;
    this.createNanos = createNanos;
    this.copyNanos = copyNanos;
    this.balanceNanos = balanceNanos;
    this.hosted = hosted;
    this.balanced = balanced;
    this.locations = Collections.unmodifiableList(locations);
    this.tabletsPerServer = Collections.unmodifiableMap(new TreeMap<>(tabletsPerServer));
    this.partServers = List.copyOf(partServers);
  }

  /** The re-keyed table. */
  public String table() {
    return table;
  }

  /** A entries copied. */
  public long aEntries() {
    return aEntries;
  }

  /** B entries copied. */
  public long bEntries() {
    return bEntries;
  }

  /**
   * Creating the table with its split points (with more than one tablet per part, this includes
   * the scan of family A that counts nnz(a_i) for the split points inside the parts).
   */
  public long createNanos() {
    return createNanos;
  }

  /** Scanning M and writing the re-keyed entries (flushed). */
  public long copyNanos() {
    return copyNanos;
  }

  /** Waiting for the tablets to be hosted and spread over the tablet servers. */
  public long balanceNanos() {
    return balanceNanos;
  }

  /** create + copy + balance wait. */
  public long totalNanos() {
    return createNanos + copyNanos + balanceNanos;
  }

  /** Whether every tablet had a location when the wait ended. */
  public boolean hosted() {
    return hosted;
  }

  /**
   * Whether, when the wait ended, every tablet was hosted and, with the parts pinned, on its
   * part's server; without pins, spread as evenly as their number allows (tablet counts of any
   * two live tablet servers differ by at most one).
   */
  public boolean balanced() {
    return balanced;
  }

  /** Tablet server (host:port) of each tablet, in row order; null where unhosted. */
  public List<String> tabletLocations() {
    return locations;
  }

  /** Tablets of the new table per live tablet server (servers without any included, as 0). */
  public Map<String,Integer> tabletsPerServer() {
    return tabletsPerServer;
  }

  /**
   * Whether the part balancer keeps every tablet of part p on one server: false for one part, and
   * when it had to be removed because the manager could not use it (see {@link PlanApplier}).
   */
  public boolean pinned() {
    return !partServers.isEmpty();
  }

  /** The server each part was pinned to (host:port, in part order); empty when not pinned. */
  public List<String> partServers() {
    return partServers;
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT,
        "ApplyResult[%s: %d A + %d B entries, create %.2f s, copy %.2f s, balance wait %.2f s,"
            + " %s, tablets per server %s, %s]",
        table, aEntries, bEntries, createNanos / 1e9, copyNanos / 1e9, balanceNanos / 1e9,
        balanced ? "balanced" : hosted ? "hosted but not balanced" : "not all hosted",
        tabletsPerServer, pinned() ? "parts pinned to " + partServers : "parts not pinned");
  }
}
