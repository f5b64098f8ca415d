package org.spgemm.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MeasurementTest {

  @Test
  void csvRoundTrips() {
    Measurement ok = new Measurement("rmat10_AA", "rmat-AA", 10, 2, 1, 3, Method.GRRP, 12168,
        12168, 814377, 272374, 272374, 51234, 0.5, 0.25, 272374, 3.5, 1.25, "skipped", "");
    assertEquals(ok, Measurement.parse(ok.csv()));
    Measurement failed = new Measurement("p", "poisson7", 8, 1, 0, 0, Method.BL, 1, 2, 3, 4, -1,
        -1, -1, -1, -1, -1, -1, "skipped", "java.lang.IllegalStateException: a, b \"c\"");
    Measurement back = Measurement.parse(failed.csv());
    assertEquals(Method.BL, back.method());
    assertEquals("java.lang.IllegalStateException: a, b 'c'", back.error());

    Measurement counted = new Measurement("rmat10_AA", "rmat-AA", 10, 2, 0, 1, Method.RRP, 12168,
        12168, 814377, 272374, 272374, 43243, 0.94, 1.02, 272374, -1, -1, 5120, 1.25, 0.5, 3.75,
        0.125, "yes", "");
    assertEquals(counted, Measurement.parse(counted.csv()));
    assertEquals(Measurement.HEADER.split(",").length, counted.csv().split(",", -1).length);
  }

  @Test
  void recordsTheBandwidthOfARealCluster() {
    Measurement m = new Measurement("rmat10_AA", "rmat-AA", 10, 3, 0, 1, Method.RRP, 12168,
        12168, 814377, 272374, 272374, 43243, 0.94, 1.02, 272374, -1, -1, 5120, 1.25, 0.5, 3.75,
        0.125, "yes", "");
    assertEquals(Measurement.EMBEDDED, m.bandwidth());
    Measurement capped = m.withBandwidth("100mbit");
    assertEquals(capped, Measurement.parse(capped.csv()));
    assertEquals("100mbit", Measurement.parse(capped.csv()).bandwidth());
    // a row of the layout before the bandwidth column ran embedded
    assertEquals(Measurement.EMBEDDED, Measurement.parse("rmat10_AA,rmat-AA,10,2,0,1,RRp,12168,"
        + "12168,814377,272374,272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,5120,1.2500,"
        + "0.5000,3.7500,0.1250,866358,yes,").bandwidth());
  }

  @Test
  void recordsTheValueSizeAndTheBytes() {
    Measurement m = new Measurement("rmat10_AB_v32", "rmat-AB", 10, 4, 0, 1, Method.GRRP, 12168,
        12168, 814377, 272374, 272374, 43243, 0.94, 1.02, 272374, 2.5, 1.5, 5120, 1.25, 0.5,
        3.75, 0.125, "yes", "").withBandwidth("100mbit")
        .withBytes(new Measurement.Bytes(32, 2_700_000, 1_900_000, 320_000, 15_000_000));
    Measurement back = Measurement.parse(m.csv());
    assertEquals(m, back);
    assertEquals(32, back.bytes().valueBytes());
    assertEquals(320_000, back.bytes().bRemote());
    assertEquals(15_000_000, back.bytes().cWritten());
    assertEquals("100mbit", back.bandwidth());
    assertEquals(Measurement.HEADER.split(",").length, m.csv().split(",", -1).length);
    // a row of the layout before the byte columns: normal-form values, nothing counted
    Measurement before = Measurement.parse("rmat10_AA,rmat-AA,10,2,0,1,RRp,12168,12168,814377,"
        + "272374,272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,5120,1.2500,0.5000,3.7500,"
        + "0.1250,100mbit,866358,yes,");
    assertEquals(Measurement.Bytes.NONE, before.bytes());
    assertEquals("100mbit", before.bandwidth());
    assertEquals(5120, before.bEntriesRemote());
  }

  @Test
  void recordsTheEngine() {
    Measurement m = new Measurement("rmat10_AB", "rmat-AB", 10, 2, 0, 1, Method.RRP, 12168,
        12168, 814377, 272374, 272374, 43243, 0.94, 1.02, 272374, -1, -1, 5120, 1.25, 0.5, 3.75,
        0.125, "yes", "").withBytes(new Measurement.Bytes(0, 2_700_000, 1_900_000, 320_000,
        15_000_000)).withEngine("bulk");
    Measurement back = Measurement.parse(m.csv());
    assertEquals(m, back);
    assertEquals("bulk", back.engine());
    assertEquals(Measurement.HEADER.split(",").length, m.csv().split(",", -1).length);
    assertEquals(Measurement.NO_ENGINE, new Measurement("p", "poisson7", 8, 1, 0, 0, Method.BL,
        1, 2, 3, 4, -1, -1, 0.5, -1, -1, -1, -1, "skipped", "").engine());
    // a row of the layout before the engine column
    Measurement before = Measurement.parse("rmat10_AA,rmat-AA,10,2,0,1,RRp,12168,12168,814377,"
        + "272374,272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,5120,1.2500,0.5000,3.7500,"
        + "0.1250,100mbit,128,2700000,1900000,320000,15000000,866358,yes,");
    assertEquals(Measurement.NO_ENGINE, before.engine());
    assertEquals(128, before.bytes().valueBytes());
    assertEquals(15_000_000, before.bytes().cWritten());
    assertEquals("yes", before.verified());
  }

  @Test
  void recordsTheCompactionsLeftBehind() {
    Measurement m = new Measurement("rmat14_AB", "rmat-AB", 14, 2, 1, 0, Method.RRP, 228479,
        228343, 53142062, 20191570, 20191570, 456686, 4.71, -1, -1, -1, -1, 228343, 2.07, 2.68,
        17.86, 6.07, "skipped", "").withEngine("bulk").withSettleSeconds(2.9);
    Measurement back = Measurement.parse(m.csv());
    assertEquals(m, back);
    assertEquals(2.9, back.settleSeconds(), 1e-9);
    assertEquals(4.71 + 2.9, back.settledSeconds(), 1e-9);
    assertEquals(Measurement.HEADER.split(",").length, m.csv().split(",", -1).length);
    // a row of the layout before the column: not measured, so no settled time either
    Measurement before = Measurement.parse("rmat10_AA,rmat-AA,10,2,0,1,RRp,12168,12168,814377,"
        + "272374,272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,5120,1.2500,0.5000,3.7500,"
        + "0.1250,100mbit,128,2700000,1900000,320000,15000000,bulk,866358,yes,");
    assertEquals("bulk", before.engine());
    assertEquals(-1, before.settleSeconds());
    assertTrue(Double.isNaN(before.settledSeconds()));
    assertEquals("yes", before.verified());
  }

  @Test
  void readsRowsOfThePreviousLayout() {
    Measurement m = Measurement.parse("rmat10_AA,rmat-AA,10,1,0,1,RRp,12168,12168,814377,272374,"
        + "272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,866358,yes,");
    assertEquals(0.94, m.multiplySeconds());
    assertEquals(43243, m.bEntriesFetched());
    assertEquals(-1, m.bEntriesRemote());
    assertEquals(-1, m.writeWorkerSeconds());
    assertEquals("yes", m.verified());
  }
}
