package org.spgemm.kernel;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A select applied to each computed entry T(i,j) before it is accumulated into C (GraphBLAS
 * GrB_select, fused into the multiply): {@code tril} keeps j &lt; i, {@code triu} keeps j &gt; i,
 * {@code offdiag} keeps j ≠ i (keys compared as bytes, so numeric keys must be of one width, as
 * the loaders write them), {@code valuege:X} keeps values ≥ X.
 */
public record Select(Kind kind, double threshold) {

  /** The forms a select may take. */
  public enum Kind {
    TRIL, TRIU, OFFDIAG, VALUEGE
  }

  public static List<String> forms() {
    return List.of("tril", "triu", "offdiag", "valuege:<number>");
  }

  /** Parses a form of {@link #forms()}, case-insensitive. */
  public static Select parse(String form) {
    String f = form.trim().toLowerCase(Locale.ROOT);
    if (f.startsWith("valuege:")) {
      try {
        return new Select(Kind.VALUEGE, Double.parseDouble(f.substring("valuege:".length())));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not a number in select '" + form + "'");
      }
    }
    for (Kind k : Kind.values()) {
      if (k != Kind.VALUEGE && k.name().toLowerCase(Locale.ROOT).equals(f)) {
        return new Select(k, 0);
      }
    }
    throw new IllegalArgumentException("unknown select '" + form + "'; known: "
        + String.join(", ", forms()));
  }

  /** The form {@link #parse} reads back. */
  public String form() {
    return kind == Kind.VALUEGE ? "valuege:" + threshold : kind.name().toLowerCase(Locale.ROOT);
  }

  /** True when the entry at (row, col) is kept. */
  public boolean keepsPosition(byte[] row, byte[] col) {
    int c = Arrays.compareUnsigned(col, row);
    switch (kind) {
      case TRIL:
        return c < 0;
      case TRIU:
        return c > 0;
      case OFFDIAG:
        return c != 0;
      default:
        return true;
    }
  }

  /** True when a value passes (only VALUEGE looks at values). */
  public boolean keepsValue(double v) {
    return kind != Kind.VALUEGE || v >= threshold;
  }
}
