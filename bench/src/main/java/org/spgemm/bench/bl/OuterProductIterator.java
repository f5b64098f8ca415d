package org.spgemm.bench.bl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.iterators.TableLayout;

/**
 * BL, the outer-product TableMult of Graphulo as its paper describes it. Consumes rows of B
 * (row k, qualifier j); for each row k reads row k of AT (row k, qualifier i) through one nested
 * scan per seek range, merge-joined on k; writes every partial product (i, j, a_ki*b_kj) to
 * table C as a side effect (C sums them lazily with {@link DecimalSummingCombiner}); and emits
 * one count entry per batch, so the client never receives the products.
 *
 * <p>The count entry's key is the last B key of the batch (inside the seek range and the fetched
 * families), and is emitted only after the batch's writes are flushed: a re-seek after it
 * resumes with the next B row and never writes a product twice.
 *
 * <p>Benchmark only: it writes with the tablet server's rights for whoever attaches it, with no
 * job record check, so its jar must never be on a shared cluster's classpath (the deployable
 * jar is spgemm-iterators).
 */
public final class OuterProductIterator implements SortedKeyValueIterator<Key,Value> {

  private static final ValueCodec DECIMAL = ValueCodecs.DECIMAL;
  // Nested AT scans run on the "nested" scan executor, so they cannot starve behind outer scans.

  private SortedKeyValueIterator<Key,Value> source;
  private IteratorEnvironment env;
  private BlOptions opts;
  private Range range;

  private Scanner atScanner;
  private Iterator<Map.Entry<Key,Value>> atEntries;
  private Map.Entry<Key,Value> atNext; // first AT entry not yet joined

  private Key topKey;
  private Value topValue;

  // B(k,:) of the current row, reused across rows
  private final List<byte[]> bCols = new ArrayList<>();
  private double[] bVals = new double[64];
  private Key lastBKey;

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) {
    this.source = source;
    this.env = env;
    this.opts = BlOptions.parse(options);
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    this.range = range;
    closeAt();
    source.seek(range, columnFamilies, inclusive);
    advance();
  }

  @Override
  public void next() throws IOException {
    advance();
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key,Value> deepCopy(IteratorEnvironment env) {
    OuterProductIterator copy = new OuterProductIterator();
    copy.source = source.deepCopy(env);
    copy.env = env;
    copy.opts = opts;
    return copy;
  }

  /** Multiplies the next batch of B rows, flushes C, and makes its count entry the top. */
  private void advance() throws IOException {
    topKey = null;
    topValue = null;
    if (!source.hasTop()) {
      closeAt();
      return;
    }
    BlCounts counts = new BlCounts();
    Key last = null;
    AccumuloClient client = TabletServerBridge.serverClient(env);
    try (BatchWriter w = client.createBatchWriter(opts.cTable(),
        new BatchWriterConfig().setMaxMemory(16L << 20).setMaxWriteThreads(2))) {
      byte[] cFam = opts.cFamily().getBytes(StandardCharsets.UTF_8);
      while (source.hasTop() && counts.products < opts.batchProducts()) {
        // copied: the source may reuse its key objects after next()
        ByteSequence row = new ArrayByteSequence(source.getTopKey().getRowData().toArray());
        int nb = readBRow(row);
        last = lastBKey;
        counts.rows++;
        for (Map.Entry<Key,Value> at = atRow(row); at != null; at = atRow(row)) {
          byte[] v = at.getValue().get();
          double a = DECIMAL.decodeDouble(v, 0, v.length);
          Mutation m = new Mutation(at.getKey().getColumnQualifierData().toArray());
          for (int p = 0; p < nb; p++) {
            m.put(cFam, bCols.get(p), DECIMAL.encodeDouble(a * bVals[p]));
          }
          w.addMutation(m);
          counts.products += nb;
        }
      }
    } catch (TableNotFoundException e) {
      throw new IOException("BL: table " + opts.cTable() + " does not exist", e);
    } catch (MutationsRejectedException e) {
      throw new IOException("BL: writing partial products to " + opts.cTable() + " failed", e);
    }
    topKey = last;
    topValue = new Value(counts.encode());
  }

  /**
   * Reads B(k,:) of the source's current row into bCols/bVals and its last key into lastBKey;
   * leaves the source past the row.
   */
  private int readBRow(ByteSequence row) throws IOException {
    bCols.clear();
    int n = 0;
    while (source.hasTop() && source.getTopKey().getRowData().compareTo(row) == 0) {
      Key k = source.getTopKey();
      if (n == bVals.length) {
        bVals = Arrays.copyOf(bVals, 2 * n);
      }
      byte[] v = source.getTopValue().get();
      bVals[n++] = DECIMAL.decodeDouble(v, 0, v.length);
      bCols.add(k.getColumnQualifierData().toArray());
      lastBKey = new Key(k);
      source.next();
    }
    return n;
  }

  /** The next AT entry of row k, or null once AT has passed row k (merge join on k). */
  private Map.Entry<Key,Value> atRow(ByteSequence row) {
    if (atEntries == null) {
      openAt();
    }
    while (true) {
      if (atNext == null) {
        if (!atEntries.hasNext()) {
          return null;
        }
        atNext = atEntries.next();
      }
      int cmp = atNext.getKey().getRowData().compareTo(row);
      if (cmp < 0) {
        atNext = null; // AT row without a B row: contributes nothing
      } else if (cmp == 0) {
        Map.Entry<Key,Value> e = atNext;
        atNext = null;
        return e;
      } else {
        return null;
      }
    }
  }

  /** One nested scan of AT over the rows of the seek range. */
  private void openAt() {
    Text start = range.getStartKey() == null ? null : range.getStartKey().getRow();
    Text end = range.getEndKey() == null ? null : range.getEndKey().getRow();
    try {
      atScanner = TabletServerBridge.serverClient(env).createScanner(opts.atTable(),
          Authorizations.EMPTY);
    } catch (TableNotFoundException e) {
      throw new IllegalStateException("BL: table " + opts.atTable() + " does not exist", e);
    }
    atScanner.setRange(new Range(start, true, end, true));
    atScanner.fetchColumnFamily(new Text(opts.atFamily()));
    atScanner.setExecutionHints(TableLayout.NESTED_HINT);
    atScanner.setBatchSize(4000);
    atEntries = atScanner.iterator();
    atNext = null;
  }

  private void closeAt() {
    if (atScanner != null) {
      atScanner.close();
    }
    atScanner = null;
    atEntries = null;
    atNext = null;
  }
}
