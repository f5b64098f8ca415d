package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.junit.jupiter.api.Test;

class BRowCacheTest {

  private static ArrayByteSequence key(String s) {
    return new ArrayByteSequence(s.getBytes(StandardCharsets.UTF_8));
  }

  private static BRow row(long bytes) {
    return new BRow(new byte[0][], new long[0], null, 0, bytes);
  }

  @Test
  void keepsWhatFitsAndDropsTheLeastRecentlyUsed() {
    BRowCache c = new BRowCache(1000);
    BRow a = row(180); // costs 180 + 1 + 64 = 245: four fit, a fifth does not
    c.put(key("a"), a);
    c.put(key("b"), row(180));
    c.put(key("c"), row(180));
    c.put(key("d"), row(180));
    assertSame(a, c.get(key("a"))); // a is now the most recently used
    c.put(key("e"), row(180));
    assertNull(c.get(key("b")));
    assertTrue(c.contains(key("a")) && c.contains(key("c")) && c.contains(key("e")));
    assertTrue(c.bytes() <= 1000, "bytes " + c.bytes());
  }

  @Test
  void aRowOverAQuarterOfTheBudgetIsNotKept() {
    BRowCache c = new BRowCache(1000);
    c.put(key("hub"), row(300));
    assertFalse(c.contains(key("hub")));
    assertEquals(0, c.bytes());
  }

  @Test
  void replacingARowKeepsTheCountRight() {
    BRowCache c = new BRowCache(10_000);
    c.put(key("a"), row(100));
    c.put(key("a"), row(300));
    assertEquals(300 + 1 + 64, c.bytes());
  }
}
