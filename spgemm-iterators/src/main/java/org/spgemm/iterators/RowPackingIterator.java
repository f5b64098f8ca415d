package org.spgemm.iterators;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * Sends consecutive rows' entries as one: the rows, qualifiers and values of consecutive entries
 * of one family are packed into one value, under the key of the last entry packed. A nested scan
 * of B then moves a few large entries instead of many small ones, each of which costs a key's
 * worth of RPC encoding and decoding on both ends (most of a nested scan's time on rows of a few
 * entries; one pack per row still left a key per 4 entries on R-MAT and hub inputs). Column
 * visibilities and timestamps are not carried: B is read with empty authorizations, so its
 * entries have none that matter.
 *
 * <p>With {@link #STRUCTURE_ONLY} the values are left out (each packed as empty): a count of the
 * product's structure needs only B's columns, and at 128-byte values they are most of B's bytes.
 *
 * <p>A pack takes no new row once it holds {@link #ROWS_PACK_BYTES}, and ends at {@link
 * #MAX_PACK_BYTES} even inside a row (a longer row goes on in the next). Since a pack's key is
 * its last entry's, a scan that resumes after it (a new RPC batch) starts with the next entry:
 * seeks pass through unchanged.
 *
 * <p>The format: {@link #MARK}, then entries one after another, each a row part (varint 0 for
 * the row of the entry before it, else the row's length + 1 and its bytes), the qualifier (varint
 * length, bytes) and the value (varint length, bytes). Servers of one cluster may run two
 * versions of this jar while it is replaced: {@link #unpack} still reads a pack of one row as
 * the version before wrote them (no mark: qualifiers and values only, the row the key's), and
 * that version reading a pack of this one fails on the mark, which it takes for a length of 2^31
 * - 1 bytes, instead of decoding entries that are not there.
 */
public final class RowPackingIterator implements SortedKeyValueIterator<Key,Value> {

  private static final byte[] NONE = new byte[0];

  /** Bytes a pack may hold before a row goes on in the next pack. */
  public static final int MAX_PACK_BYTES = 1 << 20;

  /** Bytes after which a pack takes no new row (a few per RPC batch of the scan). */
  public static final int ROWS_PACK_BYTES = 64 << 10;

  /** How a pack of rows begins: a varint of 2^31 - 1, a length no pack of one row starts with. */
  static final byte[] MARK = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};

  /** Option: "true" to pack the qualifiers only, every value empty. */
  public static final String STRUCTURE_ONLY = "structureOnly";

  private SortedKeyValueIterator<Key,Value> source;
  private boolean structureOnly;
  private final ByteArrayOutputStream pack = new ByteArrayOutputStream();
  private Key topKey;
  private Value topValue;

  /** The setting a nested scan adds, just above the table's own iterators. */
  public static IteratorSetting setting() {
    return setting(false);
  }

  /** As {@link #setting()}; {@code structureOnly}: every value packed empty. */
  public static IteratorSetting setting(boolean structureOnly) {
    IteratorSetting s = new IteratorSetting(TableLayout.ITERATOR_PRIORITY,
        TableLayout.ITERATOR_NAME + "-pack", RowPackingIterator.class);
    if (structureOnly) {
      s.addOption(STRUCTURE_ONLY, "true");
    }
    return s;
  }

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) {
    this.source = source;
    String only = options.getOrDefault(STRUCTURE_ONLY, "false");
    if (!only.equals("true") && !only.equals("false")) {
      throw new IllegalArgumentException("option " + STRUCTURE_ONLY + "=" + only
          + ": true or false");
    }
    this.structureOnly = only.equals("true");
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    source.seek(range, columnFamilies, inclusive);
    packNext();
  }

  @Override
  public void next() throws IOException {
    packNext();
  }

  private void packNext() throws IOException {
    topKey = null;
    topValue = null;
    if (!source.hasTop()) {
      return;
    }
    pack.reset();
    pack.write(MARK, 0, MARK.length);
    byte[] family = source.getTopKey().getColumnFamilyData().toArray();
    byte[] row = null;
    Key last = null;
    while (source.hasTop() && pack.size() < MAX_PACK_BYTES) {
      Key k = source.getTopKey();
      ByteSequence r = k.getRowData();
      boolean sameRow = row != null && Bytes.equal(r, row);
      if (last != null && (!Bytes.equal(k.getColumnFamilyData(), family)
          || !sameRow && pack.size() >= ROWS_PACK_BYTES)) {
        break;
      }
      if (sameRow) {
        pack.write(0);
      } else {
        row = r.toArray();
        writeLength(row.length + 1);
        pack.write(row, 0, row.length);
      }
      ByteSequence cq = k.getColumnQualifierData();
      byte[] v = structureOnly ? NONE : source.getTopValue().get();
      writeLength(cq.length());
      pack.write(cq.getBackingArray(), cq.offset(), cq.length());
      writeLength(v.length);
      pack.write(v, 0, v.length);
      last = new Key(k);
      source.next();
    }
    topKey = last;
    topValue = new Value(pack.toByteArray());
  }

  private void writeLength(int n) {
    while ((n & ~0x7F) != 0) {
      pack.write((n & 0x7F) | 0x80);
      n >>>= 7;
    }
    pack.write(n);
  }

  /**
   * The entries a pack holds, each keyed by its row, the pack's family and its qualifier (no
   * visibility, timestamp 0), in the order they were packed; entries of one row share its bytes.
   *
   * @throws IllegalArgumentException when {@code packed} is not a pack
   */
  public static List<Map.Entry<Key,Value>> unpack(Key key, Value packed) {
    byte[] b = packed.get();
    byte[] family = key.getColumnFamilyData().toArray();
    byte[] none = new byte[0];
    List<Map.Entry<Key,Value>> out = new ArrayList<>();
    boolean rows = Arrays.equals(b, 0, Math.min(b.length, MARK.length), MARK, 0, MARK.length);
    int[] at = {rows ? MARK.length : 0};
    byte[] row = rows ? null : key.getRowData().toArray(); // a pack of one row: the key's
    while (at[0] < b.length) {
      int rowPart = rows ? length(b, at) : 0;
      if (rowPart > 0) {
        row = take(b, at, rowPart - 1);
      } else if (row == null) {
        throw new IllegalArgumentException("not a pack: its first entry has no row");
      }
      byte[] cq = take(b, at, length(b, at));
      byte[] v = take(b, at, length(b, at));
      out.add(new AbstractMap.SimpleImmutableEntry<>(new Key(row, family, cq, none, 0, false,
          false), new Value(v, false)));
    }
    return out;
  }

  /** A varint length at {@code at}, moved past it. */
  private static int length(byte[] b, int[] at) {
    int n = 0;
    int shift = 0;
    while (true) {
      if (at[0] >= b.length || shift > 28) {
        throw new IllegalArgumentException("not a pack: bad length at byte " + at[0]);
      }
      int x = b[at[0]++];
      n |= (x & 0x7F) << shift;
      if ((x & 0x80) == 0) {
        return n;
      }
      shift += 7;
    }
  }

  /** The {@code n} bytes at {@code at}, moved past them. */
  private static byte[] take(byte[] b, int[] at, int n) {
    if (n < 0 || n > b.length - at[0]) {
      throw new IllegalArgumentException("not a pack: " + n + " bytes past its end");
    }
    byte[] out = Arrays.copyOfRange(b, at[0], at[0] + n);
    at[0] += n;
    return out;
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
    RowPackingIterator copy = new RowPackingIterator();
    copy.source = source.deepCopy(env);
    copy.structureOnly = structureOnly;
    return copy;
  }
}
