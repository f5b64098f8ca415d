package org.spgemm.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Encode/decode of progress entries. */
class BatchStatsTest {

  private static BatchStats sample() {
    BatchStats s = new BatchStats();
    s.batches = 1;
    s.rows = 2;
    s.aEntries = 3;
    s.bRows = 4;
    s.bEntriesFetched = 5;
    s.products = 6_000_000_000L;
    s.cEntries = 7;
    s.fetchNanos = 8;
    s.kernelNanos = 9;
    s.writeNanos = 10;
    s.waitNanos = 11;
    s.rowNnz = 12;
    s.server = "host-1:4242";
    return s;
  }

  private static void assertSameStats(BatchStats e, BatchStats a) {
    assertEquals(e.batches, a.batches, "batches");
    assertEquals(e.rows, a.rows, "rows");
    assertEquals(e.aEntries, a.aEntries, "aEntries");
    assertEquals(e.bRows, a.bRows, "bRows");
    assertEquals(e.bEntriesFetched, a.bEntriesFetched, "bEntriesFetched");
    assertEquals(e.products, a.products, "products");
    assertEquals(e.cEntries, a.cEntries, "cEntries");
    assertEquals(e.fetchNanos, a.fetchNanos, "fetchNanos");
    assertEquals(e.kernelNanos, a.kernelNanos, "kernelNanos");
    assertEquals(e.writeNanos, a.writeNanos, "writeNanos");
    assertEquals(e.waitNanos, a.waitNanos, "waitNanos");
    assertEquals(e.rowNnz, a.rowNnz, "rowNnz");
    assertEquals(e.server, a.server, "server");
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
    assertEquals(2, total.batches);
    assertEquals(12_000_000_000L, total.products);
    assertEquals(24, total.rowNnz);
    assertEquals(22, total.waitNanos);
  }

  @Test
  void unknownFieldsAreIgnoredAndGarbageRefused() {
    BatchStats d = BatchStats.decode(
        "batches=3;futureField=9;rows=4;server=h:1".getBytes(StandardCharsets.UTF_8));
    assertEquals(3, d.batches);
    assertEquals(4, d.rows);
    assertEquals("h:1", d.server);
    assertThrows(IllegalArgumentException.class,
        () -> BatchStats.decode("hello world".getBytes(StandardCharsets.UTF_8)));
    assertThrows(IllegalArgumentException.class,
        () -> BatchStats.decode("batches=x".getBytes(StandardCharsets.UTF_8)));
  }
}
