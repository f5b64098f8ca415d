package org.spgemm.partition.table;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.TableLayout;

/**
 * One sorted scan of a family of table M, handed on row by row: the metadata row
 * {@value TableLayout#META_ROW} is skipped, row keys are decoded as UTF-8 ({@link KeyText}), and a
 * failing scan becomes one exception naming the table and the family. Values are not read, and
 * the tablet servers send none ({@link SortedKeyIterator}).
 */
final class FamilyScan {

  /** Receives the rows of one family in Accumulo's order. */
  interface RowSink {
    /** A row begins; the previous one, if any, has ended. */
    void startRow(String key);

    /** One entry of the current row; the qualifier is valid only during the call. */
    void entry(ByteSequence qualifier);

    /** The current row has ended. */
    void endRow();
  }

  private static final byte[] META_ROW = TableLayout.META_ROW.getBytes(StandardCharsets.UTF_8);
  /** Entries per scan RPC. */
  private static final int BATCH_SIZE = 10_000;

  private final AccumuloClient client;
  private final String table;
  private final Authorizations auths;

  FamilyScan(AccumuloClient client, String table, Authorizations auths) {
    this.client = client;
    this.table = table;
    this.auths = auths;
  }

  /**
   * Scans {@code family}, naming it {@code matrix} ("A" or "B") in messages about its keys.
   *
   * @throws IllegalArgumentException if the table does not exist or a row key is not UTF-8
   * @throws TablePartitionException if the scan fails (e.g. no READ permission)
   */
  void scan(String family, String matrix, RowSink sink) {
    try (Scanner s = scanner(family)) {
      deliver(s, matrix, sink);
    } catch (RuntimeException e) {
      throw failure(e, family);
    }
  }

  private static void deliver(Iterable<Map.Entry<Key,Value>> entries, String matrix,
      RowSink sink) {
    byte[] prev = null;
    boolean skip = true;
    for (Map.Entry<Key,Value> e : entries) {
      Key k = e.getKey();
      ByteSequence row = k.getRowData();
      if (!KeyText.sameBytes(row, prev)) {
        if (!skip) {
          sink.endRow();
        }
        prev = row.toArray();
        skip = Arrays.equals(prev, META_ROW);
        if (!skip) {
          sink.startRow(KeyText.decode(row, matrix + " row key"));
        }
      }
      if (!skip) {
        sink.entry(k.getColumnQualifierData());
      }
    }
    if (!skip) {
      sink.endRow();
    }
  }

  private Scanner scanner(String family) {
    try {
      Scanner s = client.createScanner(table, auths);
      s.fetchColumnFamily(new Text(family));
      s.setBatchSize(BATCH_SIZE);
      // keys only: values, unread here, are most of the bytes at D4M's value sizes
      s.addScanIterator(new IteratorSetting(TableLayout.ITERATOR_PRIORITY,
          TableLayout.ITERATOR_NAME + "-keys", SortedKeyIterator.class));
      return s;
    } catch (TableNotFoundException e) {
      throw new IllegalArgumentException("table " + table + " does not exist", e);
    }
  }

  private RuntimeException failure(RuntimeException e, String family) {
    if (e instanceof IllegalArgumentException || e instanceof TablePartitionException) {
      return e;
    }
    return new TablePartitionException("cannot scan family " + family + " of table " + table
        + " (READ permission needed): " + e.getMessage(), e);
  }
}
