package org.spgemm.matrix;

import java.util.Locale;

/**
 * The value field of a Matrix Market entry, read from a token of the current line under the
 * {@link ValueRules}: as a double (decimal literals, and the inf/nan spellings C programs print)
 * or as an exact 64-bit integer. Short integers, the common case, are parsed without allocating.
 */
final class MatrixMarketValues {

  private final MatrixMarketLines in;
  private final ValueRules rules;

  MatrixMarketValues(MatrixMarketLines in, ValueRules rules) {
    this.in = in;
    this.rules = rules;
  }

  /**
   * Token t as an exact 64-bit integer: a plain (optionally signed) digit string is parsed
   * exactly; in a real file ({@code realField}) a decimal value that is an integer ("3.0",
   * "1e3") is accepted too.
   */
  long parseLong(int t, boolean realField) throws MatrixMarketException {
    double fast = shortInteger(t);
    if (!Double.isNaN(fast)) {
      return (long) fast;
    }
    String s = in.token(t);
    String digits = s.startsWith("+") ? s.substring(1) : s;
    if (isPlainInteger(digits)) {
      try {
        return Long.parseLong(digits);
      } catch (NumberFormatException e) {
        throw outsideLongRange(s);
      }
    }
    if (!realField) {
      throw in.error("value '" + s + "' is not an integer");
    }
    double d = parseReal(t);
    if (Double.isNaN(d) || Double.isInfinite(d) || d != Math.rint(d)) {
      throw in.error("value '" + s + "' is not an integer, and INT64 values (the long codec)"
          + " must be");
    }
    if (d >= 0x1p63 || d < -0x1p63) {
      throw outsideLongRange(s);
    }
    return (long) d;
  }

  private MatrixMarketException outsideLongRange(String s) {
    return in.error("value '" + s + "' is outside the 64-bit integer range"
        + " (-9223372036854775808..9223372036854775807)");
  }

  /**
   * Parses a decimal floating-point value, also accepting the inf/nan spellings C programs print
   * (refused under {@link ValueRules#FINITE}). A finite literal beyond the double range is
   * refused rather than turned into infinity. Java-only forms (hex floats, a trailing 'd' or
   * 'f') are rejected.
   */
  double parseReal(int t) throws MatrixMarketException {
    double fast = shortInteger(t);
    if (!Double.isNaN(fast)) {
      return fast;
    }
    for (int k = in.start(t); k < in.end(t); k++) {
      char ch = in.charAt(k);
      if (!((ch >= '0' && ch <= '9') || ch == '.' || ch == '-' || ch == '+' || ch == 'e'
          || ch == 'E')) {
        double special = parseSpecial(t);
        if (rules == ValueRules.FINITE) {
          throw in.error("value '" + in.token(t) + "' is not finite: a decimal string value (D4M,"
              + " the decimal codec) cannot hold NaN or Infinity; the double codec keeps them");
        }
        return special;
      }
    }
    String str = in.token(t);
    double d;
    try {
      d = Double.parseDouble(str);
    } catch (NumberFormatException ex) {
      throw in.error("value '" + str + "' is not a number");
    }
    if (Double.isInfinite(d)) {
      throw in.error("value '" + str + "' is beyond the range of a double (largest magnitude"
          + " 1.7976931348623157E308)");
    }
    return d;
  }

  /**
   * Token t as a double if it is an optionally signed integer of at most 15 digits (exact as a
   * double, parsed without allocating), else NaN.
   */
  private double shortInteger(int t) {
    int s = in.start(t);
    int e = in.end(t);
    boolean negative = in.charAt(s) == '-';
    int k = negative || in.charAt(s) == '+' ? s + 1 : s;
    if (k == e || e - k > 15) {
      return Double.NaN;
    }
    long value = 0;
    for (; k < e; k++) {
      char ch = in.charAt(k);
      if (ch < '0' || ch > '9') {
        return Double.NaN;
      }
      value = value * 10 + (ch - '0');
    }
    return negative ? -(double) value : (double) value;
  }

  private static boolean isPlainInteger(String s) {
    int k = s.startsWith("-") ? 1 : 0;
    if (k == s.length()) {
      return false;
    }
    for (; k < s.length(); k++) {
      char ch = s.charAt(k);
      if (ch < '0' || ch > '9') {
        return false;
      }
    }
    return true;
  }

  private double parseSpecial(int t) throws MatrixMarketException {
    String str = in.token(t);
    String body = str.toLowerCase(Locale.ROOT);
    boolean negative = false;
    if (body.startsWith("+") || body.startsWith("-")) {
      negative = body.charAt(0) == '-';
      body = body.substring(1);
    }
    switch (body) {
      case "nan":
        return Double.NaN;
      case "inf":
      case "infinity":
        return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
      default:
        throw in.error("value '" + str + "' is not a number");
    }
  }
}
