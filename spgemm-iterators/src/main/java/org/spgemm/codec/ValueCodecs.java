package org.spgemm.codec;

import java.util.List;
import java.util.Locale;

/** The built-in codecs and lookup by name. */
public final class ValueCodecs {

  public static final ValueCodec DECIMAL = new DecimalStringCodec();
  public static final ValueCodec LONG = new LongCodec();
  public static final ValueCodec DOUBLE = new DoubleCodec();

  /** The largest value size {@link #fixedWidth} takes, in bytes. */
  public static final int MAX_VALUE_BYTES = 1024;

  private static final List<ValueCodec> ALL = List.of(DECIMAL, LONG, DOUBLE);

  private ValueCodecs() {}

  public static List<ValueCodec> all() {
    return ALL;
  }

  /** Names of the built-in codecs, in order. */
  public static List<String> names() {
    return ALL.stream().map(ValueCodec::name).toList();
  }

  /** @throws IllegalArgumentException naming the unknown codec and the known ones */
  public static ValueCodec forName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (ValueCodec c : ALL) {
      if (c.name().equals(n)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "unknown value codec '" + name + "'; known: " + String.join(", ", names()));
  }

  /**
   * {@code codec} writing every value at exactly {@code bytes} bytes (1 to {@link
   * #MAX_VALUE_BYTES}), read back as {@code codec} reads it; see {@link FixedWidthCodec}. Only the
   * decimal codec can be widened: the long and double codecs write 8 binary bytes, and their
   * readers (these codecs, Graphulo's) take exactly 8.
   *
   * @throws IllegalArgumentException naming the codec or the size refused
   */
  public static ValueCodec fixedWidth(ValueCodec codec, int bytes) {
    if (codec instanceof FixedWidthCodec f) {
      codec = f.base();
    }
    if (codec != DECIMAL) {
      throw new IllegalArgumentException("a value size applies to the decimal codec only: the "
          + codec.name() + " codec writes 8 binary bytes, and its readers take exactly 8");
    }
    if (bytes < 1 || bytes > MAX_VALUE_BYTES) {
      throw new IllegalArgumentException("a value size must be between 1 and " + MAX_VALUE_BYTES
          + " bytes, not " + bytes);
    }
    return new FixedWidthCodec(codec, bytes);
  }
}
