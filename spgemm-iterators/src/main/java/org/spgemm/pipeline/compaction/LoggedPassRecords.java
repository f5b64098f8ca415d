package org.spgemm.pipeline.compaction;

import org.spgemm.metrics.TabletPass;
import org.spgemm.progress.BatchStats;

/**
 * The records of a compaction pass, also told to operators: the pass's end (its final counts, or
 * its error, or its stop) is logged and counted through its {@link TabletPass} before or after
 * the records it passes on.
 */
public final class LoggedPassRecords implements PassRecords {

  private final PassRecords records;
  private final TabletPass pass;

  public LoggedPassRecords(PassRecords records, TabletPass pass) {
    this.records = records;
    this.pass = pass;
  }

  @Override
  public void progress(BatchStats total) {
    records.progress(total);
  }

  @Override
  public boolean done(BatchStats total) {
    boolean recorded = records.done(total);
    if (recorded) {
      pass.completed(total);
    } else {
      pass.stopped("its final count could not be recorded");
    }
    return recorded;
  }

  @Override
  public void error(String message) {
    pass.failed(message);
    records.error(message);
  }

  /** Logged and counted as a stop (the job's end came from outside), recorded as an error. */
  @Override
  public void ended(String why) {
    pass.ended(why);
    records.ended(why);
  }

  @Override
  public void stopped(String why) {
    pass.stopped(why);
    records.stopped(why);
  }
}
