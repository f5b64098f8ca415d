package org.spgemm.pipeline;

import org.spgemm.iterators.MultiplySpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Byte budgets of one tablet's multiply: the A batch and its B panel, the B rows kept across
 * batches, and the computed C rows a batch may hold before they are written. An option that is
 * set wins; otherwise each is a fixed share of the tablet server's maximum heap, divided among the
 * multiplies this server runs at the moment, so that however many tablets compact at once the
 * multiplies together stay within {@link #HEAP_SHARE} of the heap.
 */
public record MemoryBudget(long batchBytes, long cacheBytes, long cBufferBytes) {

  /** A budget option of 0 means: derived from the tablet server's maximum heap. */
  public static final long FROM_HEAP = 0;
  /** Part of the maximum heap that all multiplies of one tablet server may use together. */
  static final double HEAP_SHARE = 0.4;
  /** Tablets assumed to multiply at once when fewer are active (two compaction threads). */
  public static final int MIN_TABLETS = 2;
  private static final long MIN_BATCH = 1 << 20;
  private static final long MAX_BATCH = 256L << 20;
  private static final long ACTIVE_EXPIRY_MILLIS = 120_000;
  private static final Map<Object,Long> ACTIVE = new ConcurrentHashMap<>();

  /** The budgets of {@code opts} for a multiply in a server with {@code maxHeap} bytes. */
  public static MemoryBudget of(MultiplySpec opts, long maxHeap, int tablets) {
    long share = (long) (maxHeap * HEAP_SHARE) / Math.max(MIN_TABLETS, tablets);
    long batch = opts.maxBatchBytes() != MemoryBudget.FROM_HEAP ? opts.maxBatchBytes()
        : Math.max(MIN_BATCH, Math.min(MAX_BATCH, share / 4 / opts.threads()));
    long cache = opts.cacheBytes() != MemoryBudget.FROM_HEAP ? opts.cacheBytes()
        : share * 2 / 5;
    long cBuffer = opts.cBufferBytes() != MemoryBudget.FROM_HEAP ? opts.cBufferBytes()
        : Math.max(MIN_BATCH, share / 10 / opts.threads());
    return new MemoryBudget(batch, cache, cBuffer);
  }

  /** The budgets of a multiply starting now in this tablet server; see {@link #release}. */
  public static MemoryBudget acquire(MultiplySpec opts, Object who) {
    long now = System.currentTimeMillis();
    ACTIVE.values().removeIf(t -> now - t > ACTIVE_EXPIRY_MILLIS);
    ACTIVE.put(who, now);
    return of(opts, Runtime.getRuntime().maxMemory(), ACTIVE.size());
  }

  /** Keeps {@code who} counted as active (a multiply abandoned without release expires). */
  public static void touch(Object who) {
    ACTIVE.replace(who, System.currentTimeMillis());
  }

  public static void release(Object who) {
    ACTIVE.remove(who);
  }
}
