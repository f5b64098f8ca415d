package org.spgemm.algebra;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The built-in semirings, named ADD_MULTIPLY as in GraphBLAS, and the lookup from a name (or
 * {@code class:<fqcn>}) to a semiring.
 */
public final class Semirings {

  public static final String CLASS_PREFIX = "class:";

  public static final Monoid PLUS = Monoid.of("PLUS", op(Double::sum, Long::sum), 0.0, 0L);
  public static final Monoid MIN = Monoid.withTerminal("MIN", op(Math::min, Math::min),
      Double.POSITIVE_INFINITY, Long.MAX_VALUE, Double.NEGATIVE_INFINITY, Long.MIN_VALUE);
  public static final Monoid MAX = Monoid.withTerminal("MAX", op(Math::max, Math::max),
      Double.NEGATIVE_INFINITY, Long.MIN_VALUE, Double.POSITIVE_INFINITY, Long.MAX_VALUE);
  /** Logical or over values read as booleans (nonzero is true); results are 0 or 1. */
  public static final Monoid LOR = Monoid.withTerminal("LOR",
      op((x, y) -> (x != 0 || y != 0) ? 1.0 : 0.0, (x, y) -> (x != 0 || y != 0) ? 1L : 0L), 0.0,
      0L, 1.0, 1L);
  /** Returns either operand; every value is terminal. Used for reachability (structure only). */
  public static final Monoid ANY = Monoid.withTerminal("ANY", op((x, y) -> x, (x, y) -> x), 0.0,
      0L, 1.0, 1L);

  public static final BinaryOp TIMES = op((x, y) -> x * y, (x, y) -> x * y);
  public static final BinaryOp PLUS_OP = op(Double::sum, Long::sum);
  public static final BinaryOp MIN_OP = op(Math::min, Math::min);
  public static final BinaryOp LAND =
      op((x, y) -> (x != 0 && y != 0) ? 1.0 : 0.0, (x, y) -> (x != 0 && y != 0) ? 1L : 0L);
  /** Always 1: counts how many products meet in C(i,k), whatever the values. */
  public static final BinaryOp PAIR = op((x, y) -> 1.0, (x, y) -> 1L);

  public static final Semiring PLUS_TIMES = of("PLUS_TIMES", PLUS, TIMES);
  public static final Semiring MIN_PLUS = of("MIN_PLUS", MIN, PLUS_OP);
  public static final Semiring MAX_PLUS = of("MAX_PLUS", MAX, PLUS_OP);
  public static final Semiring MAX_MIN = of("MAX_MIN", MAX, MIN_OP);
  public static final Semiring LOR_LAND = of("LOR_LAND", LOR, LAND);
  public static final Semiring PLUS_PAIR = of("PLUS_PAIR", PLUS, PAIR);
  public static final Semiring ANY_PAIR = of("ANY_PAIR", ANY, PAIR);

  private static final Map<String,Semiring> BUILT_IN;
  static {
    Map<String,Semiring> m = new LinkedHashMap<>();
    for (Semiring s : new Semiring[] {PLUS_TIMES, MIN_PLUS, MAX_PLUS, MAX_MIN, LOR_LAND, PLUS_PAIR,
        ANY_PAIR}) {
      m.put(s.name(), s);
    }
    BUILT_IN = Collections.unmodifiableMap(m);
  }

  private Semirings() {}

  /** The built-in semirings by their canonical names, in documentation order. */
  public static Map<String,Semiring> builtIn() {
    return BUILT_IN;
  }

  /**
   * Looks a semiring up by name. Built-in names are case-insensitive and accept '-' for '_'
   * ("plus-times"); "OR_AND" is accepted for LOR_LAND. {@code class:<fqcn>} instantiates a user
   * class implementing {@link Semiring}.
   *
   * @throws IllegalArgumentException naming the unknown semiring and the known ones
   */
  public static Semiring forName(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("semiring name is empty; known: " + BUILT_IN.keySet());
    }
    if (name.startsWith(CLASS_PREFIX)) {
      return instantiate(name.substring(CLASS_PREFIX.length()).trim());
    }
    String canonical = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    if (canonical.equals("OR_AND")) {
      canonical = "LOR_LAND";
    }
    Semiring s = BUILT_IN.get(canonical);
    if (s == null) {
      throw new IllegalArgumentException("unknown semiring '" + name + "'; known: "
          + String.join(", ", BUILT_IN.keySet()) + ", or class:<fully.qualified.ClassName>");
    }
    return s;
  }

  /** The name that {@link #forName} maps back to this semiring. */
  public static String nameOf(Semiring s) {
    return BUILT_IN.containsKey(s.name()) && BUILT_IN.get(s.name()) == s ? s.name()
        : CLASS_PREFIX + s.getClass().getName();
  }

  private static Semiring instantiate(String className) {
    try {
      Class<?> c = Class.forName(className, true, Semirings.class.getClassLoader());
      if (!Semiring.class.isAssignableFrom(c)) {
        throw new IllegalArgumentException(
            "semiring class " + className + " does not implement " + Semiring.class.getName());
      }
      return (Semiring) c.getConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("semiring class " + className
          + " is not on the classpath (tablet servers need it too)", e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          "semiring class " + className + " needs a public no-argument constructor", e);
    }
  }

  public static Semiring of(String name, Monoid add, BinaryOp multiply) {
    return new Semiring() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Monoid add() {
        return add;
      }

      @Override
      public BinaryOp multiply() {
        return multiply;
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }

  /** Builds a {@link BinaryOp} from one lambda per domain. */
  public static BinaryOp op(java.util.function.DoubleBinaryOperator fp,
      java.util.function.LongBinaryOperator integer) {
    return new BinaryOp() {
      @Override
      public double applyAsDouble(double x, double y) {
        return fp.applyAsDouble(x, y);
      }

      @Override
      public long applyAsLong(long x, long y) {
        return integer.applyAsLong(x, y);
      }
    };
  }
}
