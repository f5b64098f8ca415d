package org.spgemm.job;

import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.spgemm.env.RateLimitedLog;
import org.spgemm.iterators.TableLayout;
import org.spgemm.pipeline.compaction.PassRecords;
import org.spgemm.progress.BatchStats;

/**
 * What a compaction-scope multiply tells its client, written into the job's table beside the job
 * record (see {@link JobRecord}): the counts of one tablet so far, its final counts, or the error
 * that stopped it. An iterator that throws in a compaction is retried for ever, so errors travel
 * this way instead; the client reads these records with READ alone.
 */
public final class TabletRecords implements PassRecords {

  private final AccumuloClient client;
  private final String table;
  private final String job;
  private final String tablet;

  public TabletRecords(AccumuloClient client, String table, String job, Range tabletRange) {
    this.client = client;
    this.table = table;
    this.job = job;
    this.tablet = JobRecord.tabletName(tabletRange);
  }

  /**
   * How long a progress record may wait for the table's metadata-row tablet: a later one
   * replaces it.
   */
  static final long PROGRESS_TIMEOUT_SECONDS = 60;
  /**
   * How long the final count or an error may wait for it: after a tablet server dies, that tablet
   * comes back only once its lock expires and its log is recovered, which can take over a minute;
   * a lost final record would leave the client with this tablet's partial counts.
   */
  public static final long FINAL_TIMEOUT_SECONDS = 600;

  @Override
  public void progress(BatchStats total) {
    write(TableLayout.PROGRESS_PREFIX, total.encode(), PROGRESS_TIMEOUT_SECONDS);
  }

  @Override
  public boolean done(BatchStats total) {
    return write(TableLayout.DONE_PREFIX, total.encode(), FINAL_TIMEOUT_SECONDS);
  }

  @Override
  public void error(String message) {
    BatchStats s = new BatchStats();
    s.error = message;
    write(TableLayout.ERROR_PREFIX, s.encode(), FINAL_TIMEOUT_SECONDS);
  }

  /** Writes one record; false (with a warning) if it could not be written. */
  private boolean write(String prefix, byte[] value, long timeoutSeconds) {
    Mutation m = new Mutation(TableLayout.META_ROW);
    m.put(TableLayout.META_FAMILY, JobRecord.tabletQualifier(prefix, job, tablet), new Value(value));
    BatchWriterConfig cfg = new BatchWriterConfig().setMaxMemory(1 << 16)
        .setTimeout(timeoutSeconds, TimeUnit.SECONDS);
    try (BatchWriter w = client.createBatchWriter(table, cfg)) {
      w.addMutation(m);
      return true;
    } catch (Exception e) {
      // e.g. the compaction thread interrupted (its tablet is being unloaded) while it waited
      RateLimitedLog.warn("cannot record " + prefix + " of job " + job + " for tablet " + tablet
          + ": " + e);
      return false;
    }
  }
}
