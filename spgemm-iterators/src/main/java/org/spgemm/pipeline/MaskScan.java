package org.spgemm.pipeline;

import java.util.Iterator;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.Bytes;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.kernel.SideRow;

/**
 * A mask kept in another table, read in step with the tablet's rows: one scan over the tablet's
 * row range, advanced row by row as the A rows come (both ascend), so each mask row is read once.
 */
public final class MaskScan {

  private final MultiplySpec opts;
  private final Scanner scanner;
  private final Iterator<Map.Entry<Key,Value>> it;
  private Map.Entry<Key,Value> head;

  public MaskScan(AccumuloClient client, MultiplySpec opts, Range tabletRange)
      throws TableNotFoundException {
    this.opts = opts;
    this.scanner = client.createScanner(opts.maskTable(), Authorizations.EMPTY);
    scanner.setRange(tabletRange);
    scanner.fetchColumnFamily(new Text(opts.maskFamily()));
    this.it = scanner.iterator();
    this.head = it.hasNext() ? it.next() : null;
  }

  /** The mask row {@code row} (null when it has no entry); rows must be asked in ascending order. */
  SideRow row(byte[] row) {
    while (head != null && compare(head.getKey(), row) < 0) {
      head = it.hasNext() ? it.next() : null;
    }
    SideRow m = null;
    while (head != null && compare(head.getKey(), row) == 0) {
      m = m == null ? new SideRow() : m;
      ARowReader.addMaskEntry(opts, m, head.getKey(), head.getValue().get(), null);
      head = it.hasNext() ? it.next() : null;
    }
    return m;
  }

  private static int compare(Key k, byte[] row) {
    return Bytes.compare(k.getRowData(), row);
  }

  public void close() {
    scanner.close();
  }
}
