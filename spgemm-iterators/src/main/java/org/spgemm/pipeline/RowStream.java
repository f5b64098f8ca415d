package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.kernel.RowSpGemm;
import org.spgemm.kernel.RowWorkspace;
import org.spgemm.kernel.SideRow;

/**
 * One A row whose B rows together pass the batch budget (a hub row), computed while they stream
 * by: each B entry is multiplied into the row's accumulator as it arrives, so memory holds the C
 * row, never the B rows, and B is read once. Rows the B row cache holds (or all of B, when it was
 * read whole) are taken from it; the others are read in one go and not cached (they are what did
 * not fit). Masks, column subsets and
 * visibilities apply as they do to a batch's panel.
 */
final class RowStream {

  /** Bytes a C column of the accumulator is charged: its key, value, id and map entry. */
  private static final int COLUMN_OVERHEAD = 64;

  /** B entries read between two checks that the row is still wanted. */
  static final int LIVE_EVERY = 4096;

  private final MultiplySpec opts;
  private final BSource source;
  private final BRowCache cache;
  private final BValues values;
  private final long budget;

  /**
   * @param cache B rows kept across batches, or null
   * @param budget bytes the C row's columns may hold
   */
  RowStream(MultiplySpec opts, BSource source, BRowCache cache, long budget) {
    this.opts = opts;
    this.source = source;
    this.cache = cache;
    this.values = new BValues(opts);
    this.budget = budget;
  }

  /**
   * Computes the one row of {@code batch} into {@code w}. The panel returned holds no B rows:
   * only the C row's column keys, the row ({@link BPanel#streamed}), its partial products and
   * visibilities, and what was read.
   *
   * @param labels the visibilities of A's entries, combined as a panel's are
   * @param live checked every {@value #LIVE_EVERY} B entries read: false stops the row ({@link
   *        CancellationException})
   */
  BPanel compute(ABatch batch, RowWorkspace w, Labels labels, BooleanSupplier live)
      throws Exception {
    Row row = new Row(batch, w, labels);
    long[] counts = new long[6];
    List<byte[]> missing = new ArrayList<>();
    Map<ArrayByteSequence,Integer> entryOf = new HashMap<>();
    var a = batch.a;
    WholeB all = cache == null ? null : cache.wholeIfRead();
    for (int p = a.rowPtr[0]; p < a.rowPtr[1] && row.formsAny(); p++) {
      if (a.colIdx[p] < 0) {
        continue;
      }
      byte[] j = batch.phi.get(a.colIdx[p]);
      if (all != null) {
        int i = all.index(j);
        if (i >= 0) { // else B has no such row
          for (int k = all.rowPtr[i]; k < all.rowPtr[i + 1]; k++) {
            row.add(p, all.columnKeys[all.colIdx[k]], values.integer ? all.ints[k] : 0,
                values.integer ? 0 : all.fps[k]);
          }
        }
        continue;
      }
      ArrayByteSequence key = new ArrayByteSequence(j);
      BRow cached = cache == null ? null : cache.get(key);
      if (cached == null) {
        entryOf.put(key, p);
        missing.add(j);
        continue;
      }
      for (int q = 0; q < cached.n; q++) {
        row.add(p, cached.cols[q], values.integer ? cached.ints[q] : 0,
            values.integer ? 0 : cached.fps[q]);
      }
    }
    if (!missing.isEmpty() && row.formsAny()) {
      try (BSource.Read read = source.read(BRanges.of(missing, new Text(opts.bFamily())),
          batch.rowKeys.get(0))) {
        ByteSequence current = null;
        int p = -1;
        boolean remote = false;
        boolean local = false;
        long seen = 0;
        for (Map.Entry<Key,Value> e : read) {
          if (++seen % LIVE_EVERY == 0 && !live.getAsBoolean()) {
            throw new CancellationException(); // a hub row may read all of B: stop when unwanted
          }
          Key k = e.getKey();
          ByteSequence r = k.getRowData();
          if (current == null || !current.equals(r)) {
            current = new ArrayByteSequence(r.toArray());
            p = entryOf.getOrDefault(current, -1); // -1: a row a merged range reads through
            remote = read.isRemote(r);
            local = read.isLocal(r);
          }
          byte[] vb = e.getValue().get();
          BPanelFetcher.count(counts, k.getSize() + vb.length, remote, local);
          byte[] col;
          if (p < 0 || !opts.takesColumn(col = k.getColumnQualifierData().toArray())) {
            continue;
          }
          if (values.integer) {
            row.add(p, col, values.asLong(current, col, vb), 0);
          } else {
            row.add(p, col, 0, values.asDouble(current, col, vb));
          }
        }
      }
    }
    return BPanelFetcher.withCounts(row.end(), counts);
  }

  /** The C row being accumulated: its columns numbered as they come, mask columns first. */
  private final class Row {
    private final ABatch batch;
    private final RowWorkspace w;
    private final Labels labels;
    private final List<byte[]> keys = new ArrayList<>();
    private final Interning ids = new Interning(keys);
    private final boolean masked;
    private final boolean complement;
    /** Columns below this id are the mask's. */
    private final int maskColumns;
    /** Visibility id of every column, by column id; null when no A entry carries one. */
    private int[] vis;
    private long bytes;
    private long products;

    Row(ABatch batch, RowWorkspace w, Labels labels) {
      this.batch = batch;
      this.w = w;
      this.labels = labels;
      // count mode ignores the mask, as it does for a panel
      this.masked = opts.maskFamily() != null && opts.mode() != MultiplySpec.Mode.COUNT;
      this.complement = opts.maskComplement();
      this.vis = batch.labelled ? new int[16] : null;
      RowSpGemm.startStreamedRow(w);
      SideRow mask = masked ? batch.mask.get(0) : null;
      for (int k = 0; mask != null && k < mask.n; k++) {
        column(mask.quals[k]);
      }
      this.maskColumns = keys.size();
    }

    /** False when the mask lets no column through: nothing needs reading. */
    boolean formsAny() {
      return !masked || complement || maskColumns > 0;
    }

    /** Adds A's entry {@code p} times B's entry in column {@code col}. */
    void add(int p, byte[] col, long bInt, double bFp) {
      int k;
      if (masked && !complement) {
        k = ids.find(col);
        if (k < 0) {
          return; // outside the mask: never formed
        }
      } else {
        k = column(col);
        if (masked && k < maskColumns) {
          return; // in the complemented mask
        }
      }
      products++;
      if (values.structureOnly) {
        RowSpGemm.mark(k, values.integer, w); // B's values were not fetched
        return;
      }
      var a = batch.a;
      if (values.integer) {
        RowSpGemm.accumulate(k, a.intVals[p], bInt, opts.semiring(), w);
      } else {
        RowSpGemm.accumulate(k, a.fpVals[p], bFp, opts.semiring(), w);
      }
      if (vis != null && batch.aVis[p] != 0) {
        vis[k] = labels.and(vis[k], batch.aVis[p]);
      }
    }

    /** The id of column {@code col}, numbered when new; the row's columns stay within budget. */
    private int column(byte[] col) {
      int before = keys.size();
      int k = ids.id(col);
      if (k == before) {
        bytes += col.length + COLUMN_OVERHEAD;
        if (bytes > budget) {
          throw new BadInputException("C row " + ARowReader.text(batch.rowKeys.get(0))
              + " holds more than " + budget + " bytes of columns, the batch budget ("
              + "maxBatchBytes, derived from the tablet server's heap unless set)",
              batch.lastKey());
        }
        if (vis != null && k >= vis.length) {
          vis = Arrays.copyOf(vis, vis.length * 2);
        }
      }
      return k;
    }

    /** Puts the columns in key order and returns the row as a panel of no B rows. */
    BPanel end() {
      int[] rank = new int[keys.size()];
      BPanel panel = new BPanel(values.integer);
      panel.columnKeys = Interning.sorted(keys, rank);
      RowSpGemm.endStreamedRow(w, rank, values.integer);
      panel.streamed = w;
      panel.streamedProducts = products;
      if (vis != null) {
        panel.streamedVis = new int[rank.length];
        for (int c = 0; c < rank.length; c++) {
          panel.streamedVis[rank[c]] = vis[c];
        }
      }
      return panel;
    }
  }
}
