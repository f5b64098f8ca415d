package org.spgemm.pipeline;

import org.spgemm.pipeline.compaction.JobBRowCaches;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.accumulo.core.data.ArrayByteSequence;

/**
 * Decoded B rows kept across batches, least recently used first out, bounded in bytes: a B row
 * that several batches need is fetched once, not once per batch. Shared by the workers of every
 * tablet of one job in one tablet server ({@link JobBRowCaches}). A row larger than a quarter of
 * the budget is not kept.
 */
public final class BRowCache {

  private final long capacity;
  private final LinkedHashMap<ArrayByteSequence,BRow> rows = new LinkedHashMap<>(1024, 0.75f, true);
  private long bytes;
  private volatile long lastUse = System.currentTimeMillis();

  public BRowCache(long capacity) {
    this.capacity = capacity;
  }

  /** The cached row, or null. */
  synchronized BRow get(ArrayByteSequence row) {
    return rows.get(row);
  }

  /** True if the row is cached; does not count as a use. */
  synchronized boolean contains(ArrayByteSequence row) {
    return rows.containsKey(row);
  }

  synchronized void put(ArrayByteSequence row, BRow r) {
    long cost = cost(row, r);
    if (cost > capacity / 4) {
      return;
    }
    BRow old = rows.put(row, r);
    if (old != null) {
      bytes -= cost(row, old);
    }
    bytes += cost;
    Iterator<Map.Entry<ArrayByteSequence,BRow>> it = rows.entrySet().iterator();
    while (bytes > capacity && it.hasNext()) {
      Map.Entry<ArrayByteSequence,BRow> e = it.next();
      bytes -= cost(e.getKey(), e.getValue());
      it.remove();
    }
  }

  /** Marks the cache as in use now (once per batch: not on every row's lookup). */
  public void touch() {
    lastUse = System.currentTimeMillis();
  }

  /** When it was last touched (epoch milliseconds). */
  public long lastUse() {
    return lastUse;
  }

  synchronized long bytes() {
    return bytes;
  }

  private static long cost(ArrayByteSequence row, BRow r) {
    return r.bytes + row.length() + 64;
  }
}
