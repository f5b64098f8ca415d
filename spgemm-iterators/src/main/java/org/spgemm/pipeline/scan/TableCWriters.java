package org.spgemm.pipeline.scan;

import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.job.JobAuthorization;
import org.spgemm.pipeline.CWriters;

/**
 * The scan engine's C: BatchWriters on C's table (the job's own, or one that consents), while
 * the job record in the job's table says RUNNING.
 */
public final class TableCWriters implements CWriters {

  private final AccumuloClient client;
  private final String table;
  private final String cTable;
  private final MultiplySpec opts;
  private final long bufferBytes;

  /** @param table the table the job runs on; C goes to {@code opts.cTable()} or there */
  public TableCWriters(AccumuloClient client, String table, MultiplySpec opts, long bufferBytes) {
    this.client = client;
    this.table = table;
    this.cTable = opts.cTableFor(table);
    this.opts = opts;
    this.bufferBytes = bufferBytes;
  }

  @Override
  public boolean jobRunning() {
    return JobAuthorization.stillRunning(client, table, opts.job());
  }

  @Override
  public Writer open() throws Exception {
    return new CRowWriter(client, cTable, opts, bufferBytes);
  }
}
