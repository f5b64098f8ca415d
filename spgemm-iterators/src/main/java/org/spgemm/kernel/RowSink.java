package org.spgemm.kernel;

/** Where a finished, encoded C row goes (a compaction's output, a BatchWriter, a test's list). */
public interface RowSink {

  /**
   * Takes a row already encoded: qualifiers in key order, values, visibilities (null when none
   * has one) and its approximate size in bytes; returns the entries taken.
   */
  int writeRow(byte[] row, byte[][] quals, byte[][] values, byte[][] visibilities, long bytes)
      throws Exception;
}
