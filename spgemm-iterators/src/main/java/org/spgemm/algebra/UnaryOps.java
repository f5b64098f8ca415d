package org.spgemm.algebra;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import java.util.function.LongUnaryOperator;

/**
 * The built-in unary operators of {@code apply} (GraphBLAS GrB_IDENTITY, GrB_AINV, GrB_MINV,
 * GrB_ABS, GxB_ONE, GrB_LNOT); NEGATE is another name for AINV. INT64 MINV is 1 / x with
 * GraphBLAS's integer division (0 for x = 0 gives the largest INT64; 1/x truncates), and INT64
 * AINV and ABS wrap at the smallest INT64 as GraphBLAS does.
 */
public final class UnaryOps {

  public static final UnaryOp IDENTITY = of(x -> x, x -> x);
  public static final UnaryOp AINV = of(x -> -x, x -> -x);
  public static final UnaryOp MINV = of(x -> 1.0 / x, x -> x == 0 ? Long.MAX_VALUE : 1 / x);
  public static final UnaryOp ABS = of(Math::abs, Math::abs);
  public static final UnaryOp ONE = of(x -> 1.0, x -> 1L);
  public static final UnaryOp LNOT = of(x -> x == 0 ? 1.0 : 0.0, x -> x == 0 ? 1L : 0L);

  private static final Map<String,UnaryOp> BUILT_IN = new LinkedHashMap<>();

  static {
    BUILT_IN.put("IDENTITY", IDENTITY);
    BUILT_IN.put("AINV", AINV);
    BUILT_IN.put("NEGATE", AINV);
    BUILT_IN.put("MINV", MINV);
    BUILT_IN.put("ABS", ABS);
    BUILT_IN.put("ONE", ONE);
    BUILT_IN.put("LNOT", LNOT);
  }

  private UnaryOps() {}

  /** Names of the built-in operators, in the order help text lists them. */
  public static Iterable<String> names() {
    return BUILT_IN.keySet();
  }

  /**
   * Looks an operator up by name, case-insensitive.
   *
   * @throws IllegalArgumentException naming the unknown operator and the known ones
   */
  public static UnaryOp forName(String name) {
    UnaryOp op = name == null ? null : BUILT_IN.get(name.trim().toUpperCase(Locale.ROOT));
    if (op == null) {
      throw new IllegalArgumentException("unknown unary operator '" + name + "'; known: "
          + String.join(", ", BUILT_IN.keySet()));
    }
    return op;
  }

  /** Builds a {@link UnaryOp} from one lambda per domain. */
  public static UnaryOp of(DoubleUnaryOperator fp, LongUnaryOperator integer) {
    return new UnaryOp() {
      @Override
      public double applyAsDouble(double x) {
        return fp.applyAsDouble(x);
      }

      @Override
      public long applyAsLong(long x) {
        return integer.applyAsLong(x);
      }
    };
  }
}
