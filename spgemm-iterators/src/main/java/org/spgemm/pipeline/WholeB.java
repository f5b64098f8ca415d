package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.accumulo.core.data.ArrayByteSequence;

/**
 * All of B's rows, read at once (wholeB), with their column keys numbered once, in key order, for
 * every panel made from them: a panel then takes its column ids as they are instead of
 * interning and sorting its own column keys (which, for a batch holding a hub's B row, sorted the
 * hub's columns again in every such batch). Immutable, shared by the workers of every tablet of
 * a job on one server.
 */
public final class WholeB {

  private final Map<ArrayByteSequence,BRow> rows;
  /** Per row, the ids (indexes into {@link #columnKeys}) of its columns. */
  private final Map<ArrayByteSequence,int[]> ids;
  /** Every column key of B, sorted: ascending ids are key order. */
  final byte[][] columnKeys;
  /** What the read cost ({@link BPanelFetcher#count}'s order), until a panel takes it. */
  private final AtomicReference<long[]> readCounts;

  private WholeB(Map<ArrayByteSequence,BRow> rows, Map<ArrayByteSequence,int[]> ids,
      byte[][] columnKeys, long[] readCounts) {
    this.rows = rows;
    this.ids = ids;
    this.columnKeys = columnKeys;
    this.readCounts = new AtomicReference<>(readCounts);
  }

  /**
   * Numbers the columns of {@code rows} (one sort of B's distinct column keys).
   *
   * @param readCounts what reading them cost, added once to the first panel made from them
   */
  static WholeB of(Map<ArrayByteSequence,BRow> rows, long[] readCounts) {
    List<byte[]> keys = new ArrayList<>();
    Interning seen = new Interning(keys);
    Map<ArrayByteSequence,int[]> ids = new HashMap<>(rows.size() * 2);
    rows.forEach((k, r) -> {
      int[] id = new int[r.n];
      for (int q = 0; q < r.n; q++) {
        id[q] = seen.id(r.cols[q]);
      }
      ids.put(k, id);
    });
    int[] rank = new int[keys.size()];
    byte[][] sorted = Interning.sorted(keys, rank);
    for (int[] id : ids.values()) {
      for (int q = 0; q < id.length; q++) {
        id[q] = rank[id[q]];
      }
    }
    return new WholeB(rows, ids, sorted, readCounts);
  }

  /**
   * Adds what the read cost to {@code counts}, the first time only: the read is counted once, by
   * the first panel made from it (the batch that read B may have passed the budget and been cut,
   * and the pieces take B from here).
   */
  void takeReadCounts(long[] counts) {
    long[] mine = readCounts.getAndSet(null);
    if (mine != null) {
      BPanelFetcher.add(counts, mine);
    }
  }

  /** B's row {@code key}; {@link BRow#EMPTY} when B has none. */
  BRow row(ArrayByteSequence key) {
    return rows.getOrDefault(key, BRow.EMPTY);
  }

  /** The ids of row {@code key}'s columns (empty when B has no such row). */
  int[] columnIds(ArrayByteSequence key) {
    return ids.getOrDefault(key, NONE);
  }

  private static final int[] NONE = new int[0];
}
