package org.spgemm.algebra;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The built-in monoids a {@code reduce} may name: PLUS, TIMES, MIN, MAX, LOR, LAND and ANY
 * (GraphBLAS GrB_PLUS_MONOID ... GxB_ANY_MONOID), with GraphBLAS's identities (±Infinity for FP64
 * MIN and MAX).
 */
public final class Monoids {

  public static final Monoid TIMES = Monoid.withTerminal("TIMES", Semirings.TIMES, 1.0, 1L,
      0.0, 0L);
  public static final Monoid LAND = Monoid.withTerminal("LAND", Semirings.LAND, 1.0, 1L, 0.0,
      0L);

  private static final Map<String,Monoid> BUILT_IN = new LinkedHashMap<>();

  static {
    for (Monoid m : new Monoid[] {Semirings.PLUS, TIMES, Semirings.MIN, Semirings.MAX,
        Semirings.LOR, LAND, Semirings.ANY}) {
      BUILT_IN.put(m.name(), m);
    }
  }

  private Monoids() {}

  /** Names of the built-in monoids, in the order help text lists them. */
  public static Iterable<String> names() {
    return BUILT_IN.keySet();
  }

  /**
   * Looks a monoid up by name, case-insensitive.
   *
   * @throws IllegalArgumentException naming the unknown monoid and the known ones
   */
  public static Monoid forName(String name) {
    Monoid m = name == null ? null : BUILT_IN.get(name.trim().toUpperCase(Locale.ROOT));
    if (m == null) {
      throw new IllegalArgumentException("unknown monoid '" + name + "'; known: "
          + String.join(", ", BUILT_IN.keySet()));
    }
    return m;
  }
}
