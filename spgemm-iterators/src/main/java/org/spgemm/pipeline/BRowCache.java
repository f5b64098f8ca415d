package org.spgemm.pipeline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.apache.accumulo.core.data.ArrayByteSequence;

/**
 * Decoded B rows kept across batches, bounded in bytes (a Caffeine cache weighed by the rows'
 * sizes, evicting on the caller's thread so the bound holds when {@code put} returns): a B row
 * that several batches need is fetched once, not once per batch. Shared by the workers of every
 * tablet of one job in one tablet server ({@link
 * org.spgemm.pipeline.compaction.JobBRowCaches}). A row larger than a quarter of the budget is
 * not kept.
 */
public final class BRowCache {

  private final long capacity;
  private final Cache<ArrayByteSequence,BRow> rows;
  private final Runnable onUse;

  /** @param onUse run once per batch that uses the cache (keeps it registered while in use) */
  public BRowCache(long capacity, Runnable onUse) {
    this.capacity = capacity;
    this.onUse = onUse;
    this.rows = Caffeine.newBuilder().maximumWeight(capacity)
        .weigher((ArrayByteSequence k, BRow r) -> (int) Math.min(Integer.MAX_VALUE, cost(k, r)))
        .executor(Runnable::run).build();
  }

  public BRowCache(long capacity) {
    this(capacity, () -> { });
  }

  /** The cached row, or null. */
  public BRow get(ArrayByteSequence row) {
    return rows.getIfPresent(row);
  }

  /** True if the row is cached. */
  public boolean contains(ArrayByteSequence row) {
    return rows.asMap().containsKey(row);
  }

  public void put(ArrayByteSequence row, BRow r) {
    if (cost(row, r) <= capacity / 4) {
      rows.put(row, r);
    }
  }

  /** Marks the cache as in use (once per batch: not on every row's lookup). */
  public void touch() {
    onUse.run();
  }

  /** Bytes held now (after pending evictions). */
  public long bytes() {
    rows.cleanUp();
    return rows.policy().eviction().orElseThrow().weightedSize().orElse(0);
  }

  private static long cost(ArrayByteSequence row, BRow r) {
    return r.bytes + row.length() + 64;
  }
}
