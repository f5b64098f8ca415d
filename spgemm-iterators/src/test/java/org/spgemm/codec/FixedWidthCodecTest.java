package org.spgemm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Decimal values written at a fixed size: the padded strings, and that every reader (the decimal
 * codec on both of its paths, Long.parseLong and Double.parseDouble as Graphulo reads) gets the
 * unpadded value back exactly.
 */
class FixedWidthCodecTest {

  private static final ValueCodec D = ValueCodecs.DECIMAL;

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.US_ASCII);
  }

  @Test
  void padsAfterTheSign() {
    ValueCodec c16 = ValueCodecs.fixedWidth(D, 16);
    assertEquals("0000000000000003", text(c16.encodeLong(3)));
    assertEquals("-000000000000003", text(c16.encodeLong(-3)));
    assertEquals("0000000000000003", text(c16.encodeDouble(3.0)));
    assertEquals("00000000000.25", text(ValueCodecs.fixedWidth(D, 14).encodeDouble(0.25)));
    assertEquals("-0000001.0E-5", text(ValueCodecs.fixedWidth(D, 13).encodeDouble(-1e-5)));
    assertEquals("0000000000000000", text(c16.encodeDouble(0)));
    assertEquals("-3", text(ValueCodecs.fixedWidth(D, 2).encodeLong(-3)), "exact fit: as is");
    assertEquals("decimal", c16.name());
    assertEquals(Domain.FP64, c16.domain());
  }

  /** Every size the bench uses and the extremes: exact round trips through every reader. */
  @Test
  void paddedValuesDecodeToTheUnpaddedOnes() {
    SplittableRandom rnd = new SplittableRandom(7);
    double[] fixed = {0, 1, -1, 3, -3, 26, -0.25, 0.1, 1e6, 1e15, -1e15, 1e-300, Math.PI,
        -Double.MAX_VALUE, Double.MIN_VALUE, 123456789012345.0, 999_999_999_999_999_999.0};
    for (int width : new int[] {24, 25, 32, 64, 128, 1024}) {
      ValueCodec c = ValueCodecs.fixedWidth(D, width);
      for (int i = 0; i < fixed.length + 2000; i++) {
        double v = i < fixed.length ? fixed[i]
            : (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(-30, 30));
        byte[] padded = c.encodeDouble(v);
        byte[] plain = D.encodeDouble(v);
        assertEquals(width, padded.length, text(padded));
        assertEquals(D.decodeDouble(plain), D.decodeDouble(padded), 0.0, text(padded));
        assertEquals(v, Double.parseDouble(text(padded)), 0.0, text(padded));
      }
    }
  }

  /** Integers, on the codec's fast path (up to 18 bytes) and beyond it, and Long.parseLong. */
  @Test
  void paddedIntegersDecodeExactly() {
    SplittableRandom rnd = new SplittableRandom(11);
    long[] fixed = {0, 1, -1, 7, Long.MAX_VALUE, Long.MIN_VALUE, 999_999_999_999_999_999L,
        -99_999_999_999_999_999L, 1L << 53, (1L << 53) + 1};
    for (int width : new int[] {16, 17, 18, 19, 20, 32, 64, 128}) {
      ValueCodec c = ValueCodecs.fixedWidth(D, width);
      for (int i = 0; i < fixed.length + 2000; i++) {
        long v = i < fixed.length ? fixed[i] : rnd.nextLong() >> rnd.nextInt(0, 63);
        if (Long.toString(v).length() > width) {
          continue;
        }
        byte[] padded = c.encodeLong(v);
        assertEquals(width, padded.length);
        assertEquals(v, D.decodeLong(padded), text(padded));
        assertEquals(v, Long.parseLong(text(padded)), text(padded));
        assertEquals(D.decodeDouble(D.encodeLong(v)), D.decodeDouble(padded), 0.0, text(padded));
      }
    }
  }

  /** A padded fraction is still no integer for decodeLong, as unpadded. */
  @Test
  void paddedFractionIsNoInteger() {
    byte[] padded = ValueCodecs.fixedWidth(D, 32).encodeDouble(0.5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> D.decodeLong(padded));
    assertTrue(e.getMessage().contains("not an integer"), e.getMessage());
    assertEquals(3, D.decodeLong(ValueCodecs.fixedWidth(D, 32).encodeDouble(3.0)));
  }

  @Test
  void refusesWhatCannotBeWritten() {
    IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
        () -> ValueCodecs.fixedWidth(D, 16).encodeDouble(Math.PI));
    assertEquals("3.141592653589793 needs 17 bytes, more than the value size of 16",
        tooLong.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> ValueCodecs.fixedWidth(D, 16).encodeDouble(Double.NaN));
    for (ValueCodec binary : new ValueCodec[] {ValueCodecs.LONG, ValueCodecs.DOUBLE}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ValueCodecs.fixedWidth(binary, 16));
      assertTrue(e.getMessage().contains("decimal codec only") && e.getMessage()
          .contains(binary.name()), e.getMessage());
    }
    for (int bad : new int[] {0, -1, ValueCodecs.MAX_VALUE_BYTES + 1}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ValueCodecs.fixedWidth(D, bad));
      assertTrue(e.getMessage().contains("between 1 and 1024"), e.getMessage());
    }
    ValueCodec twice = ValueCodecs.fixedWidth(ValueCodecs.fixedWidth(D, 64), 16);
    assertEquals(16, twice.encodeLong(5).length, "widening a widened codec sets the new size");
  }
}
