package org.spgemm.iterators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
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
 * Consumes every entry of the scanned range and emits one entry, at the last key it read,
 * whose value digests each column family seen: how many entries, an order-free 64-bit sum of
 * their hashes (row, family, qualifier, visibility, timestamp and value), and how many carry a
 * label, and the sum over rows of the squared number of its entries in the row (so that a
 * multiply can estimate its partial products: about nnz(A) x that sum of B / nnz(B) when A's
 * column counts follow B's row lengths, as in A·A), and how many entries have a qualifier that is
 * a row of the scanned range (of the tablet, in a batch scan: an A entry whose B row lives in
 * its own tablet, when A and B share the table). Two digests of a family differ when any entry
 * was written, rewritten or deleted in between; a multiply takes one before and one after it
 * computes, so a C computed from inputs that changed underneath is never reported complete. A
 * scan resumed after the emitted key digests the rest; digests add up.
 *
 * <p>With {@link #SAMPLE} set, a seek stops after that many entries and marks its digest as a
 * sample ({@link #sampled}): what a multiply needs to estimate locality and to know which tablets
 * hold A, when the inputs' files summarize the rest ({@link InputDigestSummarizer}).
 */
public class InputDigestIterator implements SortedKeyValueIterator<Key,Value> {

  /**
   * The digest of one family: entries, sum of entry hashes, labelled entries, the sum over rows
   * of the squared row length, and the entries whose qualifier is a row of their own range.
   */
  public record Digest(long entries, long hashSum, long labelled, long rowSquares,
      long localQualifiers) {
    public Digest plus(Digest o) {
      return new Digest(entries + o.entries, hashSum + o.hashSum, labelled + o.labelled,
          rowSquares + o.rowSquares, localQualifiers + o.localQualifiers);
    }
  }

  /** Option: the most entries a seek digests before it stops (a sample); unset, all of them. */
  public static final String SAMPLE = "sample";
  /** What starts an emitted value whose seek stopped at {@link #SAMPLE} entries. */
  private static final byte SAMPLED_MARK = '~';

  private SortedKeyValueIterator<Key,Value> source;
  private long sample = Long.MAX_VALUE;
  private Key topKey;
  private Value topValue;

  public static IteratorSetting setting() {
    return new IteratorSetting(TableLayout.ITERATOR_PRIORITY, TableLayout.ITERATOR_NAME
        + "-digest", InputDigestIterator.class);
  }

  /** The setting of a digest that stops after {@code entries} entries of each seek. */
  public static IteratorSetting sampleSetting(long entries) {
    IteratorSetting s = setting();
    s.addOption(SAMPLE, Long.toString(entries));
    return s;
  }

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) {
    this.source = source;
    String n = options.get(SAMPLE);
    if (n != null) {
      try {
        sample = Long.parseLong(n.strip());
      } catch (NumberFormatException e) {
        sample = -1;
      }
      if (sample < 1) {
        throw new IllegalArgumentException("option " + SAMPLE + " of " + getClass().getSimpleName()
            + " must be a positive number of entries, not '" + n + "'");
      }
    }
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    source.seek(range, columnFamilies, inclusive);
    RowBounds bounds = new RowBounds(range);
    List<Sums> sums = new ArrayList<>(2);
    Sums s = null; // the sums of the previous entry's family
    Key last = null;
    long runLength = 0; // entries of the previous entry's row and family so far
    long seen = 0;
    while (source.hasTop() && seen++ < sample) {
      Key k = source.getTopKey();
      ByteSequence f = k.getColumnFamilyData();
      boolean sameFamily = s != null && Bytes.equal(f, s.family);
      // a row's entries of one family are contiguous: a new row or family ends the run
      if (!sameFamily || !Bytes.equal(k.getRowData(), last.getRowData())) {
        if (s != null) {
          s.sums[3] += runLength * runLength;
        }
        runLength = 0;
        if (!sameFamily) {
          s = Sums.find(sums, f); // families alternate row by row: a few, found by their bytes
        }
      }
      runLength++;
      long[] t = s.sums;
      t[0]++;
      t[1] += hash(k, source.getTopValue().get());
      t[2] += k.getColumnVisibilityData().length() > 0 ? 1 : 0;
      t[4] += bounds.holds(k.getColumnQualifierData()) ? 1 : 0;
      last = new Key(k); // kept past next() (the copy shares the source key's arrays)
      source.next();
    }
    if (s != null) {
      s.sums[3] += runLength * runLength;
    }
    topKey = last;
    byte[] digest = encode(sums);
    if (last != null && source.hasTop()) {
      byte[] marked = new byte[digest.length + 1];
      marked[0] = SAMPLED_MARK;
      System.arraycopy(digest, 0, marked, 1, digest.length);
      digest = marked;
    }
    topValue = last == null ? null : new Value(digest);
  }

  /** Whether the digest {@code v} carries stopped at the sample's size (entries were left). */
  public static boolean sampled(Value v) {
    return v.getSize() > 0 && v.get()[0] == SAMPLED_MARK;
  }

  /** One family's sums, in the order {@link #encode} writes them. */
  private static final class Sums {
    final byte[] family;
    final long[] sums = new long[5];

    private Sums(byte[] family) {
      this.family = family;
    }

    /** The sums of family {@code f} in {@code all}, added when it has none yet. */
    static Sums find(List<Sums> all, ByteSequence f) {
      for (Sums s : all) {
        if (Bytes.equal(f, s.family)) {
          return s;
        }
      }
      Sums s = new Sums(f.toArray());
      all.add(s);
      return s;
    }
  }

  /** True if {@code row} is a row of {@code range}. */
  static boolean inRange(Range range, ByteSequence row) {
    Key k = new Key(row.toArray());
    return !range.beforeStartKey(k) && !range.afterEndKey(k);
  }

  /**
   * {@link #inRange} for many rows against one range: a row before the range's first row or after
   * its last is decided by comparing bytes; only a row equal to one of them builds the key that
   * {@link #inRange} tests.
   */
  static final class RowBounds {
    private final Range range;
    private final byte[] startRow;
    private final byte[] endRow;

    RowBounds(Range range) {
      this.range = range;
      this.startRow = range.isInfiniteStartKey() ? null : range.getStartKey().getRowData().toArray();
      this.endRow = range.isInfiniteStopKey() ? null : range.getEndKey().getRowData().toArray();
    }

    boolean holds(ByteSequence row) {
      int toStart = startRow == null ? 1 : Bytes.compare(row, startRow);
      int toEnd = endRow == null ? -1 : Bytes.compare(row, endRow);
      if (toStart < 0 || toEnd > 0) {
        return false; // a key of a row before the start key's row is before it; so for the end
      }
      return toStart > 0 && toEnd < 0 || inRange(range, row);
    }
  }

  static long hash(Key k, byte[] value) {
    long h = 0xcbf29ce484222325L;
    h = fnv(h, k.getRowData());
    h = fnv(h, k.getColumnFamilyData());
    h = fnv(h, k.getColumnQualifierData());
    h = fnv(h, k.getColumnVisibilityData());
    h = (h ^ k.getTimestamp()) * 0x100000001b3L;
    for (byte b : value) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    // finalizer of MurmurHash3, so that sums of similar entries do not cancel out
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    return h ^ (h >>> 33);
  }

  private static long fnv(long h, ByteSequence b) {
    if (b.isBackedByArray()) {
      byte[] a = b.getBackingArray();
      for (int i = b.offset(), end = b.offset() + b.length(); i < end; i++) {
        h = (h ^ (a[i] & 0xff)) * 0x100000001b3L;
      }
      return (h ^ 0xff) * 0x100000001b3L;
    }
    for (int i = 0; i < b.length(); i++) {
      h = (h ^ (b.byteAt(i) & 0xff)) * 0x100000001b3L;
    }
    return (h ^ 0xff) * 0x100000001b3L; // a separator, so ("ab","c") differs from ("a","bc")
  }

  private static byte[] encode(List<Sums> sums) {
    StringBuilder sb = new StringBuilder();
    for (Sums f : sums) {
      long[] s = f.sums;
      sb.append(sb.length() == 0 ? "" : ";").append(HexFormat.of().formatHex(f.family))
          .append(':').append(s[0]).append(':').append(s[1]).append(':').append(s[2]).append(':')
          .append(s[3]).append(':').append(s[4]);
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The digests one emitted entry carries, by family name, added into {@code into}. */
  public static void decodeInto(Value v, Map<String,Digest> into) {
    int from = sampled(v) ? 1 : 0;
    String s = new String(v.get(), from, v.getSize() - from, StandardCharsets.UTF_8);
    if (s.isEmpty()) {
      return;
    }
    for (String part : s.split(";")) {
      String[] f = part.split(":");
      String family = new String(HexFormat.of().parseHex(f[0]), StandardCharsets.UTF_8);
      into.merge(family, new Digest(Long.parseLong(f[1]), Long.parseLong(f[2]),
          Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5])), Digest::plus);
    }
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public void next() {
    topKey = null;
    topValue = null;
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
    InputDigestIterator copy = new InputDigestIterator();
    copy.source = source.deepCopy(env);
    copy.sample = sample;
    return copy;
  }
}
