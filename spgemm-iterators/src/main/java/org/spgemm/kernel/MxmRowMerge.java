package org.spgemm.kernel;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;

/**
 * Row i of C&lt;M&gt; = accum(C, select(T)) as the GraphBLAS C API defines it, from the row T(i,:)
 * just computed (only where the mask let it through), the stored C(i,:) and the mask M(i,:).
 * Where M(i,j) is true the result is Z(i,j) = C(i,j) ⊙ T(i,j) (whichever exists when only one
 * does; T(i,j) alone without an accumulator), or no entry; where it is false, no entry under
 * replace, else C(i,j) as stored. Both inputs are in key order, so one merge emits the row in
 * the order Accumulo wants. One instance per worker thread.
 */
public final class MxmRowMerge {

  /**
   * The GraphBLAS rule of one multiply: the accumulator (null: none), whether a mask is given and
   * complemented, replace, the select (null: none), and C's codec, which sets the domain.
   */
  public record Rule(BinaryOp accum, boolean masked, boolean maskComplement, boolean replace,
      Select select, ValueCodec codec) {}

  private final Rule mxm;
  private final ValueCodec codec;
  private final boolean integer;
  private byte[][] quals = new byte[16][];
  private byte[][] values = new byte[16][];
  private byte[][] vis = new byte[16][];
  private int n;
  private boolean labelled;

  public MxmRowMerge(Rule rule) {
    this.mxm = rule;
    this.codec = rule.codec();
    this.integer = codec.domain() == Domain.INT64;
  }

  /**
   * Merges and hands the row to {@code sink}; returns the entries written.
   *
   * @param tVis visibility of each T entry, or null when none has one
   */
  public int write(byte[] row, RowWorkspace w, byte[][] columnKeys, byte[][] tVis,
      SideRow stored, SideRow mask, RowSink sink) throws Exception {
    n = 0;
    labelled = false;
    BinaryOp accum = mxm.accum();
    int nt = w.rowNnz();
    int nc = stored == null ? 0 : stored.n;
    int p = 0;
    int q = 0;
    while (p < nt || q < nc) {
      byte[] tq = p < nt ? columnKeys[w.column(p)] : null;
      int cmp = tq == null ? 1 : q >= nc ? -1 : Arrays.compareUnsigned(tq, stored.quals[q]);
      if (cmp < 0 || cmp == 0) {
        // T(i,j) exists: the masked kernel formed it only where the mask lets it through
        boolean keepT = keeps(row, tq, w, p);
        if (cmp == 0) {
          if (!keepT) {
            // the product is dropped by the select: the mask still decides about C(i,j)
            storedOnly(row, stored, q, mask);
          } else if (accum != null) {
            add(row, tq, integer ? accum.applyAsLong(stored.ints[q], w.intValue(p)) : 0,
                integer ? 0 : accum.applyAsDouble(stored.fps[q], w.fpValue(p)),
                and(and(stored.vis[q], tVis == null ? null : tVis[p]), maskLabel(mask, tq)));
          } else {
            addT(row, tq, w, p, tVis, mask);
          }
          q++;
        } else if (keepT) {
          addT(row, tq, w, p, tVis, mask);
        }
        p++;
      } else {
        storedOnly(row, stored, q, mask);
        q++;
      }
    }
    if (n == 0) {
      return 0;
    }
    long size = row.length;
    byte[][] outQ = Arrays.copyOf(quals, n);
    byte[][] outV = Arrays.copyOf(values, n);
    for (int k = 0; k < n; k++) {
      size += outQ[k].length + outV[k].length + 32 + (vis[k] == null ? 0 : vis[k].length);
    }
    byte[][] outVis = null;
    if (labelled) {
      outVis = new byte[n][];
      for (int k = 0; k < n; k++) {
        outVis[k] = vis[k] == null ? new byte[0] : vis[k];
      }
    }
    return sink.writeRow(row, outQ, outV, outVis, size);
  }

  /** C(i,j) stored, no product: kept where the mask lets it through (only with an accumulator)
   * and, outside the mask, unless replace. */
  private void storedOnly(byte[] row, SideRow stored, int q, SideRow mask) {
    boolean inMask = !mxm.masked()
        || ((mask != null && mask.find(stored.quals[q]) >= 0) != mxm.maskComplement());
    boolean keep = inMask ? mxm.accum() != null : !mxm.replace();
    if (keep) {
      add(row, stored.quals[q], stored.ints[q], stored.fps[q],
          inMask ? and(stored.vis[q], maskLabel(mask, stored.quals[q])) : stored.vis[q]);
    }
  }

  /**
   * The label of the mask entry that lets C(i,j) through (null when it has none, or when the
   * mask is complemented: a complemented mask lets through where it holds no entry, and a
   * labelled entry there is refused when the mask is read).
   */
  private byte[] maskLabel(SideRow mask, byte[] col) {
    if (mask == null || mxm.maskComplement()) {
      return null;
    }
    int k = mask.find(col);
    return k < 0 ? null : mask.vis[k];
  }

  private boolean keeps(byte[] row, byte[] col, RowWorkspace w, int p) {
    Select s = mxm.select();
    return s == null || (s.keepsPosition(row, col)
        && s.keepsValue(integer ? (double) w.intValue(p) : w.fpValue(p)));
  }

  private void addT(byte[] row, byte[] col, RowWorkspace w, int p, byte[][] tVis,
      SideRow mask) {
    add(row, col, integer ? w.intValue(p) : 0, integer ? 0 : w.fpValue(p),
        and(tVis == null ? null : tVis[p], maskLabel(mask, col)));
  }

  private void add(byte[] row, byte[] col, long iv, double fv, byte[] v) {
    if (n == quals.length) {
      quals = Arrays.copyOf(quals, n * 2);
      values = Arrays.copyOf(values, n * 2);
      vis = Arrays.copyOf(vis, n * 2);
    }
    quals[n] = col;
    values[n] = CValues.encode(codec, integer, iv, fv, row, col);
    boolean has = v != null && v.length > 0;
    vis[n++] = has ? v : null;
    labelled |= has;
  }

  /** The conjunction of two visibility expressions (either may be null or empty). */
  static byte[] and(byte[] x, byte[] y) {
    if (x == null || x.length == 0) {
      return y;
    }
    if (y == null || y.length == 0 || Arrays.equals(x, y)) {
      return x;
    }
    return ("(" + new String(x, StandardCharsets.UTF_8) + ")&(" + new String(y,
        StandardCharsets.UTF_8) + ")").getBytes(StandardCharsets.UTF_8);
  }
}
