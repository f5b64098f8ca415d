package org.spgemm.pipeline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
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
  /** All of B, once a batch asked for it (wholeB): read by one worker, awaited by the others. */
  private final AtomicReference<CompletableFuture<Map<ArrayByteSequence,BRow>>> whole =
      new AtomicReference<>();

  /** Reads all of B's rows, or returns null once they pass {@code limit} bytes. */
  public interface WholeRead {
    Map<ArrayByteSequence,BRow> read(long limit) throws Exception;
  }

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

  /**
   * All of B's rows, read once through {@code reader} by the first caller (the others wait for
   * that read) within this cache's capacity; null, for good, when they did not fit. A read that
   * fails is retried by the next caller.
   */
  public Map<ArrayByteSequence,BRow> whole(WholeRead reader) throws Exception {
    CompletableFuture<Map<ArrayByteSequence,BRow>> mine = new CompletableFuture<>();
    CompletableFuture<Map<ArrayByteSequence,BRow>> theirs = whole.compareAndExchange(null, mine);
    if (theirs == null) {
      try {
        Map<ArrayByteSequence,BRow> rows = reader.read(capacity);
        mine.complete(rows);
        return rows;
      } catch (Exception | Error e) {
        whole.set(null);
        mine.completeExceptionally(e);
        throw e;
      }
    }
    try {
      return theirs.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception x) {
        throw x;
      }
      throw e;
    }
  }

  /** Bytes the cache may hold. */
  public long capacity() {
    return capacity;
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
