package org.spgemm.pipeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.kernel.SideRow;

/**
 * Reads whole A rows from the iterator's source into batches, closing a batch when it refers to
 * {@code batchBRows} distinct B rows, holds {@code maxBatchRows} rows or passes the byte budget
 * (Algorithm 1 of Demirci and Aykanat). Runs on the scan thread only: the source is not
 * thread-safe.
 */
public final class ARowReader {

  private final SortedKeyValueIterator<Key,Value> source;
  private final MultiplySpec opts;
  private final ValueCodec codec;
  private final boolean integer;
  private final long budget;
  private final BRowCache cache;
  private final Labels labels;
  private final MultiplySpec mxm;
  private final byte[] aFamily;
  /** Families read beside A (null when not read): the stored C and the mask. */
  private final byte[] cFamily;
  private final byte[] maskFamily;
  /** The mask when it lives in another table, or null. */
  private MaskScan remoteMask;

  /**
   * @param budget bytes of A one batch may hold
   * @param labels where A entries' visibilities are interned
   * @param cache when given, B rows it holds do not count toward {@code batchBRows}, so batches
   *        grow while their B rows are already at hand (up to four times {@code batchBRows} rows)
   */
  public ARowReader(SortedKeyValueIterator<Key,Value> source, MultiplySpec opts,
      long budget, BRowCache cache, Labels labels) {
    this.labels = labels;
    this.source = source;
    this.opts = opts;
    this.codec = opts.codecA();
    this.integer = opts.domain() == org.spgemm.codec.Domain.INT64;
    this.budget = budget;
    this.cache = cache;
    this.mxm = opts;
    this.aFamily = bytes(opts.aFamily());
    this.cFamily = mxm.readsC() ? bytes(opts.cFamily()) : null;
    this.maskFamily = mxm.maskFamily() == null || mxm.maskTable() != null ? null
        : bytes(mxm.maskFamily());
  }

  /** Reads the mask rows from {@code mask} (a mask in another table) instead of the source. */
  public void maskFrom(MaskScan mask) {
    this.remoteMask = mask;
  }

  /** The families the source must be seeked to: A, and the stored C and mask when asked. */
  public static java.util.Set<ByteSequence> families(MultiplySpec opts) {
    java.util.Set<ByteSequence> f = new java.util.HashSet<>();
    f.add(new ArrayByteSequence(bytes(opts.aFamily())));
    if (opts.readsC()) {
      f.add(new ArrayByteSequence(bytes(opts.cFamily())));
    }
    if (opts.maskFamily() != null && opts.maskTable() == null) {
      f.add(new ArrayByteSequence(bytes(opts.maskFamily())));
    }
    return f;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  public boolean hasMore() {
    return source.hasTop();
  }

  /** The key the source is at; a safe place for an error entry. */
  public Key position() {
    return source.hasTop() ? new Key(source.getTopKey()) : null;
  }

  public ABatch readBatch() throws IOException {
    ABatch batch = new ABatch(integer);
    boolean bRowsClose = !bAtHand();
    while (source.hasTop()) {
      if (!mxm.plain()) {
        readMxmRow(batch);
      } else {
        readRow(batch);
      }
      if (bRowsClose && closedByBRows(batch)) {
        bRowsClose = !bOnceRead();
        if (bRowsClose) {
          break;
        }
      }
      if (batch.rows() >= maxRows(bRowsClose) || batch.bytes >= budget) {
        break;
      }
    }
    return batch;
  }

  /**
   * Whether B's rows close no batch: engine bulk once each server has read all of B at once and
   * a panel of all of it fits one batch's budget. Every batch there writes C files of its own, and
   * a tablet given many of them (one per 4096 B rows its A rows name: 9 on R-MAT 14's first tablet
   * of 8) has Accumulo merge them after the import, rewriting the tablet's A, B and C (3 s after
   * R-MAT 14 A·B, 15 s after R-MAT 15, on 2 cores). A panel made from all of B never passes its
   * budget then, which would cut the batch into pieces, each a file ({@code
   * BatchWorker.forEachPiece}); such a panel holds 12 bytes per entry ({@link
   * WholeB#panelBytes}), whatever the size of B's values. Where B is larger than that, or before
   * any batch started the read, B rows close batches as elsewhere; a batch they would close while
   * the read is under way waits for it ({@link #bOnceRead}).
   */
  private boolean bAtHand() {
    return readsBWholeIntoFiles() && fits(cache.wholeIfRead());
  }

  /** Engine bulk with each server reading all of B at once into the job's cache. */
  private boolean readsBWholeIntoFiles() {
    return opts.wholeB() && opts.cFiles() && cache != null;
  }

  /** All of B was read ({@code whole} not null) and a panel of it fits one batch's budget. */
  private boolean fits(WholeB whole) {
    return whole != null && whole.totalPanelBytes() <= budget;
  }

  /**
   * The most A rows a batch holds: {@code maxBatchRows} when set. By default 4096, and no limit
   * but the byte budget where B's rows close no batch (engine bulk with all of B at hand): every
   * batch there writes a file, and a tablet of one file is one Accumulo leaves alone (the hub's
   * tablets of 15,000 rows, with four to six files each, had it merge them after the import). A
   * tablet is then computed by one worker, its parallelism that of the tablets a server
   * multiplies at once.
   */
  private int maxRows(boolean bRowsClose) {
    return opts.maxBatchRows() > 0 ? opts.maxBatchRows()
        : bRowsClose ? MultiplySpec.DEFAULT_MAX_BATCH_ROWS : Integer.MAX_VALUE;
  }

  /** The batch names enough B rows to fetch (or holds four times that many at hand) to close. */
  private boolean closedByBRows(ABatch batch) {
    int toFetch = cache == null ? batch.phi.size() : batch.phiUncached;
    return toFetch >= opts.batchBRows() || batch.phi.size() >= 4L * opts.batchBRows();
  }

  /**
   * Whether B's rows need not close this batch after all: like {@link #bAtHand}, once a read of
   * all of B that another batch started has ended (waited for here, on the scan thread).
   */
  private boolean bOnceRead() throws IOException {
    try {
      return readsBWholeIntoFiles() && fits(cache.wholeOnceRead());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted waiting for all of B");
    }
  }

  private void readRow(ABatch batch) throws IOException {
    ByteSequence row = source.getTopKey().getRowData();
    byte[] rowKey = row.toArray();
    long rowBytes = 0;
    Key last = null;
    while (source.hasTop() && source.getTopKey().getRowData().equals(row)) {
      Key k = source.getTopKey();
      byte[] vb = source.getTopValue().get();
      addA(batch, k, vb, rowKey);
      rowBytes += k.getSize() + vb.length;
      last = new Key(k);
      source.next();
    }
    addRow(batch, rowKey, rowBytes, last, null, null);
  }

  /** Ends a row read into {@code batch}: checks its size and records its keys and side rows. */
  private void addRow(ABatch batch, byte[] rowKey, long rowBytes, Key last, SideRow c,
      SideRow m) {
    if (rowBytes > budget) {
      throw new BadInputException("row " + text(rowKey) + " alone holds " + rowBytes
          + " bytes (A" + (cFamily != null || maskFamily != null ? ", stored C and mask" : "")
          + "), over the batch budget of " + budget + " bytes ("
          + "maxBatchBytes" + ", derived from the tablet server's heap"
          + " unless set)", last);
    }
    batch.bytes += rowBytes + ABatch.ROW_BYTES;
    batch.a.endRow();
    batch.rowKeys.add(rowKey);
    batch.rowLastKeys.add(last);
    batch.oldC.add(c);
    batch.mask.add(m);
  }

  /**
   * Reads one row holding A and, when asked, the stored C and the mask (entries come family by
   * family). A row outside the row subset contributes no A entries; a row with neither A entries
   * nor a stored C yields nothing and is not added.
   */
  private void readMxmRow(ABatch batch) throws IOException {
    ByteSequence row = source.getTopKey().getRowData();
    byte[] rowKey = row.toArray();
    boolean takeA = mxm.takesRow(rowKey);
    int nnzBefore = batch.a.nnz;
    SideRow c = null;
    SideRow m = null;
    long rowBytes = 0;
    Key last = null;
    while (source.hasTop() && source.getTopKey().getRowData().equals(row)) {
      Key k = source.getTopKey();
      byte[] fam = k.getColumnFamilyData().toArray();
      byte[] vb = source.getTopValue().get();
      if (takeA && java.util.Arrays.equals(fam, aFamily)) {
        addA(batch, k, vb, rowKey);
      }
      if (cFamily != null && java.util.Arrays.equals(fam, cFamily)) {
        c = c == null ? new SideRow() : c;
        addSide(c, k, vb, opts.codecC(), "the stored C", opts.cFamily(), rowKey);
      }
      if (maskFamily != null && java.util.Arrays.equals(fam, maskFamily)) {
        m = m == null ? new SideRow() : m;
        addMaskEntry(opts, m, k, vb, new Key(k));
      }
      rowBytes += k.getSize() + vb.length;
      last = new Key(k);
      source.next();
    }
    if (batch.a.nnz == nnzBefore && c == null) {
      return; // nothing to compute and nothing stored: C stays without this row
    }
    if (remoteMask != null) {
      m = remoteMask.row(rowKey);
    }
    addRow(batch, rowKey, rowBytes, last, c, m);
  }

  private void addA(ABatch batch, Key k, byte[] vb, byte[] rowKey) {
    byte[] bRow = k.getColumnQualifierData().toArray();
    int before = batch.phi.size();
    int id = batch.phiId(bRow);
    if (batch.phi.size() > before) {
      batch.bytes += ABatch.PHI_ROW_BYTES + bRow.length;
      if (cache != null && !cache.contains(new ArrayByteSequence(bRow))) {
        batch.phiUncached++;
      }
    }
    try {
      if (integer) {
        batch.a.add(id, codec.decodeLong(vb, 0, vb.length));
      } else {
        batch.a.add(id, codec.decodeDouble(vb, 0, vb.length));
      }
    } catch (IllegalArgumentException e) {
      throw new BadInputException("bad value of A(" + text(rowKey) + ", " + text(bRow)
          + ") in family " + opts.aFamily() + ": " + e.getMessage() + " (codec "
          + codec.name() + ")", new Key(k));
    }
    ByteSequence vis = k.getColumnVisibilityData();
    batch.visibility(vis.length() == 0 ? 0 : labels.id(vis.toArray()));
  }

  private void addSide(SideRow side, Key k, byte[] vb, ValueCodec c, String what, String family,
      byte[] rowKey) {
    byte[] col = k.getColumnQualifierData().toArray();
    ByteSequence vis = k.getColumnVisibilityData();
    try {
      side.add(col, integer ? c.decodeLong(vb, 0, vb.length) : 0,
          integer ? 0 : c.decodeDouble(vb, 0, vb.length),
          vis.length() == 0 ? null : vis.toArray());
    } catch (IllegalArgumentException e) {
      throw new BadInputException("bad value of " + what + "(" + text(rowKey) + ", " + text(col)
          + ") in family " + family + ": " + e.getMessage() + " (codec " + c.name() + ")",
          new Key(k));
    }
  }

  /**
   * Adds mask entry {@code k} to {@code m} when it lets C(i,j) through, with its label, which the
   * C entry it lets through then carries. A complemented mask lets C through where it holds no
   * entry, and an absence cannot carry a label: a labelled entry there is refused.
   *
   * @param anchor where an error is reported (a key of the scanned range), or null
   */
  static void addMaskEntry(MultiplySpec opts, SideRow m, Key k, byte[] vb,
      Key anchor) {
    ByteSequence vis = k.getColumnVisibilityData();
    if (vis.length() > 0 && opts.maskComplement()) {
      throw new BadInputException("mask entry (" + text(k.getRowData().toArray()) + ", "
          + text(k.getColumnQualifierData().toArray()) + ") of family "
          + opts.maskFamily() + " carries the label " + text(vis.toArray())
          + ": a complemented mask lets C through where it has no entry, and an absence cannot"
          + " carry a label; refused (use a mask without labels, or no complement)", anchor);
    }
    if (opts.maskStructure() || maskTrue(opts, k, vb)) {
      m.add(k.getColumnQualifierData().toArray(), 0, 0, vis.length() == 0 ? null : vis.toArray());
    }
  }

  /** A value mask lets an entry through when its value (read with A's codec) is not zero. */
  static boolean maskTrue(MultiplySpec opts, Key k, byte[] vb) {
    byte[] rowKey = k.getRowData().toArray();
    try {
      ValueCodec c = opts.codecA();
      return c.domain() == org.spgemm.codec.Domain.INT64 ? c.decodeLong(vb, 0, vb.length) != 0
          : c.decodeDouble(vb, 0, vb.length) != 0;
    } catch (IllegalArgumentException e) {
      throw new BadInputException("bad value of the mask(" + text(rowKey) + ", "
          + text(k.getColumnQualifierData().toArray()) + ") in family " + opts.maskFamily()
          + ": " + e.getMessage() + " (a value mask is read with A's codec; use a structure"
          + " mask for other values)", new Key(k));
    }
  }

  static String text(byte[] b) {
    String s = new String(b, StandardCharsets.UTF_8);
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
