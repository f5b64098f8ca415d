package org.spgemm.iterators;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.ArrayList;
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
 * Sends a row's entries as one: the qualifiers and values of consecutive entries of one row and
 * family are packed into one value, under the key of the last entry packed. A nested scan of B
 * then moves a few large entries instead of many small ones, each of which costs a key's worth
 * of RPC encoding and decoding on both ends (most of a nested scan's time on rows of a few
 * entries). Column visibilities and timestamps are not carried: B is read with empty
 * authorizations, so its entries have none that matter.
 *
 * <p>With {@link #STRUCTURE_ONLY} the values are left out (each packed as empty): a count of the
 * product's structure needs only B's columns, and at 128-byte values they are most of B's bytes.
 *
 * <p>A pack holds at most {@link #MAX_PACK_BYTES}; a longer row goes in several. Since a pack's
 * key is its last entry's, a scan that resumes after it (a new RPC batch) starts with the next
 * entry: seeks pass through unchanged.
 */
public final class RowPackingIterator implements SortedKeyValueIterator<Key,Value> {

  private static final byte[] NONE = new byte[0];

  /** Bytes of qualifiers and values one pack may hold before the row goes on in another. */
  public static final int MAX_PACK_BYTES = 1 << 20;

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
    Key first = new Key(source.getTopKey());
    Key last = null;
    while (source.hasTop() && pack.size() < MAX_PACK_BYTES) {
      Key k = source.getTopKey();
      if (last != null && (!k.getRowData().equals(first.getRowData())
          || !k.getColumnFamilyData().equals(first.getColumnFamilyData()))) {
        break;
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
   * The entries a pack holds, each keyed by its row, family and qualifier (no visibility,
   * timestamp 0), in the order they were packed.
   *
   * @throws IllegalArgumentException when {@code packed} is not a pack
   */
  public static List<Map.Entry<Key,Value>> unpack(Key key, Value packed) {
    byte[] b = packed.get();
    byte[] row = key.getRowData().toArray();
    byte[] family = key.getColumnFamilyData().toArray();
    byte[] none = new byte[0];
    List<Map.Entry<Key,Value>> out = new ArrayList<>();
    int[] at = {0};
    while (at[0] < b.length) {
      byte[] cq = take(b, at);
      byte[] v = take(b, at);
      out.add(new AbstractMap.SimpleImmutableEntry<>(new Key(row, family, cq, none, 0, false,
          false), new Value(v, false)));
    }
    return out;
  }

  private static byte[] take(byte[] b, int[] at) {
    int n = 0;
    int shift = 0;
    while (true) {
      if (at[0] >= b.length || shift > 28) {
        throw new IllegalArgumentException("not a packed row: bad length at byte " + at[0]);
      }
      int x = b[at[0]++];
      n |= (x & 0x7F) << shift;
      if ((x & 0x80) == 0) {
        break;
      }
      shift += 7;
    }
    if (n < 0 || n > b.length - at[0]) {
      throw new IllegalArgumentException("not a packed row: " + n + " bytes past its end");
    }
    byte[] out = java.util.Arrays.copyOfRange(b, at[0], at[0] + n);
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
