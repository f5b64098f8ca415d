package org.spgemm.bench.bl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BlOptionsTest {

  @Test
  void parsesDefaultsAndRejectsBadValues() {
    BlOptions o = BlOptions.parse(Map.of(BlOptions.AT_TABLE, "AT", BlOptions.C_TABLE, "C1"));
    assertEquals(new BlOptions("AT", "A", "C1", "C", BlOptions.DEFAULT_BATCH_PRODUCTS), o);
    assertThrows(IllegalArgumentException.class, () -> BlOptions.parse(Map.of(
        BlOptions.C_TABLE, "C")));
    assertThrows(IllegalArgumentException.class, () -> BlOptions.parse(Map.of(
        BlOptions.AT_TABLE, "AT", BlOptions.C_TABLE, "C", BlOptions.BATCH_PRODUCTS, "0")));
  }

  @Test
  void countsRoundTrip() {
    BlCounts c = new BlCounts();
    c.rows = 3;
    c.products = 12345;
    BlCounts d = BlCounts.decode(c.encode());
    assertEquals(3, d.rows);
    assertEquals(12345, d.products);
  }
}
