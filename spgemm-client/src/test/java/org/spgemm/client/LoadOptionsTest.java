package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;

/** The value size of a load: checked when built, and every value checked before any write. */
class LoadOptionsTest {

  @Test
  void normalFormIsTheCodecItself() {
    assertSame(ValueCodecs.DECIMAL, LoadOptions.of(ValueCodecs.DECIMAL).writer());
    assertSame(ValueCodecs.LONG, LoadOptions.of(ValueCodecs.LONG).writer());
  }

  @Test
  void valueSizeWidensTheDecimalCodec() {
    LoadOptions o = LoadOptions.of(ValueCodecs.DECIMAL).withValueBytes(32);
    assertEquals(32, o.valueBytes());
    assertSame(ValueCodecs.DECIMAL, o.codec(), "read back and multiplied as decimal");
    byte[] v = o.writer().encodeLong(-7);
    assertEquals("-0000000000000000000000000000007", new String(v, StandardCharsets.US_ASCII));
  }

  @Test
  void refusesSizesTheCodecCannotWrite() {
    InvalidOptionException binary = assertThrows(InvalidOptionException.class,
        () -> LoadOptions.of(ValueCodecs.DOUBLE).withValueBytes(16));
    assertEquals("a value size applies to the decimal codec only: the double codec"
        + " writes 8 binary bytes, and its readers take exactly 8", binary.getMessage());
    InvalidOptionException big = assertThrows(InvalidOptionException.class,
        () -> new LoadOptions(ValueCodecs.DECIMAL, 2000));
    assertEquals("a value size must be between 1 and 1024 bytes, not 2000",
        big.getMessage());
  }

  @Test
  void checkNamesTheFirstValueThatDoesNotFit() {
    SparseMatrix m = SparseMatrix.fromCoordinates(3, 3, new int[] {0, 2}, new int[] {1, 2},
        new double[] {3, 0.123456789}, 2);
    LoadOptions.of(ValueCodecs.DECIMAL).withValueBytes(11).check(m, "a.mtx");
    InvalidOptionException e = assertThrows(InvalidOptionException.class,
        () -> LoadOptions.of(ValueCodecs.DECIMAL).withValueBytes(10).check(m, "a.mtx"));
    assertEquals("a.mtx: entry (3, 3) cannot be stored with codec decimal at 10 bytes:"
        + " 0.123456789 needs 11 bytes, more than the value size of 10", e.getMessage());
  }
}
