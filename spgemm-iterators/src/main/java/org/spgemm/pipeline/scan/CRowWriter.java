package org.spgemm.pipeline.scan;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.kernel.CValues;
import org.spgemm.kernel.RowWorkspace;
import org.spgemm.pipeline.CWriters;

/**
 * Writes finished C rows, each whole and once, to the C family of the A rows' own table (so the
 * writes stay on the local tablet). One writer per batch: closing it is the batch's flush.
 */
public final class CRowWriter implements CWriters.Writer {

  private final BatchWriter writer;
  private final byte[] family;
  private final ValueCodec codec;
  private final boolean integer;
  private long bytes;

  CRowWriter(AccumuloClient client, String table, MultiplySpec opts, long bufferBytes)
      throws TableNotFoundException {
    // Few large sends: every send is an RPC and a write-ahead-log sync on the tablet server.
    BatchWriterConfig cfg = new BatchWriterConfig().setMaxMemory(bufferBytes)
        .setMaxWriteThreads(2).setMaxLatency(60, TimeUnit.SECONDS);
    this.writer = client.createBatchWriter(table, cfg);
    this.family = opts.cFamily().getBytes(StandardCharsets.UTF_8);
    this.codec = opts.codecC();
    this.integer = opts.domain() == org.spgemm.codec.Domain.INT64;
  }

  @Override
  public int write(byte[] row, RowWorkspace w, byte[][] columnKeys, byte[][] visibilities)
      throws MutationsRejectedException {
    int n = w.rowNnz();
    if (n == 0) {
      return 0;
    }
    Mutation m = new Mutation(row);
    for (int k = 0; k < n; k++) {
      byte[] col = columnKeys[w.column(k)];
      byte[] value = CValues.encode(codec, integer, w, k, row, col);
      if (visibilities == null) {
        m.put(family, col, value);
      } else {
        m.put(family, col, new ColumnVisibility(visibilities[k]), value);
      }
      count(row, col, visibilities == null ? null : visibilities[k], value);
    }
    writer.addMutation(m);
    return n;
  }

  @Override
  public int writeRow(byte[] row, byte[][] quals, byte[][] values, byte[][] visibilities,
      long bytes) throws MutationsRejectedException {
    Mutation m = new Mutation(row);
    for (int k = 0; k < quals.length; k++) {
      if (visibilities == null || visibilities[k].length == 0) {
        m.put(family, quals[k], values[k]);
      } else {
        m.put(family, quals[k], new ColumnVisibility(visibilities[k]), values[k]);
      }
      count(row, quals[k], visibilities == null ? null : visibilities[k], values[k]);
    }
    writer.addMutation(m);
    return quals.length;
  }

  @Override
  public void put(byte[] row, byte[] qual, byte[] visibility, long iv, double fv)
      throws MutationsRejectedException {
    Mutation m = new Mutation(row);
    byte[] value = CValues.encode(codec, integer, iv, fv, row, qual);
    if (visibility == null || visibility.length == 0) {
      m.put(family, qual, value);
    } else {
      m.put(family, qual, new ColumnVisibility(visibility), value);
    }
    count(row, qual, visibility, value);
    writer.addMutation(m);
  }

  /** Adds one entry's key and value bytes, as {@code Key.getSize()} plus the value counts them. */
  private void count(byte[] row, byte[] qual, byte[] visibility, byte[] value) {
    bytes += row.length + family.length + qual.length
        + (visibility == null ? 0 : visibility.length) + value.length;
  }

  @Override
  public long bytesWritten() {
    return bytes;
  }

  @Override
  public void close() throws MutationsRejectedException {
    writer.close();
  }
}
