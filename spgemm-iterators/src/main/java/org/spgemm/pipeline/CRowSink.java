package org.spgemm.pipeline;

import org.spgemm.kernel.RowSink;
import org.spgemm.kernel.RowWorkspace;

/** Where a worker puts each finished C row: a BatchWriter (scan engine) or the compaction's file. */
public interface CRowSink extends RowSink {

  /**
   * Takes the row last computed into {@code w}, whose column ids index {@code columnKeys};
   * returns the entries taken.
   *
   * @param visibilities the visibility of each entry of the row, or null when none has one
   */
  int write(byte[] row, RowWorkspace w, byte[][] columnKeys, byte[][] visibilities)
      throws Exception;
}
