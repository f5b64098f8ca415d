package org.spgemm.pipeline.compaction;

import org.spgemm.progress.BatchStats;

/**
 * What a compaction pass tells its client (beside the job record in a tablet server, {@link
 * org.spgemm.job.TabletRecords}; a list in tests): an iterator that throws in a compaction is
 * retried for ever, so counts and errors travel this way.
 */
public interface PassRecords {

  /** The tablet's counts so far. */
  void progress(BatchStats total);

  /**
   * The tablet's final counts; false if they could not be recorded (the pass then fails its
   * compaction, which Accumulo runs again, rather than commit a tablet the client cannot confirm).
   */
  boolean done(BatchStats total);

  /** The error that stopped the tablet's pass. */
  void error(String message);

  /**
   * The job ended (its record is gone) while the pass computed: the pass ends its C early and its
   * compaction commits. Recorded as an error, for a client of the job that still follows it.
   */
  default void ended(String why) {
    error(why);
  }

  /**
   * The pass was stopped from outside (compaction cancelled, server shutting down): nothing is
   * recorded, since Accumulo runs the compaction again; only the server's log says so.
   */
  default void stopped(String why) {}
}
