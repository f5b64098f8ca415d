package org.spgemm.pipeline;

/**
 * One decoded row of B: its column keys in Accumulo order and their values in the multiply's
 * domain (one of the two value arrays is used). Immutable once built, so a cached row may be read
 * by several workers at once.
 */
public final class BRow {

  static final BRow EMPTY = new BRow(new byte[0][], null, null, 0, 16);

  final byte[][] cols;
  final long[] ints;
  final double[] fps;
  final int n;
  /** Bytes this row held as Accumulo entries: what budgets count. */
  final long bytes;

  BRow(byte[][] cols, long[] ints, double[] fps, int n, long bytes) {
    this.cols = cols;
    this.ints = ints;
    this.fps = fps;
    this.n = n;
    this.bytes = bytes;
  }
}
