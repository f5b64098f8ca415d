package org.spgemm.iterators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.spgemm.codec.ValueCodec;

/**
 * Reads whole A rows from the iterator's source into batches, closing a batch when it refers to
 * {@code batchBRows} distinct B rows, holds {@code maxBatchRows} rows or passes the byte budget
 * (Algorithm 1 of Demirci and Aykanat). Runs on the scan thread only: the source is not
 * thread-safe.
 */
final class ARowReader {

  private final SortedKeyValueIterator<Key,Value> source;
  private final MultiplyIteratorOptions.Parsed opts;
  private final ValueCodec codec;
  private final boolean integer;
  private final long budget;
  private final BRowCache cache;
  private final Labels labels;

  /**
   * @param budget bytes of A one batch may hold
   * @param labels where A entries' visibilities are interned
   * @param cache when given, B rows it holds do not count toward {@code batchBRows}, so batches
   *        grow while their B rows are already at hand (up to four times {@code batchBRows} rows)
   */
  ARowReader(SortedKeyValueIterator<Key,Value> source, MultiplyIteratorOptions.Parsed opts,
      long budget, BRowCache cache, Labels labels) {
    this.labels = labels;
    this.source = source;
    this.opts = opts;
    this.codec = opts.codecA();
    this.integer = opts.domain() == org.spgemm.codec.Domain.INT64;
    this.budget = budget;
    this.cache = cache;
  }

  boolean hasMore() {
    return source.hasTop();
  }

  /** The key the source is at; a safe place for an error entry. */
  Key position() {
    return source.hasTop() ? new Key(source.getTopKey()) : null;
  }

  ABatch readBatch() throws IOException {
    ABatch batch = new ABatch(integer);
    while (source.hasTop()) {
      readRow(batch);
      int toFetch = cache == null ? batch.phi.size() : batch.phiUncached;
      if (toFetch >= opts.batchBRows() || batch.phi.size() >= 4L * opts.batchBRows()
          || batch.rows() >= opts.maxBatchRows() || batch.bytes >= budget) {
        break;
      }
    }
    return batch;
  }

  private void readRow(ABatch batch) throws IOException {
    ByteSequence row = source.getTopKey().getRowData();
    byte[] rowKey = row.toArray();
    long rowBytes = 0;
    Key last = null;
    while (source.hasTop() && source.getTopKey().getRowData().equals(row)) {
      Key k = source.getTopKey();
      Value v = source.getTopValue();
      byte[] bRow = k.getColumnQualifierData().toArray();
      int before = batch.phi.size();
      int id = batch.phiId(bRow);
      if (cache != null && batch.phi.size() > before
          && !cache.contains(new ArrayByteSequence(bRow))) {
        batch.phiUncached++;
      }
      byte[] vb = v.get();
      try {
        if (integer) {
          batch.a.add(id, codec.decodeLong(vb, 0, vb.length));
        } else {
          batch.a.add(id, codec.decodeDouble(vb, 0, vb.length));
        }
      } catch (IllegalArgumentException e) {
        throw new BadInputException("bad value of A(" + text(rowKey) + ", " + text(bRow)
            + ") in family " + opts.aFamily() + ": " + e.getMessage() + " (codec "
            + codec.name() + ")", new Key(k));
      }
      ByteSequence vis = k.getColumnVisibilityData();
      batch.visibility(vis.length() == 0 ? 0 : labels.id(vis.toArray()));
      rowBytes += k.getSize() + vb.length;
      last = new Key(k);
      source.next();
    }
    if (rowBytes > budget) {
      throw new BadInputException("A row " + text(rowKey) + " alone holds " + rowBytes
          + " bytes, over the batch budget of " + budget + " bytes ("
          + MultiplyIteratorOptions.MAX_BATCH_BYTES + ", derived from the tablet server's heap"
          + " unless set)", last);
    }
    batch.bytes += rowBytes;
    batch.a.endRow();
    batch.rowKeys.add(rowKey);
    batch.rowLastKeys.add(last);
  }

  static String text(byte[] b) {
    String s = new String(b, StandardCharsets.UTF_8);
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
