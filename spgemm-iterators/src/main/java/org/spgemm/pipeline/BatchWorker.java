package org.spgemm.pipeline;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.kernel.MxmRowMerge;
import org.spgemm.kernel.RowSpGemm;
import org.spgemm.kernel.RowWorkspace;
import org.spgemm.kernel.SideRow;
import org.spgemm.metrics.MultiplyMeters;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * Algorithm 2 for one batch: fetch B(Φ), compute every C row of the batch fully in memory, hand
 * each to a {@link CRowSink}, and report what was done. A batch whose panel passes the byte budget
 * is split in halves; a single row whose B rows alone pass it is computed while they stream by
 * ({@link RowStream}). Runs on a pool thread; the fetcher and workspace belong to that thread.
 */
public final class BatchWorker {

  /** What to do with one piece of a batch once its panel is fetched. */
  public interface Piece {
    void run(ABatch piece, BPanel panel, BatchStats stats) throws Exception;
  }

  private final MultiplySpec opts;
  private final Labels labels;
  private final CWriters writers;
  private final ThreadLocal<BPanelFetcher> fetchers;
  private final ThreadLocal<int[][]> visScratch = ThreadLocal.withInitial(() -> new int[1][0]);
  private final ThreadLocal<RowWorkspace> workspaces = ThreadLocal.withInitial(RowWorkspace::new);
  private final ThreadLocal<MxmRowMerge> merges;
  private final MultiplyMeters meters;
  private final RowStream streams;

  /**
   * @param bSource where B's rows are read
   * @param cache B rows kept across batches, or null
   * @param writers where {@link #process} writes C (scan engine); {@link CWriters#NONE} else
   * @param meters where each batch's counts and time are published
   */
  public BatchWorker(MultiplySpec opts, MemoryBudget budget, Labels labels, BSource bSource,
      BRowCache cache, CWriters writers, MultiplyMeters meters) {
    this.meters = meters;
    this.labels = labels;
    this.opts = opts;
    this.writers = writers;
    MxmRowMerge.Rule rule = new MxmRowMerge.Rule(opts.accum(), opts.maskFamily() != null,
        opts.maskComplement(), opts.replace(), opts.select(), opts.codecC());
    this.merges = ThreadLocal.withInitial(() -> new MxmRowMerge(rule));
    this.fetchers = ThreadLocal.withInitial(() -> new BPanelFetcher(bSource, opts,
        budget.batchBytes(), cache));
    this.streams = new RowStream(opts, bSource, cache, budget.batchBytes());
  }

  /**
   * Scan engine: computes the batch, writes its C rows with a BatchWriter (or, in count mode,
   * only counts), and returns the entries to emit.
   *
   * @param live false once nobody will return this batch's result; checked, together with the
   *        job record, before any C row is written
   */
  public BatchResult process(ABatch batch, BooleanSupplier live) throws Exception {
    BatchResult result = new BatchResult();
    if (opts.mode() == MultiplySpec.Mode.TRANSPOSE) {
      result.emit(batch.lastKey(), transpose(batch, live));
      return result;
    }
    boolean count = opts.mode() == MultiplySpec.Mode.COUNT;
    forEachPiece(batch, live, (piece, panel, stats) -> {
      if (count) {
        countRows(piece, panel, stats, result);
        return;
      }
      mayWrite(live);
      try (CWriters.Writer writer = writers.open()) {
        multiplyRows(piece, panel, writer, live, stats);
        long tc = System.nanoTime();
        writer.close(); // the flush: C rows are durable before the progress entry is returned
        stats.add(Counter.WRITE_NANOS, System.nanoTime() - tc);
        stats.add(Counter.C_BYTES, writer.bytesWritten());
        stats.file = writer.file();
      }
      result.emit(piece.lastKey(), stats);
    });
    return result;
  }

  /** Transpose mode: writes every A entry (i, j) of the batch as entry (j, i) of C. */
  private BatchStats transpose(ABatch batch, BooleanSupplier live) throws Exception {
    BatchStats stats = new BatchStats();
    stats.server = TabletServerBridge.serverId();
    mayWrite(live);
    long t0 = System.nanoTime();
    var a = batch.a;
    try (CWriters.Writer writer = writers.open()) {
      for (int i = 0; i < batch.rows(); i++) {
        byte[] row = batch.rowKeys.get(i);
        for (int p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) {
          writer.put(batch.phi.get(a.colIdx[p]), row, labels.forC(batch.aVis[p]),
              a.isInteger() ? a.intVals[p] : 0, a.isInteger() ? 0 : a.fpVals[p]);
        }
      }
      stats.set(Counter.C_BYTES, writer.bytesWritten());
    }
    stats.set(Counter.WRITE_NANOS, System.nanoTime() - t0);
    stats.set(Counter.A_ENTRIES, a.nnz);
    stats.set(Counter.C_ENTRIES, a.nnz);
    stats.set(Counter.ROWS, batch.rows());
    stats.set(Counter.BATCHES, 1);
    meters.batch(stats, System.nanoTime() - t0, true);
    return stats;
  }

  /**
   * Fetches the panel of {@code batch} (splitting the batch while its panel passes the budget,
   * streaming the B rows of a single row that still does) and runs {@code piece} on each part,
   * with its fetch counts filled in. A streamed row's computing counts as fetching.
   *
   * @param live false once the work is no longer wanted: a streamed row, which may read all of
   *        B, stops at the next check ({@link CancellationException})
   */
  public void forEachPiece(ABatch batch, BooleanSupplier live, Piece piece) throws Exception {
    BatchStats stats = new BatchStats();
    stats.server = TabletServerBridge.serverId();
    long t0 = System.nanoTime();
    BPanel panel;
    try {
      panel = fetchers.get().fetch(batch.phi, batch.rowKeys.get(0));
    } catch (BPanelFetcher.PanelTooLargeException e) {
      if (batch.rows() > 1) {
        int[] cuts = cuts(batch);
        for (int k = 0; k + 1 < cuts.length; k++) {
          if (cuts[k] < cuts[k + 1]) {
            forEachPiece(batch.slice(cuts[k], cuts[k + 1]), live, piece);
          }
        }
        return;
      }
      panel = streams.compute(batch, workspaces.get(), labels, live);
    }
    stats.set(Counter.FETCH_NANOS, System.nanoTime() - t0);
    stats.set(Counter.B_ROWS, batch.phi.size());
    stats.set(Counter.B_FETCHED, panel.entries);
    stats.set(Counter.B_REMOTE, panel.remoteEntries);
    stats.set(Counter.B_LOCAL, panel.localEntries);
    stats.set(Counter.B_BYTES, panel.bytes);
    stats.set(Counter.B_REMOTE_BYTES, panel.remoteBytes);
    stats.set(Counter.B_LOCAL_BYTES, panel.localBytes);
    stats.set(Counter.A_ENTRIES, batch.a.nnz);
    stats.set(Counter.ROWS, batch.rows());
    stats.set(Counter.BATCHES, 1);
    stats.set(Counter.STREAMED_ROWS, panel.streamed != null ? 1 : 0);
    if (panel.streamed == null) {
      RowSpGemm.prepare(batch.a, panel.b, panel.columnKeys.length, workspaces.get());
    }
    piece.run(batch, panel, stats);
    meters.batch(stats, System.nanoTime() - t0, opts.mode() != MultiplySpec.Mode.COUNT);
  }

  /**
   * Where a batch whose panel passed the budget is cut: around its heaviest row when that row
   * holds at least half of the batch's A entries (a hub: on its own at once, instead of failing
   * once more at every halving), else in halves.
   */
  static int[] cuts(ABatch batch) {
    int n = batch.rows();
    int heaviest = 0;
    for (int i = 1; i < n; i++) {
      if (batch.a.rowLength(i) > batch.a.rowLength(heaviest)) {
        heaviest = i;
      }
    }
    if (2L * batch.a.rowLength(heaviest) >= batch.a.nnz) {
      return new int[] {0, heaviest, heaviest + 1, n};
    }
    return new int[] {0, n / 2, n};
  }

  /**
   * Computes every row of {@code batch} into {@code sink}; adds products, C entries and kernel and
   * write times to {@code stats}.
   */
  public void multiplyRows(ABatch batch, BPanel panel, CRowSink sink, BooleanSupplier live,
      BatchStats stats) throws Exception {
    RowWorkspace w = panel.streamed != null ? panel.streamed : workspaces.get();
    boolean plain = opts.plain();
    long t1 = System.nanoTime();
    long writeNanos = 0;
    for (int i = 0; i < batch.rows(); i++) {
      if ((i & 63) == 0 && !live.getAsBoolean()) {
        throw new CancellationException();
      }
      if (panel.streamed != null) {
        stats.add(Counter.PRODUCTS, panel.streamedProducts); // a batch of this one row
      } else if (plain) {
        stats.add(Counter.PRODUCTS,
            RowSpGemm.multiplyRow(batch.a, i, panel.b, opts.semiring(), false, w));
      } else {
        stats.add(Counter.PRODUCTS, multiplyMasked(batch, i, panel, w));
      }
      byte[][] vis = visibilities(batch, i, panel, w);
      long tw = System.nanoTime();
      stats.add(Counter.C_ENTRIES, plain
          ? sink.write(batch.rowKeys.get(i), w, panel.columnKeys, vis)
          : merges.get().write(batch.rowKeys.get(i), w, panel.columnKeys, vis,
              batch.oldC.get(i), batch.mask.get(i), sink));
      writeNanos += System.nanoTime() - tw;
    }
    stats.add(Counter.WRITE_NANOS, writeNanos);
    stats.add(Counter.KERNEL_NANOS, System.nanoTime() - t1 - writeNanos);
  }

  /**
   * Row i of T = A·B where the mask lets it through (all of it without a mask): masked-out
   * products are never formed. Returns the partial products formed.
   */
  private long multiplyMasked(ABatch batch, int i, BPanel panel, RowWorkspace w) {
    MultiplySpec mxm = opts;
    if (mxm.maskFamily() == null) {
      return RowSpGemm.multiplyRow(batch.a, i, panel.b, opts.semiring(), false, w);
    }
    SideRow mask = batch.mask.get(i);
    if (!mxm.maskComplement() && mask == null) {
      RowSpGemm.emptyRow(w); // the mask lets nothing through: nothing to form
      return 0;
    }
    w.startMask();
    for (int k = 0; mask != null && k < mask.n; k++) {
      int id = panel.columnId(mask.quals[k]);
      if (id >= 0) {
        w.markMask(id);
      }
    }
    return RowSpGemm.multiplyRowMasked(batch.a, i, panel.b, opts.semiring(),
        mxm.maskComplement(), w);
  }

  /**
   * The visibility of each entry of the C row last computed: the conjunction of the visibilities
   * of the A entries it came from (or the caller's C visibility, checked to be at least as
   * strict). Null when neither applies, the common case.
   */
  private byte[][] visibilities(ABatch batch, int i, BPanel panel, RowWorkspace w) {
    boolean given = opts.cVisibility() != null;
    if (!batch.labelled && !given) {
      return null;
    }
    int n = w.rowNnz();
    int[] vis = panel.streamed != null ? panel.streamedVis : panelVisibilities(batch, i, panel, w);
    byte[][] out = new byte[n][];
    try {
      for (int k = 0; k < n; k++) {
        out[k] = labels.forC(vis == null ? 0 : vis[w.column(k)]);
      }
    } catch (IllegalArgumentException e) {
      throw new BadInputException("C row " + ARowReader.text(batch.rowKeys.get(i)) + ": "
          + e.getMessage(), batch.rowLastKeys.get(i));
    }
    return out;
  }

  /** The visibility id of every column of row i as the panel computed it, by column id. */
  private int[] panelVisibilities(ABatch batch, int i, BPanel panel, RowWorkspace w) {
    int n = w.rowNnz();
    int[] vis = visScratch.get()[0];
    if (vis.length < panel.columnKeys.length) {
      vis = new int[Math.max(panel.columnKeys.length, vis.length * 2)];
      visScratch.get()[0] = vis;
    }
    for (int k = 0; k < n; k++) {
      vis[w.column(k)] = 0;
    }
    var a = batch.a;
    var b = panel.b;
    for (int p = a.rowPtr[i]; batch.labelled && p < a.rowPtr[i + 1]; p++) {
      int id = batch.aVis[p];
      int j = a.colIdx[p];
      if (id == 0 || j < 0) {
        continue;
      }
      for (int q = b.rowPtr[j]; q < b.rowPtr[j + 1]; q++) {
        vis[b.colIdx[q]] = labels.and(vis[b.colIdx[q]], id);
      }
    }
    return vis;
  }

  /** Count mode: one entry per row carrying nnz(C(i,:)). */
  private void countRows(ABatch batch, BPanel panel, BatchStats stats, BatchResult result) {
    RowWorkspace w = panel.streamed != null ? panel.streamed : workspaces.get();
    long t1 = System.nanoTime();
    for (int i = 0; i < batch.rows(); i++) {
      BatchStats row = new BatchStats();
      row.server = stats.server;
      row.set(Counter.ROWS, 1);
      row.set(Counter.PRODUCTS, panel.streamed != null ? panel.streamedProducts
          : RowSpGemm.multiplyRow(batch.a, i, panel.b, opts.semiring(), true, w));
      row.set(Counter.ROW_NNZ, w.rowNnz());
      row.set(Counter.A_ENTRIES, batch.a.rowLength(i));
      stats.add(Counter.PRODUCTS, row.get(Counter.PRODUCTS));
      stats.add(Counter.C_ENTRIES, row.get(Counter.ROW_NNZ));
      result.emit(batch.rowLastKeys.get(i), row);
    }
    stats.set(Counter.KERNEL_NANOS, System.nanoTime() - t1);
  }

  /** Writes only while the work is wanted and its job record still says RUNNING. */
  private void mayWrite(BooleanSupplier live) {
    if (!live.getAsBoolean() || !writers.jobRunning()) {
      throw new CancellationException();
    }
  }
}
