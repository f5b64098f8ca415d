package org.spgemm.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Round trips and errors of the three value codecs. */
class ValueCodecsTest {

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  private static void assertFails(Executable e, String... fragments) {
    IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
    for (String f : fragments) {
      assertTrue(x.getMessage().contains(f), "'" + x.getMessage() + "' should contain '" + f + "'");
    }
  }

  // ---- decimal ----

  @Test
  void decimalRoundTripsDoubles() {
    double[] values = {0, 1, -1, 3, -0.25, 0.1, 1e6, 1e15, -1e15, 1e300, -1e-300, Math.PI,
        Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 123456789012345.0};
    for (double v : values) {
      assertEquals(v, ValueCodecs.DECIMAL.decodeDouble(ValueCodecs.DECIMAL.encodeDouble(v)), 0.0,
          "decimal round trip of " + v);
    }
    SplittableRandom rnd = new SplittableRandom(1);
    for (int i = 0; i < 10_000; i++) {
      double v = (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(-20, 20));
      assertEquals(v, ValueCodecs.DECIMAL.decodeDouble(ValueCodecs.DECIMAL.encodeDouble(v)), 0.0);
    }
  }

  /** Integral values are written as Long.toString writes them, at every length and sign. */
  @Test
  void decimalIntegersAreLongToString() {
    List<Long> values = new ArrayList<>(List.of(0L, -0L, 1L, -1L,
        9L, 10L, -10L, 99L, 100L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1));
    for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10; p *= 10) {
      values.addAll(List.of(p - 1, p, p + 1, -p + 1, -p, -p - 1));
    }
    SplittableRandom rnd = new SplittableRandom(2);
    for (int i = 0; i < 10_000; i++) {
      values.add(rnd.nextLong() >> rnd.nextInt(64));
    }
    for (long v : values) {
      assertEquals(Long.toString(v), text(ValueCodecs.DECIMAL.encodeLong(v)), "encodeLong " + v);
      if (Math.abs((double) v) < 1e15) {
        assertEquals(Long.toString(v), text(ValueCodecs.DECIMAL.encodeDouble(v)),
            "encodeDouble " + v);
      }
    }
    assertEquals("-3", text(ValueCodecs.DECIMAL.encodeDouble(-3.0)));
    assertEquals("0", text(ValueCodecs.DECIMAL.encodeDouble(-0.0)));
  }

  /** A D4M decimal string holds finite values only: C never gets "Infinity" or "NaN". */
  @Test
  void decimalRefusesToWriteNanAndInfinities() {
    assertFails(() -> ValueCodecs.DECIMAL.encodeDouble(Double.POSITIVE_INFINITY), "Infinity",
        "decimal codec", "use the double codec");
    assertFails(() -> ValueCodecs.DECIMAL.encodeDouble(Double.NEGATIVE_INFINITY), "-Infinity",
        "use the double codec");
    assertFails(() -> ValueCodecs.DECIMAL.encodeDouble(Double.NaN), "NaN",
        "use the double codec");
    // the product of two values near the top of the double range overflows to Infinity
    assertFails(() -> ValueCodecs.DECIMAL.encodeDouble(Double.MAX_VALUE * 2), "Infinity");
    // the double codec keeps them, as GraphBLAS FP64 does
    assertEquals(Double.POSITIVE_INFINITY, ValueCodecs.DOUBLE.decodeDouble(
        ValueCodecs.DOUBLE.encodeDouble(Double.POSITIVE_INFINITY)));
    assertTrue(Double.isNaN(ValueCodecs.DOUBLE.decodeDouble(
        ValueCodecs.DOUBLE.encodeDouble(Double.NaN))));
  }

  @Test
  void decimalWritesIntegersWithoutFraction() {
    assertEquals("3", text(ValueCodecs.DECIMAL.encodeDouble(3.0)));
    assertEquals("-42", text(ValueCodecs.DECIMAL.encodeDouble(-42.0)));
    assertEquals("0", text(ValueCodecs.DECIMAL.encodeDouble(0.0)));
    assertEquals("-0.25", text(ValueCodecs.DECIMAL.encodeDouble(-0.25)));
    assertEquals("7", text(ValueCodecs.DECIMAL.encodeLong(7)));
  }

  @Test
  void decimalReadsD4mStrings() {
    assertEquals(3.0, ValueCodecs.DECIMAL.decodeDouble(ascii("3")));
    assertEquals(3.0, ValueCodecs.DECIMAL.decodeDouble(ascii("+3")));
    assertEquals(-0.25, ValueCodecs.DECIMAL.decodeDouble(ascii("-0.25")));
    assertEquals(1e6, ValueCodecs.DECIMAL.decodeDouble(ascii("1e6")));
    assertEquals(12.0, ValueCodecs.DECIMAL.decodeDouble(ascii(" 12 ")));
    assertEquals(3L, ValueCodecs.DECIMAL.decodeLong(ascii("3.0")));
    assertEquals(1_000_000L, ValueCodecs.DECIMAL.decodeLong(ascii("1e6")));
    assertEquals(-5L, ValueCodecs.DECIMAL.decodeLong(ascii("-5")));
    // an offset/length window of a larger buffer
    byte[] buf = ascii("xx-17yy");
    assertEquals(-17.0, ValueCodecs.DECIMAL.decodeDouble(buf, 2, 3));
    assertEquals(-17L, ValueCodecs.DECIMAL.decodeLong(buf, 2, 3));
  }

  @Test
  void decimalRoundTripsLongsIncludingLargeOnes() {
    long[] values = {0, 1, -1, 999_999_999_999_999_999L, -99_999_999_999_999_999L,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 1L << 53, -(1L << 53)};
    for (long v : values) {
      assertEquals(v, ValueCodecs.DECIMAL.decodeLong(ValueCodecs.DECIMAL.encodeLong(v)),
          "decimal round trip of " + v);
    }
  }

  /**
   * Longs of 19 characters or more (18 digits and a sign, or 19 digits) fall back to a double
   * parse, which silently rounds them. Long.MIN_VALUE and Long.MAX_VALUE are refused outright.
   */
  @Test
  void decimalLongsBeyondEighteenCharactersKeepEveryDigit() {
    long[] values = {-100_000_000_000_000_001L, 1_000_000_000_000_000_001L,
        1_234_567_890_123_456_789L, Long.MAX_VALUE, Long.MIN_VALUE};
    for (long v : values) {
      byte[] enc = ValueCodecs.DECIMAL.encodeLong(v);
      assertEquals(Long.toString(v), text(enc));
      assertEquals(v, ValueCodecs.DECIMAL.decodeLong(enc), "decimal round trip of " + v);
    }
  }

  @Test
  void decimalErrorsSayWhatIsWrong() {
    assertFails(() -> ValueCodecs.DECIMAL.decodeDouble(ascii("abc")), "'abc'", "not a decimal");
    assertFails(() -> ValueCodecs.DECIMAL.decodeDouble(ascii("")), "not a decimal");
    assertFails(() -> ValueCodecs.DECIMAL.decodeDouble(ascii("-")), "not a decimal");
    assertFails(() -> ValueCodecs.DECIMAL.decodeDouble(ascii("1,5")), "'1,5'");
    assertFails(() -> ValueCodecs.DECIMAL.decodeLong(ascii("abc")), "'abc'");
    assertFails(() -> ValueCodecs.DECIMAL.decodeLong(ascii("2.5")), "'2.5'", "not an integer");
    assertFails(() -> ValueCodecs.DECIMAL.decodeLong(ascii("1e30")), "not an integer");
    assertFails(() -> ValueCodecs.DECIMAL.decodeLong(ascii("NaN")), "not an integer");
    // long garbage is abbreviated, not copied whole into the message
    String junk = "x".repeat(500);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ValueCodecs.DECIMAL.decodeDouble(ascii(junk)));
    assertTrue(e.getMessage().length() < 100, e.getMessage());
  }

  // ---- long ----

  @Test
  void longRoundTrips() {
    long[] values = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 53, 255, 256, -256};
    for (long v : values) {
      byte[] enc = ValueCodecs.LONG.encodeLong(v);
      assertEquals(8, enc.length);
      assertEquals(v, ValueCodecs.LONG.decodeLong(enc));
      assertEquals((double) v, ValueCodecs.LONG.decodeDouble(enc));
    }
    // big-endian, so byte order sorts non-negative values numerically
    assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 1, 2}, ValueCodecs.LONG.encodeLong(258));
    assertEquals(-3L, ValueCodecs.LONG.decodeLong(ValueCodecs.LONG.encodeDouble(-3.0)));
    byte[] window = new byte[12];
    System.arraycopy(ValueCodecs.LONG.encodeLong(-77), 0, window, 3, 8);
    assertEquals(-77L, ValueCodecs.LONG.decodeLong(window, 3, 8));
  }

  @Test
  void longErrors() {
    assertFails(() -> ValueCodecs.LONG.decodeLong(new byte[3]), "8 bytes", "3");
    assertFails(() -> ValueCodecs.LONG.decodeLong(new byte[9]), "8 bytes", "9");
    assertFails(() -> ValueCodecs.LONG.decodeLong(new byte[0]), "8 bytes", "0");
    assertFails(() -> ValueCodecs.LONG.decodeDouble(ascii("12")), "8 bytes", "2");
    assertFails(() -> ValueCodecs.LONG.encodeDouble(2.5), "2.5", "not an integer");
    assertFails(() -> ValueCodecs.LONG.encodeDouble(Double.NaN), "not an integer");
  }

  /** A double too large for a long must not be stored as Long.MAX_VALUE / MIN_VALUE. */
  @Test
  void longRefusesDoublesOutsideItsRange() {
    assertFails(() -> ValueCodecs.LONG.encodeDouble(1e300));
    assertFails(() -> ValueCodecs.LONG.encodeDouble(-1e19));
    assertFails(() -> ValueCodecs.LONG.encodeDouble(Double.POSITIVE_INFINITY));
  }

  // ---- double ----

  @Test
  void doubleRoundTrips() {
    double[] values = {0, -0.0, 1, -1, 0.1, -2.5, Math.E, 1e300, Double.MIN_VALUE,
        Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    for (double v : values) {
      byte[] enc = ValueCodecs.DOUBLE.encodeDouble(v);
      assertEquals(8, enc.length);
      assertEquals(Double.doubleToRawLongBits(v),
          Double.doubleToRawLongBits(ValueCodecs.DOUBLE.decodeDouble(enc)), "bits of " + v);
    }
    assertTrue(Double.isNaN(ValueCodecs.DOUBLE.decodeDouble(
        ValueCodecs.DOUBLE.encodeDouble(Double.NaN))));
    assertEquals(3L, ValueCodecs.DOUBLE.decodeLong(ValueCodecs.DOUBLE.encodeDouble(3.0)));
    assertEquals(-7L, ValueCodecs.DOUBLE.decodeLong(ValueCodecs.DOUBLE.encodeLong(-7)));
    assertEquals(-7.0, ValueCodecs.DOUBLE.decodeDouble(ValueCodecs.DOUBLE.encodeLong(-7)));
  }

  @Test
  void doubleErrors() {
    assertFails(() -> ValueCodecs.DOUBLE.decodeDouble(new byte[4]), "8 bytes", "4");
    assertFails(() -> ValueCodecs.DOUBLE.decodeDouble(ascii("3")), "8 bytes", "1");
    assertFails(() -> ValueCodecs.DOUBLE.decodeLong(new byte[7]), "8 bytes", "7");
    assertFails(() -> ValueCodecs.DOUBLE.decodeLong(ValueCodecs.DOUBLE.encodeDouble(2.5)),
        "2.5", "not an integer");
    assertFails(() -> ValueCodecs.DOUBLE.decodeLong(ValueCodecs.DOUBLE.encodeDouble(1e19)),
        "not an integer");
    assertFails(() -> ValueCodecs.DOUBLE.decodeLong(ValueCodecs.DOUBLE.encodeDouble(Double.NaN)),
        "not an integer");
  }

  // ---- lookup ----

  @Test
  void forNameFindsEachCodecAndNamesTheKnownOnes() {
    assertSame(ValueCodecs.DECIMAL, ValueCodecs.forName("decimal"));
    assertSame(ValueCodecs.LONG, ValueCodecs.forName(" LONG "));
    assertSame(ValueCodecs.DOUBLE, ValueCodecs.forName("Double"));
    assertEquals(Domain.FP64, ValueCodecs.DECIMAL.domain());
    assertEquals(Domain.INT64, ValueCodecs.LONG.domain());
    assertEquals(Domain.FP64, ValueCodecs.DOUBLE.domain());
    for (ValueCodec c : ValueCodecs.all()) {
      assertSame(c, ValueCodecs.forName(c.name()));
    }
    assertFails(() -> ValueCodecs.forName("text"), "'text'", "decimal", "long", "double");
    assertFails(() -> ValueCodecs.forName(null), "known");
  }
}
