package org.spgemm.progress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Encode/decode of progress entries. */
class BatchStatsTest {

  private static BatchStats sample() {
    BatchStats s = new BatchStats();
    for (Counter c : Counter.values()) {
      s.set(c, c.ordinal() + 1);
    }
    s.set(Counter.PRODUCTS, 6_000_000_000L);
    s.server = "host-1:4242";
    return s;
  }

  private static void assertSameStats(BatchStats e, BatchStats a) {
    for (Counter c : Counter.values()) {
      assertEquals(e.get(c), a.get(c), c.key);
    }
    assertEquals(e.server, a.server, "server");
    assertEquals(e.files, a.files, "files");
    assertEquals(e.file == null, a.file == null, "file");
    if (e.file != null) {
      assertEquals(e.file.name(), a.file.name(), "file's name");
      assertArrayEquals(e.file.firstRow(), a.file.firstRow(), "file's first row");
      assertArrayEquals(e.file.lastRow(), a.file.lastRow(), "file's last row");
    }
    assertEquals(e.error, a.error, "error");
  }

  @Test
  void roundTripWithoutError() {
    BatchStats s = sample();
    BatchStats d = BatchStats.decode(s.encode());
    assertSameStats(s, d);
    assertNull(d.error);
  }

  @Test
  void roundTripOfAnEmptyOne() {
    BatchStats s = new BatchStats();
    assertSameStats(s, BatchStats.decode(s.encode()));
  }

  @Test
  void errorTextMayHoldSeparators() {
    BatchStats s = sample();
    s.error = "bad value of A(r1;x, c=2) in family A: 'a;b=c' is not a decimal number;rows=99";
    BatchStats d = BatchStats.decode(s.encode());
    assertSameStats(s, d);
  }

  @Test
  void bulksDirectoryAndFileComeBack() {
    BatchStats s = sample();
    s.files = "hdfs://nn:8020/accumulo/spgemm-c/5f0c-41";
    s.file = new CFile("1b2c.rf", "00".getBytes(StandardCharsets.UTF_8),
        "09".getBytes(StandardCharsets.UTF_8));
    s.error = "after them";
    assertTrue(new String(s.encode(), StandardCharsets.UTF_8).contains(";file=1b2c.rf 3030 3039;"),
        "rows in hex");
    assertSameStats(s, BatchStats.decode(s.encode()));
  }

  @Test
  void errorWithNewlinesComesBackOnOneLine() {
    BatchStats s = sample();
    s.error = "line one\nline two";
    assertEquals("line one line two", BatchStats.decode(s.encode()).error);
    s.error = "";
    assertEquals("", BatchStats.decode(s.encode()).error);
  }

  @Test
  void addSumsCounts() {
    BatchStats total = new BatchStats();
    total.add(sample());
    total.add(sample());
    assertEquals(2, total.get(Counter.BATCHES));
    assertEquals(12_000_000_000L, total.get(Counter.PRODUCTS));
    assertEquals(2 * (Counter.ROW_NNZ.ordinal() + 1), total.get(Counter.ROW_NNZ));
    assertEquals(2 * (Counter.WAIT_NANOS.ordinal() + 1), total.get(Counter.WAIT_NANOS));
  }

  @Test
  void unknownFieldsAreIgnoredAndGarbageRefused() {
    BatchStats d = BatchStats.decode(
        "batches=3;futureField=9;rows=4;server=h:1".getBytes(StandardCharsets.UTF_8));
    assertEquals(3, d.get(Counter.BATCHES));
    assertEquals(4, d.get(Counter.ROWS));
    assertEquals("h:1", d.server);
    assertThrows(IllegalArgumentException.class,
        () -> BatchStats.decode("hello world".getBytes(StandardCharsets.UTF_8)));
    assertThrows(IllegalArgumentException.class,
        () -> BatchStats.decode("batches=x".getBytes(StandardCharsets.UTF_8)));
  }
}
