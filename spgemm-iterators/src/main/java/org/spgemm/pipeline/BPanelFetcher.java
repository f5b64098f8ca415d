package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.Bytes;
import org.spgemm.iterators.MultiplySpec;

/**
 * Builds B(Φ) as CSR (Algorithm 2, first step): rows found in the {@link BRowCache} are taken
 * from it, those another batch is fetching at the moment are awaited, the others read in one go
 * from the {@link BSource} (ranges merged), decoded, and cached, together with the rows a merged
 * range reads through.
 */
public final class BPanelFetcher {

  /** Thrown when B(Φ) passes the byte budget; the worker then splits the batch. */
  static final class PanelTooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PanelTooLargeException(long bytes) {
      super("B panel passed " + bytes + " bytes", null, false, false);
    }
  }

  private final BSource source;
  private final MultiplySpec opts;
  private final BValues values;
  private final boolean integer;
  private final long budget;
  private final BRowCache cache;

  /**
   * @param source where B's rows are read
   * @param budget bytes B(Φ) may hold
   * @param cache rows kept across batches, or null
   */
  public BPanelFetcher(BSource source, MultiplySpec opts, long budget, BRowCache cache) {
    this.source = source;
    this.opts = opts;
    this.values = new BValues(opts);
    this.integer = values.integer;
    this.budget = budget;
    this.cache = cache;
  }

  /**
   * @param home a row of the tablet this batch comes from: B entries in tablets hosted elsewhere
   *        than that tablet are counted as remote
   */
  BPanel fetch(List<byte[]> phi, byte[] home) throws Exception {
    if (cache != null) {
      cache.touch();
    }
    long[] counts = new long[6]; // entries fetched, remote, local; bytes fetched, remote, local
    if (opts.wholeB() && cache != null) {
      WholeB all = cache.whole(limit -> readWhole(home, limit, counts));
      if (all != null) {
        return fromWhole(phi, all, counts);
      }
    }
    BRow[] rows = new BRow[phi.size()];
    long bytes = 0;
    List<byte[]> missing = new ArrayList<>();
    for (int i = 0; i < rows.length; i++) {
      rows[i] = cache == null ? null : cache.get(new ArrayByteSequence(phi.get(i)));
      if (rows[i] == null) {
        missing.add(phi.get(i));
      } else {
        bytes += rows[i].bytes;
      }
    }
    if (!missing.isEmpty()) {
      Map<ArrayByteSequence,BRow> fetched = cache == null
          ? fetchRows(missing, home, bytes, counts) : fetchShared(missing, home, bytes, counts);
      for (int i = 0; i < rows.length; i++) {
        if (rows[i] == null) {
          rows[i] = fetched.getOrDefault(new ArrayByteSequence(phi.get(i)), BRow.EMPTY);
        }
      }
    }
    return withCounts(toCsr(rows), counts);
  }

  /**
   * The {@code missing} rows through the cache, each read once however many batches miss it at
   * the same moment: this batch reads and publishes the rows nobody has in flight (absent rows as
   * {@link BRow#EMPTY}, so that nobody scans for them again), then waits for the others' fetches;
   * a row whose fetch was given up (its panel too large, or its read failed) it reads itself, in
   * one more read. Rows received count toward the budget as rows read do, but not in {@code
   * counts}: they were read once, by the batch that fetched them.
   */
  private Map<ArrayByteSequence,BRow> fetchShared(List<byte[]> missing, byte[] home,
      long cachedBytes, long[] counts) throws Exception {
    List<ArrayByteSequence> keys = new ArrayList<>(missing.size());
    for (byte[] m : missing) {
      keys.add(new ArrayByteSequence(m));
    }
    long bytes = cachedBytes;
    try (BRowCache.Claim claim = cache.claim(keys)) {
      Map<ArrayByteSequence,BRow> out = new HashMap<>(claim.found());
      for (BRow r : out.values()) {
        bytes += r.bytes;
      }
      if (!claim.mine().isEmpty()) {
        Map<ArrayByteSequence,BRow> read = fetchRows(bytesOf(claim.mine()), home, bytes, counts);
        Map<ArrayByteSequence,BRow> mine = new HashMap<>(claim.mine().size() * 2);
        for (ArrayByteSequence k : claim.mine()) {
          BRow r = read.getOrDefault(k, BRow.EMPTY);
          mine.put(k, r);
          bytes += r.bytes;
        }
        claim.publish(mine);
        out.putAll(mine);
      }
      List<ArrayByteSequence> givenUp = new ArrayList<>();
      for (var theirs : claim.theirs().entrySet()) {
        Map<ArrayByteSequence,BRow> got = theirs.getKey().get();
        for (ArrayByteSequence k : theirs.getValue()) {
          BRow r = got.get(k);
          if (r == null) {
            givenUp.add(k);
            continue;
          }
          out.put(k, r);
          bytes += r.bytes;
          if (bytes > budget) {
            throw new PanelTooLargeException(bytes);
          }
        }
      }
      if (!givenUp.isEmpty()) {
        Map<ArrayByteSequence,BRow> read = fetchRows(bytesOf(givenUp), home, bytes, counts);
        for (ArrayByteSequence k : givenUp) {
          BRow r = read.getOrDefault(k, BRow.EMPTY);
          out.put(k, r);
          cache.put(k, r);
        }
      }
      return out;
    }
  }

  private static List<byte[]> bytesOf(List<ArrayByteSequence> keys) {
    List<byte[]> out = new ArrayList<>(keys.size());
    for (ArrayByteSequence k : keys) {
      out.add(k.toArray());
    }
    return out;
  }

  /**
   * The panel of Φ out of all of B's rows (rows B lacks are empty), in the column numbering of
   * all of B; its budget counts what it copies ({@link WholeB#panelBytes}).
   */
  private BPanel fromWhole(List<byte[]> phi, WholeB all, long[] counts) {
    int[] at = new int[phi.size()];
    int n = 0;
    for (int i = 0; i < at.length; i++) {
      at[i] = all.index(phi.get(i));
      n += at[i] < 0 ? 0 : all.length(at[i]);
    }
    long bytes = WholeB.panelBytes(at.length, n);
    if (bytes > budget) {
      throw new PanelTooLargeException(bytes);
    }
    all.takeReadCounts(counts);
    BPanel panel = new BPanel(integer);
    var b = panel.b;
    b.ensureRows(at.length);
    b.ensureEntries(n);
    int p = 0;
    b.rowPtr[0] = 0;
    for (int i = 0; i < at.length; i++) {
      if (at[i] >= 0) {
        int from = all.rowPtr[at[i]];
        int len = all.length(at[i]);
        System.arraycopy(all.colIdx, from, b.colIdx, p, len);
        if (integer) {
          System.arraycopy(all.ints, from, b.intVals, p, len);
        } else {
          System.arraycopy(all.fps, from, b.fpVals, p, len);
        }
        p += len;
      }
      b.rowPtr[i + 1] = p;
    }
    b.rows = at.length;
    b.nnz = n;
    panel.columnKeys = all.columnKeys;
    return withCounts(panel, counts);
  }

  /**
   * All rows of B's family in one read, or null (the read given up, what it read added to {@code
   * counts}) once they pass {@code limit} bytes. A read that ends keeps its counts for the first
   * panel made from it ({@link WholeB#takeReadCounts}).
   */
  private WholeB readWhole(byte[] home, long limit, long[] counts) throws Exception {
    long[] mine = new long[counts.length];
    WholeB.Builder all = new WholeB.Builder(integer);
    long bytes = 0;
    try (BSource.Read read = source.read(List.of(new Range()), home)) {
      byte[] row = null;
      boolean remote = false;
      boolean local = false;
      for (Map.Entry<Key,Value> e : read) {
        Key k = e.getKey();
        ByteSequence r = k.getRowData();
        if (row == null || !Bytes.equal(r, row)) {
          row = r.toArray();
          all.row(row);
          remote = read.isRemote(r);
          local = read.isLocal(r);
        }
        byte[] vb = e.getValue().get();
        long size = k.getSize() + vb.length;
        byte[] col = k.getColumnQualifierData().toArray();
        if (opts.takesColumn(col)) {
          all.add(col, integer ? values.asLong(r, col, vb) : 0,
              integer ? 0 : values.asDouble(r, col, vb));
        }
        count(mine, size, remote, local);
        bytes += size;
        if (bytes > limit) {
          add(counts, mine);
          return null;
        }
      }
    }
    return all.build(mine);
  }

  static BPanel withCounts(BPanel panel, long[] counts) {
    panel.entries = counts[0];
    panel.remoteEntries = counts[1];
    panel.localEntries = counts[2];
    panel.bytes = counts[3];
    panel.remoteBytes = counts[4];
    panel.localBytes = counts[5];
    return panel;
  }

  /** Adds the counts {@code more} (in {@link #count}'s order) to {@code counts}. */
  static void add(long[] counts, long[] more) {
    for (int i = 0; i < counts.length; i++) {
      counts[i] += more[i];
    }
  }

  /**
   * Counts one B entry of {@code size} bytes read: entries, remote and local ones, then their
   * bytes (the order {@link #withCounts} reads).
   */
  static void count(long[] counts, long size, boolean remote, boolean local) {
    counts[0]++;
    counts[1] += remote ? 1 : 0;
    counts[2] += local ? 1 : 0;
    counts[3] += size;
    counts[4] += remote ? size : 0;
    counts[5] += local ? size : 0;
  }

  /**
   * One read of the missing rows; every whole row it returns is decoded. Rows outside Φ that a
   * merged range reads through go to the cache (the batches after this one are likely to need
   * them), up to a quarter of its capacity per read; without a cache they are dropped.
   */
  private Map<ArrayByteSequence,BRow> fetchRows(List<byte[]> missing, byte[] home,
      long cachedBytes, long[] counts) throws Exception {
    Set<ArrayByteSequence> wanted = new HashSet<>(missing.size() * 2);
    for (byte[] m : missing) {
      wanted.add(new ArrayByteSequence(m));
    }
    return read(BRanges.of(missing, new Text(opts.bFamily())), wanted, home, cachedBytes, budget,
        counts);
  }

  /**
   * The rows {@code ranges} hold, decoded; those outside {@code wanted} go to the cache instead,
   * within a quarter of its capacity. Throws {@link PanelTooLargeException} once the wanted rows,
   * after {@code startBytes}, pass {@code limit} bytes.
   */
  private Map<ArrayByteSequence,BRow> read(List<Range> ranges, Set<ArrayByteSequence> wanted,
      byte[] home, long startBytes, long limit, long[] counts) throws Exception {
    // a batch scanner may return one row in several runs (a tablet's results come in RPC
    // batches, interleaved with other tablets'): each row's runs are appended to its builder
    Map<ArrayByteSequence,RowBuilder> rows = new HashMap<>();
    Map<ArrayByteSequence,RowBuilder> through = new HashMap<>();
    long throughBudget = cache == null ? 0 : cache.capacity() / 4;
    long throughBytes = 0;
    long bytes = startBytes;
    try (BSource.Read read = source.read(ranges, home)) {
      RowBuilder row = null;
      boolean keep = false;
      boolean inPhi = false;
      boolean remote = false;
      boolean local = false;
      for (Map.Entry<Key,Value> e : read) {
        Key k = e.getKey();
        ByteSequence r = k.getRowData();
        if (row == null || !row.key.equals(r)) {
          ArrayByteSequence key = new ArrayByteSequence(r.toArray());
          inPhi = wanted.contains(key);
          keep = inPhi || throughBytes <= throughBudget;
          row = (inPhi ? rows : through).computeIfAbsent(key, RowBuilder::new);
          remote = read.isRemote(r);
          local = read.isLocal(r);
        }
        byte[] vb = e.getValue().get();
        long size = k.getSize() + vb.length;
        if (keep) {
          byte[] col = k.getColumnQualifierData().toArray();
          if (opts.takesColumn(col)) {
            row.add(col, vb, size);
          }
        }
        count(counts, size, remote, local);
        if (inPhi) {
          bytes += size;
          if (bytes > limit) {
            throw new PanelTooLargeException(bytes);
          }
        } else {
          throughBytes += size;
        }
      }
    }
    if (cache != null && throughBytes <= throughBudget) {
      through.forEach((k, b) -> cache.put(k, b.build()));
    }
    Map<ArrayByteSequence,BRow> out = new HashMap<>(rows.size() * 2);
    rows.forEach((k, b) -> out.put(k, b.build()));
    return out;
  }

  /** Collects one row's entries in arrival order (a batch scan returns each row's run sorted). */
  private final class RowBuilder {
    final ArrayByteSequence key;
    private byte[][] cols = new byte[4][];
    private long[] ints = integer ? new long[4] : null;
    private double[] fps = integer ? null : new double[4];
    private int n;
    private long bytes;

    RowBuilder(ArrayByteSequence key) {
      this.key = key;
    }

    void add(byte[] col, byte[] value, long size) {
      if (n == cols.length) {
        cols = Arrays.copyOf(cols, n * 2);
        if (integer) {
          ints = Arrays.copyOf(ints, n * 2);
        } else {
          fps = Arrays.copyOf(fps, n * 2);
        }
      }
      if (integer) {
        ints[n] = values.asLong(key, col, value);
      } else {
        fps[n] = values.asDouble(key, col, value);
      }
      cols[n++] = col;
      bytes += size;
    }

    BRow build() {
      return new BRow(Arrays.copyOf(cols, n), integer ? Arrays.copyOf(ints, n) : null,
          integer ? null : Arrays.copyOf(fps, n), n, bytes);
    }
  }

  /**
   * Lays the rows out as CSR, the panel's column keys numbered and renumbered so that ascending
   * ids are key order.
   */
  private BPanel toCsr(BRow[] rows) {
    int n = 0;
    for (BRow r : rows) {
      n += r.n;
    }
    BPanel panel = new BPanel(integer);
    var b = panel.b;
    b.ensureRows(rows.length);
    b.ensureEntries(n);
    List<byte[]> colKeys = new ArrayList<>();
    Interning colIds = new Interning(colKeys);
    int p = 0;
    b.rowPtr[0] = 0;
    for (int i = 0; i < rows.length; i++) {
      BRow r = rows[i];
      for (int q = 0; q < r.n; q++) {
        b.colIdx[p] = colIds.id(r.cols[q]);
        if (integer) {
          b.intVals[p] = r.ints[q];
        } else {
          b.fpVals[p] = r.fps[q];
        }
        p++;
      }
      b.rowPtr[i + 1] = p;
    }
    b.rows = rows.length;
    b.nnz = n;
    int[] rank = new int[colKeys.size()];
    panel.columnKeys = Interning.sorted(colKeys, rank);
    for (int q = 0; q < n; q++) {
      b.colIdx[q] = rank[b.colIdx[q]];
    }
    return panel;
  }
}
