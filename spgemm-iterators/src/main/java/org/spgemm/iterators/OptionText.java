package org.spgemm.iterators;

import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.kernel.Select;

/**
 * The text of {@link MultiplySpec}'s option values, both ways: what an iterator option holds and
 * what a component of the spec's type is, each option's bounds checked on the way in.
 */
final class OptionText {

  private OptionText() {}

  /**
   * Options that may be the empty string: the families (D4M writes its tables in the empty column
   * family). For them an empty value is the empty family, never "not given".
   */
  static final java.util.Set<String> EMPTY_ALLOWED =
      java.util.Set.of("aFamily", "bFamily", "cFamily", "maskFamily");

  /** An option's value from its text ({@code raw} null: the default). */
  static Object parse(RecordComponent c, String raw) {
    MultiplySpec.Opt o = c.getAnnotation(MultiplySpec.Opt.class);
    String s = raw != null ? raw : o.dflt().isEmpty() ? null : o.dflt();
    Class<?> t = c.getType();
    if (s == null) {
      if (t == int.class || t == long.class || t == boolean.class) {
        throw new IllegalArgumentException("has no value");
      }
      return null;
    }
    if (t == String.class) {
      if (s.isEmpty() && !EMPTY_ALLOWED.contains(c.getName())) {
        throw new IllegalArgumentException("must not be empty");
      }
      if (c.getName().equals("cVisibility")) {
        checkVisibility(s);
      }
      return s;
    }
    if (t == long.class || t == int.class) {
      long v = s.equals("now") ? System.currentTimeMillis() : number(s);
      long max = t == int.class ? Math.min(o.max(), Integer.MAX_VALUE) : o.max();
      if (v < o.min() || v > max) {
        throw new IllegalArgumentException("must be an integer of at least " + o.min()
            + (max < Long.MAX_VALUE ? " and at most " + max : "") + ", not '" + s + "'");
      }
      return t == int.class ? (Object) (int) v : (Object) v;
    }
    if (t == boolean.class) {
      if (!s.equalsIgnoreCase("true") && !s.equalsIgnoreCase("false")) {
        throw new IllegalArgumentException("must be true or false, not '" + s + "'");
      }
      return Boolean.parseBoolean(s);
    }
    if (t == byte[].class) {
      return s.getBytes(StandardCharsets.UTF_8);
    }
    if (t == MultiplySpec.Mode.class) {
      try {
        return MultiplySpec.Mode.valueOf(s.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("must be multiply, count or transpose, not '" + s
            + "'");
      }
    }
    if (t == Semiring.class) {
      return Semirings.forName(s);
    }
    if (t == ValueCodec.class) {
      return ValueCodecs.forName(s);
    }
    if (t == BinaryOp.class) {
      return BinaryOps.forName(s);
    }
    if (t == Select.class) {
      return Select.parse(s);
    }
    throw new AssertionError("no parser for " + t);
  }

  private static long number(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("must be an integer, not '" + s + "'");
    }
  }

  private static void checkVisibility(String v) {
    try {
      new ColumnVisibility(v);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("is not a column visibility: "
          + e.getMessage().lines().findFirst().orElse(""));
    }
  }

  /** The text of a value, as {@link #parse} reads it back. */
  static String format(Object v) {
    if (v instanceof Semiring s) {
      return Semirings.nameOf(s);
    }
    if (v instanceof ValueCodec c) {
      return c.name();
    }
    if (v instanceof BinaryOp op) {
      return BinaryOps.nameOf(op);
    }
    if (v instanceof Select sel) {
      return sel.form();
    }
    if (v instanceof MultiplySpec.Mode m) {
      return m.name().toLowerCase(Locale.ROOT);
    }
    if (v instanceof byte[] b) {
      return new String(b, StandardCharsets.UTF_8);
    }
    return String.valueOf(v);
  }
}
