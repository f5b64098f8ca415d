package org.spgemm.codec;

import java.util.List;
import java.util.Locale;

/** The built-in codecs and lookup by name. */
public final class ValueCodecs {

  public static final ValueCodec DECIMAL = new DecimalStringCodec();
  public static final ValueCodec LONG = new LongCodec();
  public static final ValueCodec DOUBLE = new DoubleCodec();

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
}
