package org.spgemm.iterators;

import org.spgemm.kernel.RowWorkspace;

/** Where a worker puts each finished C row: a BatchWriter (scan engine) or the compaction's file. */
interface CRowSink {

  /**
   * Takes the row last computed into {@code w}, whose column ids index {@code columnKeys};
   * returns the entries taken.
   *
   * @param visibilities the visibility of each entry of the row, or null when none has one
   */
  int write(byte[] row, RowWorkspace w, byte[][] columnKeys, byte[][] visibilities)
      throws Exception;

  /**
   * Takes a row already encoded: qualifiers in key order, values, visibilities (null when none
   * has one) and its approximate size in bytes; returns the entries taken.
   */
  int writeRow(byte[] row, byte[][] quals, byte[][] values, byte[][] visibilities, long bytes)
      throws Exception;
}
