package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

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
  void keepsWhatFitsWithinItsBytes() {
    BRowCache c = new BRowCache(1000);
    BRow a = row(180); // costs 180 + 1 + 64 = 245: four fit, a fifth does not
    c.put(key("a"), a);
    assertSame(a, c.get(key("a")));
    for (String k : new String[] {"b", "c", "d", "e"}) {
      c.put(key(k), row(180));
    }
    int kept = 0;
    for (String k : new String[] {"a", "b", "c", "d", "e"}) {
      kept += c.contains(key(k)) ? 1 : 0;
    }
    assertEquals(4, kept);
    assertEquals(4 * 245, c.bytes());
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
