package org.spgemm.algebra;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The built-in binary operators an accumulator may name (GraphBLAS GrB_PLUS, GrB_MINUS,
 * GrB_TIMES, GrB_DIV, GrB_MIN, GrB_MAX, GrB_FIRST, GrB_SECOND). In {@code accum(C, T)} the first
 * operand is the C already stored and the second the newly computed T = A·B, so FIRST keeps the
 * old value, SECOND takes the new one, MINUS gives c - t and DIV c / t. Integer division by zero
 * gives what GraphBLAS gives: 0 for 0/0, the largest or smallest INT64 otherwise.
 */
public final class BinaryOps {

  public static final BinaryOp PLUS = Semirings.PLUS_OP;
  public static final BinaryOp MINUS = Semirings.op((x, y) -> x - y, (x, y) -> x - y);
  public static final BinaryOp TIMES = Semirings.TIMES;
  public static final BinaryOp DIV = Semirings.op((x, y) -> x / y, BinaryOps::divide);
  public static final BinaryOp MIN = Semirings.MIN_OP;
  public static final BinaryOp MAX = Semirings.op(Math::max, Math::max);
  public static final BinaryOp FIRST = Semirings.op((x, y) -> x, (x, y) -> x);
  public static final BinaryOp SECOND = Semirings.op((x, y) -> y, (x, y) -> y);

  private static final Map<String,BinaryOp> BUILT_IN = new LinkedHashMap<>();

  static {
    BUILT_IN.put("PLUS", PLUS);
    BUILT_IN.put("MINUS", MINUS);
    BUILT_IN.put("TIMES", TIMES);
    BUILT_IN.put("DIV", DIV);
    BUILT_IN.put("MIN", MIN);
    BUILT_IN.put("MAX", MAX);
    BUILT_IN.put("FIRST", FIRST);
    BUILT_IN.put("SECOND", SECOND);
  }

  private BinaryOps() {}

  private static long divide(long x, long y) {
    if (y == 0) {
      return x == 0 ? 0 : x > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
    }
    return y == -1 ? -x : x / y; // MIN_VALUE / -1 wraps, as the other INT64 operators do
  }

  /** Names of the built-in operators, in the order help text lists them. */
  public static Iterable<String> names() {
    return BUILT_IN.keySet();
  }

  /** Looks an operator up by name, case-insensitive ("plus", "PLUS"). */
  public static BinaryOp forName(String name) {
    BinaryOp op = name == null ? null : BUILT_IN.get(name.trim().toUpperCase(Locale.ROOT));
    if (op == null) {
      throw new IllegalArgumentException("unknown accumulator '" + name + "'; known: "
          + String.join(", ", BUILT_IN.keySet()));
    }
    return op;
  }

  /** The canonical name of {@code op}, which must be one of the built-in operators. */
  public static String nameOf(BinaryOp op) {
    for (Map.Entry<String,BinaryOp> e : BUILT_IN.entrySet()) {
      if (e.getValue() == op) {
        return e.getKey();
      }
    }
    throw new IllegalArgumentException("not a built-in binary operator: " + op);
  }
}
