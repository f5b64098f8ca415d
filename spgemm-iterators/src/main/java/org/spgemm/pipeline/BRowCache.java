package org.spgemm.pipeline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.accumulo.core.data.ArrayByteSequence;

/**
 * Decoded B rows kept across batches, bounded in bytes (a Caffeine cache weighed by the rows'
 * sizes, evicting on the caller's thread so the bound holds when {@code put} returns): a B row
 * that several batches need is fetched once, not once per batch. Shared by the workers of every
 * tablet of one job in one tablet server ({@link JobBRowCaches}). A row larger than a quarter of
 * the budget is not kept.
 *
 * <p>Beside the rows it keeps, the cache knows the rows some batch is fetching now ({@link
 * #claim}): a batch that misses a row another batch has in flight waits for that fetch instead
 * of reading the row a second time.
 */
public final class BRowCache {

  private final long capacity;
  private final Cache<ArrayByteSequence,BRow> rows;
  private final Runnable onUse;
  /** All of B, once a batch asked for it (wholeB): read by one worker, awaited by the others. */
  private final AtomicReference<CompletableFuture<WholeB>> whole = new AtomicReference<>();
  /** The rows being fetched now, each with the fetch that will publish it. */
  private final Map<ArrayByteSequence,CompletableFuture<Map<ArrayByteSequence,BRow>>> inFlight =
      new ConcurrentHashMap<>();

  /** Reads all of B's rows, or returns null once they pass {@code limit} bytes. */
  public interface WholeRead {
    WholeB read(long limit) throws Exception;
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
   * that read) within this cache's capacity, their columns numbered ({@link WholeB}); null, for
   * good, when they did not fit. A read that fails is retried by the next caller.
   */
  public WholeB whole(WholeRead reader) throws Exception {
    CompletableFuture<WholeB> mine = new CompletableFuture<>();
    CompletableFuture<WholeB> theirs = whole.compareAndExchange(null, mine);
    if (theirs == null) {
      try {
        WholeB all = reader.read(capacity);
        mine.complete(all);
        return all;
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

  /** All of B's rows if a whole read has ended and they fit, else null; never waits. */
  public WholeB wholeIfRead() {
    CompletableFuture<WholeB> f = whole.get();
    return f != null && f.isDone() && !f.isCompletedExceptionally() ? f.join() : null;
  }

  /**
   * All of B's rows once the whole read a caller started has ended, waiting for it; null when no
   * read has started, or it failed, or B did not fit.
   */
  public WholeB wholeOnceRead() throws InterruptedException {
    CompletableFuture<WholeB> f = whole.get();
    if (f == null) {
      return null;
    }
    try {
      return f.get();
    } catch (ExecutionException e) {
      return null;
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

  /**
   * Claims the {@code missing} rows nobody is fetching: the caller fetches them ({@link
   * Claim#mine}) and publishes them, and only then waits for the rows other callers have in
   * flight ({@link Claim#theirs}); holding no claim while waiting, no caller waits for one that
   * waits. Rows published between the caller's lookup and the claim are {@link Claim#found}. The
   * claim must be closed on every path: closing gives up the rows not published, and their
   * waiters fetch those themselves.
   */
  public Claim claim(List<ArrayByteSequence> missing) {
    return new Claim(missing);
  }

  /**
   * The rows one caller fetches for others, and the fetches of others it waits for. Used by one
   * thread.
   */
  public final class Claim implements AutoCloseable {
    private final CompletableFuture<Map<ArrayByteSequence,BRow>> fetch = new CompletableFuture<>();
    private final Map<ArrayByteSequence,BRow> found = new HashMap<>();
    private final List<ArrayByteSequence> mine = new ArrayList<>();
    private final Map<CompletableFuture<Map<ArrayByteSequence,BRow>>,List<ArrayByteSequence>> theirs =
        new IdentityHashMap<>();

    private Claim(List<ArrayByteSequence> missing) {
      for (ArrayByteSequence k : missing) {
        CompletableFuture<Map<ArrayByteSequence,BRow>> other = inFlight.putIfAbsent(k, fetch);
        if (other != null) {
          theirs.computeIfAbsent(other, f -> new ArrayList<>()).add(k);
          continue;
        }
        // a fetch publishes into the cache before it leaves inFlight: look again
        BRow r = rows.getIfPresent(k);
        if (r == null) {
          mine.add(k);
        } else {
          inFlight.remove(k, fetch);
          found.put(k, r);
        }
      }
    }

    /** Rows cached by a fetch that ended after the caller looked. */
    public Map<ArrayByteSequence,BRow> found() {
      return found;
    }

    /** Rows this caller fetches and then {@link #publish}es. */
    public List<ArrayByteSequence> mine() {
      return mine;
    }

    /** Rows other callers fetch, by the fetch that will publish them. */
    public Map<CompletableFuture<Map<ArrayByteSequence,BRow>>,List<ArrayByteSequence>> theirs() {
      return theirs;
    }

    /**
     * Caches the fetched rows (every one of {@link #mine}, {@link BRow#EMPTY} for a row B lacks)
     * and hands them to the callers waiting for them, rows too large to keep included.
     */
    public void publish(Map<ArrayByteSequence,BRow> fetched) {
      fetched.forEach(BRowCache.this::put);
      release(fetched);
    }

    /** Gives up the rows not published: their waiters fetch them themselves. */
    @Override
    public void close() {
      release(Collections.emptyMap());
    }

    private void release(Map<ArrayByteSequence,BRow> fetched) {
      if (fetch.isDone()) {
        return;
      }
      for (ArrayByteSequence k : mine) {
        inFlight.remove(k, fetch);
      }
      fetch.complete(Collections.unmodifiableMap(fetched));
    }
  }

  /** Rows being fetched now (for tests). */
  int inFlight() {
    return inFlight.size();
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
