package org.spgemm.iterators;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.Monoids;
import org.spgemm.algebra.UnaryOps;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;

/**
 * The options of {@link ElementWiseIterator}, declared and checked once: which operation, its
 * input families and operator, the codecs, and the family the client writes the result into.
 * The result is computed in the domain of the output codec. {@link #options()} and {@link
 * #parse} are the only way the options are written and read.
 *
 * @param kind ADD (eWiseAdd, union), MULT (eWiseMult, intersection), APPLY or REDUCE (rows)
 * @param x the first (or only) input family
 * @param y the second input family (ADD and MULT), else null
 * @param binaryOp ADD, MULT, and APPLY with a bound scalar: a {@link BinaryOps} name; else null
 * @param unaryOp APPLY without a scalar: a {@link UnaryOps} name; else null
 * @param scalar APPLY with a binary op: the bound scalar (a number), else null
 * @param bindFirst APPLY with a scalar: op(s, x) when true, op(x, s) when false
 * @param monoid REDUCE: a {@link Monoids} name, else null
 * @param codecX codec of x
 * @param codecY codec of y (ADD and MULT; else ignored)
 * @param codecOut codec of the result, whose domain the operation computes in
 */
public record ElementWiseSpec(Kind kind, String x, String y, String binaryOp, String unaryOp,
    String scalar, boolean bindFirst, String monoid, String codecX, String codecY,
    String codecOut) {

  /** The element-wise operations. */
  public enum Kind {
    ADD, MULT, APPLY, REDUCE
  }

  public static final String KIND = "kind";
  public static final String X = "x";
  public static final String Y = "y";
  public static final String BINARY_OP = "binaryOp";
  public static final String UNARY_OP = "unaryOp";
  public static final String SCALAR = "scalar";
  public static final String BIND_FIRST = "bindFirst";
  public static final String MONOID = "monoid";
  public static final String CODEC_X = "codecX";
  public static final String CODEC_Y = "codecY";
  public static final String CODEC_OUT = "codecOut";

  /** Option names and their descriptions, for the shell's setiter. */
  static final Map<String,String> DESCRIPTIONS = Map.ofEntries(
      Map.entry(KIND, "add, mult, apply or reduce"), Map.entry(X, "first input family"),
      Map.entry(Y, "second input family (add, mult)"),
      Map.entry(BINARY_OP, "binary operator (add, mult, apply with a scalar)"),
      Map.entry(UNARY_OP, "unary operator (apply)"),
      Map.entry(SCALAR, "bound scalar (apply with a binary operator)"),
      Map.entry(BIND_FIRST, "true: op(scalar, x); false: op(x, scalar)"),
      Map.entry(MONOID, "monoid (reduce)"), Map.entry(CODEC_X, "codec of x"),
      Map.entry(CODEC_Y, "codec of y"), Map.entry(CODEC_OUT, "codec of the result"));

  /**
   * Checks every option.
   *
   * @throws IllegalArgumentException naming the option and the bad value
   */
  public ElementWiseSpec {
    if (kind == null) {
      throw new IllegalArgumentException(KIND + " is missing");
    }
    need(X, x);
    ValueCodecs.forName(codecX);
    ValueCodecs.forName(codecOut);
    switch (kind) {
      case ADD, MULT -> {
        need(Y, y);
        ValueCodecs.forName(codecY);
        BinaryOps.forName(binaryOp);
      }
      case APPLY -> {
        if ((unaryOp == null) == (binaryOp == null)) {
          throw new IllegalArgumentException("apply takes a unary operator or a binary operator"
              + " with a scalar, exactly one of them");
        }
        if (unaryOp != null) {
          UnaryOps.forName(unaryOp);
        } else {
          BinaryOps.forName(binaryOp);
          number(scalar);
        }
      }
      case REDUCE -> Monoids.forName(monoid);
      default -> throw new IllegalArgumentException("unknown " + KIND + " " + kind);
    }
  }

  private static void need(String option, String v) {
    if (v == null) {
      throw new IllegalArgumentException(option + " is missing");
    }
  }

  /** The bound scalar as a double. */
  static double number(String s) {
    try {
      return Double.parseDouble(s == null ? "" : s.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SCALAR + " must be a number, not '" + s + "'", e);
    }
  }

  public Domain domain() {
    return ValueCodecs.forName(codecOut).domain();
  }

  ValueCodec codec(String name) {
    return ValueCodecs.forName(name);
  }

  /** The iterator options holding this spec. */
  public Map<String,String> options() {
    Map<String,String> m = new LinkedHashMap<>();
    m.put(KIND, kind.name().toLowerCase(Locale.ROOT));
    put(m, X, x);
    put(m, Y, y);
    put(m, BINARY_OP, binaryOp);
    put(m, UNARY_OP, unaryOp);
    put(m, SCALAR, scalar);
    m.put(BIND_FIRST, Boolean.toString(bindFirst));
    put(m, MONOID, monoid);
    put(m, CODEC_X, codecX);
    put(m, CODEC_Y, codecY);
    put(m, CODEC_OUT, codecOut);
    return m;
  }

  private static void put(Map<String,String> m, String k, String v) {
    if (v != null) {
      m.put(k, v);
    }
  }

  /**
   * Reads the spec from iterator options.
   *
   * @throws IllegalArgumentException naming the missing or bad option
   */
  public static ElementWiseSpec parse(Map<String,String> o) {
    String k = o.get(KIND);
    Kind kind;
    try {
      kind = Kind.valueOf(k == null ? "" : k.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(KIND + " must be add, mult, apply or reduce, not '" + k
          + "'", e);
    }
    return new ElementWiseSpec(kind, o.get(X), o.get(Y), o.get(BINARY_OP), o.get(UNARY_OP),
        o.get(SCALAR), Boolean.parseBoolean(o.get(BIND_FIRST)), o.get(MONOID),
        o.getOrDefault(CODEC_X, "decimal"), o.getOrDefault(CODEC_Y, "decimal"),
        o.getOrDefault(CODEC_OUT, "decimal"));
  }
}
