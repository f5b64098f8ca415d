package org.spgemm.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The accumulators by name, their operand order, and INT64 division as GraphBLAS defines it. */
class BinaryOpsTest {

  @Test
  void namesRoundTripCaseInsensitively() {
    for (String n : BinaryOps.names()) {
      assertSame(BinaryOps.forName(n.toLowerCase()), BinaryOps.forName(n));
      assertEquals(n, BinaryOps.nameOf(BinaryOps.forName(n)));
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BinaryOps.forName("avg"));
    assertTrue(e.getMessage().contains("unknown accumulator 'avg'"), e.getMessage());
  }

  @Test
  void firstOperandIsTheStoredC() {
    assertEquals(3.0, BinaryOps.FIRST.applyAsDouble(3, 5));
    assertEquals(5L, BinaryOps.SECOND.applyAsLong(3, 5));
    assertEquals(-2.0, BinaryOps.MINUS.applyAsDouble(3, 5));
    assertEquals(0.6, BinaryOps.DIV.applyAsDouble(3, 5), 1e-15);
  }

  @Test
  void int64DivisionByZeroAndOverflow() {
    assertEquals(0L, BinaryOps.DIV.applyAsLong(0, 0));
    assertEquals(Long.MAX_VALUE, BinaryOps.DIV.applyAsLong(7, 0));
    assertEquals(Long.MIN_VALUE, BinaryOps.DIV.applyAsLong(-7, 0));
    assertEquals(Long.MIN_VALUE, BinaryOps.DIV.applyAsLong(Long.MIN_VALUE, -1));
    assertEquals(-3L, BinaryOps.DIV.applyAsLong(7, -2));
    assertEquals(Double.POSITIVE_INFINITY, BinaryOps.DIV.applyAsDouble(1, 0));
  }
}
