package org.spgemm.pipeline;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.metrics.MultiplyMeters;

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
  private static final Set<Lease> ACTIVE = ConcurrentHashMap.newKeySet();

  static {
    MultiplyMeters.memoryGauges(MemoryBudget::leasedBytes, MemoryBudget::active);
  }

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

  /**
   * A compaction pass's share of the heap, from {@link #lease} until {@link #close}: the pass
   * that takes it touches it while it works and closes it when it ends, normally or not. A lease
   * left untouched for two minutes (its pass was abandoned without ending) no longer counts.
   */
  public static final class Lease implements AutoCloseable {
    private final MemoryBudget budget;
    private final int threads;
    private volatile long touched = System.currentTimeMillis();

    private Lease(MultiplySpec opts, int tablets) {
      this.budget = of(opts, Runtime.getRuntime().maxMemory(), tablets);
      this.threads = opts.threads();
    }

    /** The bytes this pass may hold: a batch and its C buffer per thread, and the B cache. */
    long bytes() {
      return (budget.batchBytes() + budget.cBufferBytes()) * threads + budget.cacheBytes();
    }

    public MemoryBudget budget() {
      return budget;
    }

    /** The pass is still at work. */
    public void touch() {
      touched = System.currentTimeMillis();
    }

    @Override
    public void close() {
      ACTIVE.remove(this);
    }
  }

  /**
   * The budgets of a multiply starting now in this tablet server, shared with those at work. The
   * set of leases is JVM-wide because the passes of different tablets meet nowhere else.
   */
  public static synchronized Lease lease(MultiplySpec opts) {
    long now = System.currentTimeMillis();
    ACTIVE.removeIf(l -> now - l.touched > ACTIVE_EXPIRY_MILLIS);
    Lease l = new Lease(opts, ACTIVE.size() + 1);
    ACTIVE.add(l);
    return l;
  }

  /** Leases at work now. */
  static int active() {
    return ACTIVE.size();
  }

  /** The bytes the leases at work may hold together (the memory gauge). */
  static long leasedBytes() {
    long sum = 0;
    for (Lease l : ACTIVE) {
      sum += l.bytes();
    }
    return sum;
  }
}
