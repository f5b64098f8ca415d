package org.spgemm.pipeline;

import com.google.common.collect.Iterators;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.RowPackingIterator;

/**
 * B read by the tablet server itself: a nested batch scan of B's table with the server's
 * context (empty authorizations: labelled entries are not seen), on the scan executor {@code
 * hints} name, counting as remote the rows of tablets another server hosts. Rows travel packed
 * ({@link RowPackingIterator}) and are unpacked as they are read. Where B's tablets live is
 * looked up on the first read and kept for the source's life (one tablet's pass): Accumulo's
 * {@code locate} reads the metadata table on every call, two lookups per read before.
 */
public final class NestedScanBSource implements BSource {

  private final AccumuloClient client;
  private final String table;
  private final String bTable;
  private final Text family;
  private final int threads;
  private final Map<String,String> hints;
  private final boolean structureOnly;
  /** Where B's tablets and the batch's own tablet live, once located. */
  private volatile TabletHomes homes;

  /**
   * @param table the table the job runs on (where the batch's tablet is)
   * @param hints scan execution hints: the nested executor's from inside a scan, whose own scan
   *        thread must not wait for a scan queued behind it; none from a compaction thread
   */
  public NestedScanBSource(AccumuloClient client, String table, String bTable, String family,
      int threads, Map<String,String> hints) {
    this(client, table, bTable, family, threads, hints, false);
  }

  /**
   * As above; {@code structureOnly}: B's values are left out of what travels (each read as
   * empty), for a count of the product's structure.
   */
  public NestedScanBSource(AccumuloClient client, String table, String bTable, String family,
      int threads, Map<String,String> hints, boolean structureOnly) {
    this.client = client;
    this.table = table;
    this.bTable = bTable;
    this.family = new Text(family);
    this.threads = threads;
    this.hints = hints;
    this.structureOnly = structureOnly;
  }

  /**
   * Starts the scan, then locates B's tablets (on the first read) while it reads: the locations
   * only count what is remote, and looking them up takes a metadata scan of its own.
   */
  @Override
  public Read read(List<Range> ranges, byte[] homeRow) throws Exception {
    BatchScanner scanner = client.createBatchScanner(bTable, Authorizations.EMPTY, threads);
    try {
      scanner.setExecutionHints(hints);
      scanner.fetchColumnFamily(family);
      scanner.setRanges(ranges);
      scanner.addScanIterator(RowPackingIterator.setting(structureOnly));
      Iterator<Map.Entry<Key,Value>> entries = unpacked(scanner.iterator()); // asks the servers
      TabletHomes where = homes(homeRow);
      return Read.of(() -> entries, where::isRemote, scanner::close);
    } catch (RuntimeException e) {
      scanner.close();
      throw e;
    }
  }

  /**
   * The homes of all of B's tablets, located on the first read (every read of one source comes
   * from one tablet); a lookup that failed is tried again on the next read.
   */
  private TabletHomes homes(byte[] homeRow) {
    TabletHomes h = homes;
    if (h == null) {
      h = TabletHomes.locate(client, table, homeRow, bTable);
      if (h.located()) {
        homes = h;
      }
    }
    return h;
  }

  /** The entries of the packs {@code packs} returns ({@link RowPackingIterator}). */
  static Iterator<Map.Entry<Key,Value>> unpacked(Iterator<Map.Entry<Key,Value>> packs) {
    return Iterators.concat(Iterators.transform(packs,
        e -> RowPackingIterator.unpack(e.getKey(), e.getValue()).iterator()));
  }
}
