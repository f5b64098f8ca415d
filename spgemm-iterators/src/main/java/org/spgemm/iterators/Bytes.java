package org.spgemm.iterators;

import java.util.Arrays;
import org.apache.accumulo.core.data.ByteSequence;

/**
 * A key part's bytes compared in place, on the array behind it (a {@link
 * org.apache.accumulo.core.data.Key}'s parts always have one): {@code ByteSequence.equals} and
 * {@code compareTo} go through Hadoop's byte comparator, which costs several times more on the
 * paths that compare once per entry.
 */
public final class Bytes {

  private Bytes() {}

  /** Whether {@code a} and {@code b} hold the same bytes. */
  public static boolean equal(ByteSequence a, ByteSequence b) {
    return Arrays.equals(a.getBackingArray(), a.offset(), a.offset() + a.length(),
        b.getBackingArray(), b.offset(), b.offset() + b.length());
  }

  /** Whether {@code a} holds the bytes of {@code b}. */
  public static boolean equal(ByteSequence a, byte[] b) {
    return Arrays.equals(a.getBackingArray(), a.offset(), a.offset() + a.length(), b, 0,
        b.length);
  }

  /** {@code a} against {@code b} in unsigned byte order, as {@code ByteSequence.compareTo}. */
  public static int compare(ByteSequence a, byte[] b) {
    return Arrays.compareUnsigned(a.getBackingArray(), a.offset(), a.offset() + a.length(), b, 0,
        b.length);
  }
}
