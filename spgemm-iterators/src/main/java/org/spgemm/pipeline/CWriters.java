package org.spgemm.pipeline;

import org.spgemm.progress.CFile;

/**
 * Where the scan engine's batches write C: a writer per piece of a batch (a BatchWriter on the
 * C table in a tablet server, a list in tests), and whether the job still runs, checked before
 * each piece writes anything.
 */
public interface CWriters {

  /** A writer of C rows; closing it flushes them (C is durable before progress is reported). */
  interface Writer extends CRowSink, AutoCloseable {
    /** Writes one entry (transpose mode); the value is encoded with C's codec. */
    void put(byte[] row, byte[] qual, byte[] visibility, long iv, double fv) throws Exception;

    /**
     * Bytes of the entries written so far, as Accumulo counts them: {@code Key.getSize()} (row,
     * family, qualifier, visibility) plus the value's length.
     */
    long bytesWritten();

    /**
     * Once closed, the file it wrote, for the client's load plan; null when it wrote no file (a
     * BatchWriter, or no entry).
     */
    default CFile file() {
      return null;
    }

    @Override
    void close() throws Exception;
  }

  /** False once the job record is gone (cancelled or failed elsewhere): write nothing more. */
  boolean jobRunning();

  Writer open() throws Exception;

  /** For an engine that does not write through writers (the compaction's pass emits C). */
  CWriters NONE = new CWriters() {
    @Override
    public boolean jobRunning() {
      return true;
    }

    @Override
    public Writer open() {
      throw new IllegalStateException("this engine writes no C through writers");
    }
  };
}
