package org.spgemm.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsCsvTest {

  @TempDir
  Path tmp;

  static Measurement row(Method m, int rep, double seconds) {
    return new Measurement("rmat10_AA", "rmat-AA", 10, 2, rep, 0, m, 12168, 12168, 814377,
        272374, 272374, -1, seconds, 0.25, 272374, -1, -1, "skipped", "");
  }

  @Test
  void resumeAppendsAfterTheRowsAlreadyWritten() throws Exception {
    Path csv = tmp.resolve("run.csv");
    try (ResultsCsv out = new ResultsCsv(csv)) {
      out.add(row(Method.BL, 0, 2.5));
    }
    try (ResultsCsv out = ResultsCsv.resume(csv)) {
      out.add(row(Method.RRP, 0, 1.0));
    }
    assertEquals(List.of(row(Method.BL, 0, 2.5), row(Method.RRP, 0, 1.0)),
        ResultsCsv.read(csv));
    assertEquals(3, Files.readAllLines(csv).size());
  }

  @Test
  void resumingACsvOfThePreviousLayoutRewritesItFirst() throws Exception {
    resumesInTheCurrentLayout("old.csv", Measurement.LEGACY_HEADER, "rmat10_AA,rmat-AA,10,1,0,1,"
        + "RRp,12168,12168,814377,272374,272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,866358,"
        + "yes,", row(Method.FLOOR, 0, 0.5));
  }

  @Test
  void resumingACsvWithoutTheByteColumnsRewritesItFirst() throws Exception {
    resumesInTheCurrentLayout("bw.csv", Measurement.BANDWIDTH_HEADER, "rmat10_AA,rmat-AA,10,2,0,1,"
        + "RRp,12168,12168,814377,272374,272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,5120,"
        + "1.2500,0.5000,3.7500,0.1250,none,866358,yes,", row(Method.GRRP, 0, 0.5)
            .withBytes(new Measurement.Bytes(64, 1000, 600, 100, 5000)));
  }

  @Test
  void resumingACsvWithoutTheEngineColumnRewritesItFirst() throws Exception {
    resumesInTheCurrentLayout("bytes.csv", Measurement.BYTES_HEADER, "rmat10_AA,rmat-AA,10,2,0,1,"
        + "RRp,12168,12168,814377,272374,272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,5120,"
        + "1.2500,0.5000,3.7500,0.1250,100mbit,128,2700000,1900000,320000,15000000,866358,yes,",
        row(Method.RRP, 1, 0.5).withEngine("compaction"));
  }

  @Test
  void resumingACsvWithoutTheSettleColumnRewritesItFirst() throws Exception {
    resumesInTheCurrentLayout("engine.csv", Measurement.ENGINE_HEADER, "rmat10_AA,rmat-AA,10,2,0,"
        + "1,RRp,12168,12168,814377,272374,272374,43243,0.9400,1.0200,272374,-1.0000,-1.0000,5120,"
        + "1.2500,0.5000,3.7500,0.1250,100mbit,128,2700000,1900000,320000,15000000,bulk,866358,"
        + "yes,", row(Method.RRP, 1, 0.5).withEngine("bulk").withSettleSeconds(1.25));
  }

  /**
   * Resumes file {@code name}, written with {@code header} and holding {@code oldRow}, and adds
   * {@code ran}: the file is then in the current layout, and both rows read back.
   */
  private void resumesInTheCurrentLayout(String name, String header, String oldRow,
      Measurement ran) throws Exception {
    Path csv = tmp.resolve(name);
    Files.writeString(csv, header + "\n" + oldRow + "\n");
    try (ResultsCsv out = ResultsCsv.resume(csv)) {
      out.add(ran);
    }
    assertEquals(Measurement.HEADER, Files.readAllLines(csv).get(0));
    assertEquals(List.of(Measurement.parse(oldRow), ran), ResultsCsv.read(csv));
  }

  @Test
  void refusesWhatIsNotABenchCsv() throws Exception {
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> ResultsCsv.resume(tmp.resolve("none.csv")));
    assertTrue(missing.getMessage().contains("no bench CSV at"), missing.getMessage());

    Path other = Files.writeString(tmp.resolve("other.csv"), "a,b,c\n1,2,3\n");
    IllegalArgumentException header = assertThrows(IllegalArgumentException.class,
        () -> ResultsCsv.resume(other));
    assertTrue(header.getMessage().contains(other + " is not a bench CSV"), header.getMessage());
    assertEquals("a,b,c\n1,2,3\n", Files.readString(other), "nothing appended");

    Path torn = tmp.resolve("torn.csv");
    try (ResultsCsv out = new ResultsCsv(torn)) {
      out.add(row(Method.BL, 0, 2.5));
    }
    Files.writeString(torn, "rmat10_AA,rmat-AA,10", java.nio.file.StandardOpenOption.APPEND);
    IllegalArgumentException line = assertThrows(IllegalArgumentException.class,
        () -> ResultsCsv.read(torn));
    assertTrue(line.getMessage().contains("line 3"), line.getMessage());
  }
}
