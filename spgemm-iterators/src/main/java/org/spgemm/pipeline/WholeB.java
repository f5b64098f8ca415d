package org.spgemm.pipeline;

import java.util.ArrayList;
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

  /** Numbers B's row keys: row {@code i} is {@code rows[i]}, its column ids {@code ids[i]}. */
  private final Interning rowIds;
  private final BRow[] rows;
  /** Per row, the ids (indexes into {@link #columnKeys}) of its columns. */
  private final int[][] ids;
  /** Every column key of B, sorted: ascending ids are key order. */
  final byte[][] columnKeys;
  /** What the read cost ({@link BPanelFetcher#count}'s order), until a panel takes it. */
  private final AtomicReference<long[]> readCounts;

  private WholeB(Interning rowIds, BRow[] rows, int[][] ids, byte[][] columnKeys,
      long[] readCounts) {
    this.rowIds = rowIds;
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
    List<byte[]> rowKeys = new ArrayList<>(rows.size());
    Interning rowIds = new Interning(rowKeys);
    BRow[] byId = new BRow[rows.size()];
    int[][] ids = new int[rows.size()][];
    List<byte[]> keys = new ArrayList<>();
    Interning seen = new Interning(keys);
    rows.forEach((k, r) -> {
      int i = rowIds.id(k.toArray());
      int[] id = new int[r.n];
      for (int q = 0; q < r.n; q++) {
        id[q] = seen.id(r.cols[q]);
      }
      byId[i] = r;
      ids[i] = id;
    });
    int[] rank = new int[keys.size()];
    byte[][] sorted = Interning.sorted(keys, rank);
    for (int[] id : ids) {
      for (int q = 0; q < id.length; q++) {
        id[q] = rank[id[q]];
      }
    }
    return new WholeB(rowIds, byId, ids, sorted, readCounts);
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
  BRow row(byte[] key) {
    int i = rowIds.find(key);
    return i < 0 ? BRow.EMPTY : rows[i];
  }

  /** The ids of row {@code key}'s columns (empty when B has no such row). */
  int[] columnIds(byte[] key) {
    int i = rowIds.find(key);
    return i < 0 ? NONE : ids[i];
  }

  private static final int[] NONE = new int[0];
}
