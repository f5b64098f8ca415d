package org.spgemm.pipeline;

import java.util.Arrays;
import java.util.List;

/**
 * Numbers distinct byte strings densely, in the order first seen (Φ's B rows, a panel's column
 * keys, visibilities): a value's id is its index in the list the numbering appends to. Open
 * addressing tables of ids, so that looking a value up allocates nothing (a hash map keyed by
 * byte sequences made a key object per lookup, one per A and B entry of every batch). Values of
 * up to 7 bytes (a matrix's fixed-width index keys up to 10^7) are kept as numbers, their bytes
 * and length packed in a long, in a table of their own: a probe compares two longs in one array
 * instead of following an id to its value's bytes elsewhere in the heap, which made every lookup
 * of all of a hub's B (480,000 entries, 120,000 column keys) a few cache misses, most of the
 * time the read of B took.
 */
final class Interning {

  /** Values of up to this many bytes are packed in a long ({@link #pack}). */
  static final int SHORT = Long.BYTES - 1;
  /** No packed value: its last byte, the length, is at most {@link #SHORT}. */
  private static final long EMPTY = -1;

  private final List<byte[]> values;
  /** Longer values: per slot, 1 + the id of the value there; 0 when empty. Length a power of 2. */
  private int[] slots = new int[16];
  /** Per id, the hash of its value (longer values only). */
  private int[] hashes = new int[8];
  /** Longer values in their table. */
  private int numbered;
  /**
   * Short values: slot {@code s} is {@code shortSlots[2s]}, the packed value there ({@link
   * #EMPTY}: none), and {@code shortSlots[2s + 1]}, its id; side by side, so that a probe reads
   * one cache line. Length a power of two.
   */
  private long[] shortSlots = emptySlots(32);
  /** Short values in their table. */
  private int shortNumbered;

  /** Numbers the values already in {@code values} (the first of equal ones keeps its id). */
  Interning(List<byte[]> values) {
    this.values = values;
    for (int id = 0; id < values.size(); id++) {
      byte[] v = values.get(id);
      if (find(v) < 0) {
        insert(v, id);
      }
    }
  }

  /** The id of {@code value}, appended to the list when first seen. The array is kept. */
  int id(byte[] value) {
    int id = find(value);
    if (id >= 0) {
      return id;
    }
    id = values.size();
    values.add(value);
    insert(value, id);
    return id;
  }

  /** The id of {@code value}, or -1 when it has none. */
  int find(byte[] value) {
    if (value.length <= SHORT) {
      long p = pack(value);
      int mask = shortSlots.length - 2;
      for (int s = (mix(p) << 1) & mask; shortSlots[s] != EMPTY; s = (s + 2) & mask) {
        if (shortSlots[s] == p) {
          return (int) shortSlots[s + 1];
        }
      }
      return -1;
    }
    int h = hash(value);
    int mask = slots.length - 1;
    for (int s = h & mask; slots[s] != 0; s = (s + 1) & mask) {
      int id = slots[s] - 1;
      if (hashes[id] == h && Arrays.equals(values.get(id), value)) {
        return id;
      }
    }
    return -1;
  }

  private void insert(byte[] value, int id) {
    if (value.length <= SHORT) {
      if (++shortNumbered > shortSlots.length / 4) { // more than half the slots taken
        long[] old = shortSlots;
        shortSlots = emptySlots(old.length * 2);
        for (int s = 0; s < old.length; s += 2) {
          if (old[s] != EMPTY) {
            placeShort(old[s], old[s + 1]);
          }
        }
      }
      placeShort(pack(value), id);
      return;
    }
    if (id >= hashes.length) {
      hashes = Arrays.copyOf(hashes, Math.max(hashes.length * 2, id + 1));
    }
    hashes[id] = hash(value);
    if (++numbered * 2 > slots.length) {
      int[] old = slots;
      slots = new int[old.length * 2];
      for (int entry : old) {
        if (entry != 0) {
          place(entry - 1);
        }
      }
    }
    place(id);
  }

  private void place(int id) {
    int mask = slots.length - 1;
    int s = hashes[id] & mask;
    while (slots[s] != 0) {
      s = (s + 1) & mask;
    }
    slots[s] = id + 1;
  }

  private void placeShort(long packed, long id) {
    int mask = shortSlots.length - 2;
    int s = (mix(packed) << 1) & mask;
    while (shortSlots[s] != EMPTY) {
      s = (s + 2) & mask;
    }
    shortSlots[s] = packed;
    shortSlots[s + 1] = id;
  }

  private static long[] emptySlots(int length) {
    long[] slots = new long[length];
    Arrays.fill(slots, EMPTY);
    return slots;
  }

  /**
   * A value of up to {@link #SHORT} bytes as a number: its bytes zero-padded to {@link #SHORT},
   * then its length. Distinct values give distinct numbers, none of them {@link #EMPTY}, in the
   * values' unsigned byte order (a value before every longer one it is a prefix of).
   */
  private static long pack(byte[] value) {
    return bigEndian(value) << 8 * (SHORT - value.length) << 8 | value.length;
  }

  /** The bytes of {@code value} (at most 8) as a big-endian number. */
  private static long bigEndian(byte[] value) {
    long p = 0;
    for (byte b : value) {
      p = p << 8 | (b & 0xff);
    }
    return p;
  }

  /** The bits of {@code p} spread over the low bits a table's index takes. */
  private static int mix(long p) {
    p = (p ^ (p >>> 33)) * 0xff51afd7ed558ccdL;
    p = (p ^ (p >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return (int) (p ^ (p >>> 33));
  }

  private static int hash(byte[] value) {
    int h = Arrays.hashCode(value) * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  /**
   * {@code values}, all distinct (as a numbering's list is), in unsigned byte order; {@code
   * rank[id]} is set to the position of the value numbered {@code id}. Keys of up to 8 bytes (a
   * matrix's fixed-width index keys) are sorted as numbers: one primitive sort instead of a
   * comparator's, which for the 120,000 columns of a hub's B took a third of a second.
   */
  static byte[][] sorted(List<byte[]> values, int[] rank) {
    int n = values.size();
    long[] packed = packed(values);
    byte[][] out = new byte[n][];
    if (packed != null) {
      long[] order = new long[n];
      for (int i = 0; i < n; i++) {
        order[i] = packed[i] ^ Long.MIN_VALUE; // unsigned order as signed
      }
      Arrays.sort(order);
      boolean distinct = true;
      for (int r = 1; r < n && distinct; r++) {
        distinct = order[r] != order[r - 1];
      }
      if (distinct) {
        for (int id = 0; id < n; id++) {
          int r = Arrays.binarySearch(order, packed[id] ^ Long.MIN_VALUE);
          rank[id] = r;
          out[r] = values.get(id);
        }
        return out;
      }
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Arrays.compareUnsigned(values.get(x), values.get(y)));
    for (int r = 0; r < n; r++) {
      rank[order[r]] = r;
      out[r] = values.get(order[r]);
    }
    return out;
  }

  /**
   * Each value as a number whose unsigned order is the values' unsigned byte order, or null
   * when there is none this simple: values of one length up to 8 bytes are their bytes, big
   * endian; values of up to 7 bytes, of different lengths, as {@link #pack} numbers them.
   */
  static long[] packed(List<byte[]> values) {
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (byte[] v : values) {
      min = Math.min(min, v.length);
      max = Math.max(max, v.length);
    }
    boolean oneLength = min == max && max <= Long.BYTES;
    if (!oneLength && max >= Long.BYTES) {
      return null;
    }
    long[] out = new long[values.size()];
    for (int i = 0; i < out.length; i++) {
      byte[] v = values.get(i);
      out[i] = oneLength ? bigEndian(v) : pack(v);
    }
    return out;
  }
}
