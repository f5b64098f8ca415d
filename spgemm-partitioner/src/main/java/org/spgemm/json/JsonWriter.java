package org.spgemm.json;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one JSON writer of the project (RFC 8259, no dependency): writes a tree of {@link Map}
 * (keys in the map's order), {@link List}, {@link String}, {@link Number}, {@link Boolean} and
 * null, indented by two spaces; an array of scalars stays on one line. Doubles are written with up to 6 decimals; NaN and infinities,
 * which JSON lacks, as null.
 */
public final class JsonWriter {

  private final StringBuilder out = new StringBuilder();

  private JsonWriter() {}

  /** {@code value} as indented JSON text ending in a newline. */
  public static String write(Object value) {
    JsonWriter w = new JsonWriter();
    w.value(value, 0);
    return w.out.append('\n').toString();
  }

  private void value(Object v, int depth) {
    if (v == null) {
      out.append("null");
    } else if (v instanceof Map<?,?> m) {
      object(m, depth);
    } else if (v instanceof List<?> l) {
      array(l, depth);
    } else if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      out.append(Double.isFinite(d) ? number(d) : "null");
    } else if (v instanceof Number || v instanceof Boolean) {
      out.append(v);
    } else {
      string(v.toString());
    }
  }

  private static String number(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    String s = String.format(Locale.ROOT, "%.6f", d);
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }

  private void object(Map<?,?> m, int depth) {
    if (m.isEmpty()) {
      out.append("{}");
      return;
    }
    out.append('{');
    String sep = "\n";
    for (Map.Entry<?,?> e : m.entrySet()) {
      out.append(sep);
      indent(depth + 1);
      string(String.valueOf(e.getKey()));
      out.append(": ");
      value(e.getValue(), depth + 1);
      sep = ",\n";
    }
    out.append('\n');
    indent(depth);
    out.append('}');
  }

  private void array(List<?> l, int depth) {
    if (l.isEmpty()) {
      out.append("[]");
      return;
    }
    if (l.stream().noneMatch(v -> v instanceof Map || v instanceof List)) {
      out.append('[');
      String sep = "";
      for (Object v : l) {
        out.append(sep);
        value(v, depth);
        sep = ", ";
      }
      out.append(']');
      return;
    }
    out.append('[');
    String sep = "\n";
    for (Object v : l) {
      out.append(sep);
      indent(depth + 1);
      value(v, depth + 1);
      sep = ",\n";
    }
    out.append('\n');
    indent(depth);
    out.append(']');
  }

  private void indent(int depth) {
    out.append("  ".repeat(depth));
  }

  /** Appends {@code s} as a JSON string literal. */
  private void string(String s) {
    out.append('"');
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x2028 || c == 0x2029) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
