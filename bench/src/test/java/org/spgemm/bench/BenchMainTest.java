package org.spgemm.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spgemm.bench.run.Measurement;
import org.spgemm.bench.run.Method;
import org.spgemm.bench.run.ResultsCsv;
import org.spgemm.mini.EmbeddedCluster;

/** Option errors of {@code spgemm bench}, found before any cluster starts, and --report-only. */
class BenchMainTest {

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return BenchMain.run(new PrintStream(new ByteArrayOutputStream(), true),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void graphuloMethodNeedsTheJar() {
    assertEquals(2, run("--methods", "Graphulo,RRp"));
    assertTrue(err().contains("method Graphulo needs --graphulo-jar"), err());
  }

  @Test
  void graphuloJarMustExist() {
    assertEquals(2, run("--graphulo-jar", tmp.resolve("g.jar").toString()));
    assertTrue(err().contains("--graphulo-jar: no file at " + tmp.resolve("g.jar")), err());
  }

  @Test
  void resumeNeedsABenchCsvAndItsOwnName() throws Exception {
    assertEquals(2, run("--resume", tmp.resolve("gone.csv").toString()));
    assertTrue(err().contains("no bench CSV at " + tmp.resolve("gone.csv")), err());

    Path csv = tmp.resolve("2026-01-01-x.csv");
    new ResultsCsv(csv).close();
    assertEquals(2, run("--resume", csv.toString(), "--name", "y"));
    assertTrue(err().contains("leave out --name and --out-dir"), err());
    assertEquals(2, run("--resume", csv.toString(), "--report-only", csv.toString()));
    assertTrue(err().contains("exclude each other"), err());
  }

  /** Results are written after hours of runs: where no file can be created, refuse first. */
  @Test
  void outputPlaceIsProbedBeforeAnyClusterStarts() {
    assertEquals(2, run("--quick", "--out-dir", "/proc/bench"));
    assertTrue(err().contains("bench: --out-dir /proc/bench: cannot create a file in /proc"),
        err());
  }

  @Test
  void embeddedClusterSizesAreBoundedWithTheLimitInTheMessage() {
    assertEquals(2, run("--tservers", "1,100"));
    assertTrue(err().contains("bench: --tservers must be between 1 and 16, not 100"), err());
    assertEquals(2, run("--tserver-heap-mb", "100000000"));
    assertTrue(err().contains("bench: --tserver-heap-mb must be between 128 and "
        + EmbeddedCluster.maxTserverHeapMb() + ", not 100000000"), err());
    assertEquals(2, run("--tserver-heap-mb", "64"));
    assertTrue(err().contains("--tserver-heap-mb must be between 128 and "), err());
  }

  @Test
  void scanRepsMustNotBeNegative() {
    assertEquals(2, run("--scan-reps", "-1"));
    assertTrue(err().contains("--verify-reps and --scan-reps not negative"), err());
  }

  @Test
  void valueBytesAreCheckedBeforeAnyClusterStarts() {
    assertEquals(2, run("--value-bytes", "16,2000"));
    assertTrue(err().contains("bench: --value-bytes 2000: a value size must be between 1 and"
        + " 1024 bytes, not 2000"), err());
  }

  @Test
  void reportOnlyRebuildsTheReportBesideTheCsv() throws Exception {
    Path csv = tmp.resolve("2026-01-01-x.csv");
    try (ResultsCsv out = new ResultsCsv(csv)) {
      for (int rep = 0; rep < 3; rep++) {
        out.add(new Measurement("rmat10_AA", "rmat-AA", 10, 1, rep, 0, Method.BL, 1, 1, 100, 10,
            100, -1, 4.0 + rep, 1, 10, -1, -1, "yes", ""));
        out.add(new Measurement("rmat10_AA", "rmat-AA", 10, 1, rep, 1, Method.RRP, 1, 1, 100, 10,
            10, 7, 1.0 + rep, 1, 10, -1, -1, 3, 0.5, 0.25, 2.0 + rep, 0, "yes", "")
            .withBytes(new Measurement.Bytes(32, 2_000_000, 500_000, 1_000_000 * (rep + 1),
                3_000_000)));
        out.add(new Measurement("rmat10_AA", "rmat-AA", 10, 1, rep, 2, Method.FLOOR, 1, 1, 100,
            10, 10, -1, 0.5, 1, 10, -1, -1, "yes", ""));
      }
    }
    assertEquals(0, run("--report-only", csv.toString()), err());
    String md = Files.readString(tmp.resolve("2026-01-01-x.md"));
    // medians 5.0, 2.0 and 0.5: RRp 2.5 and the floor 10 times faster than BL
    assertTrue(md.contains("| rmat10_AA | 5.00 | 2.00 | 0.50 | 2.50 | 10.00 |"), md);
    // RRp 2.0 s against the floor's 0.5 s; worker-seconds and B counts are medians
    assertTrue(md.contains("| rmat10_AA | RRp | 2.00 | 0.50 | 4.00 | 0.50 | 0.25 | 3.00 | 0.00"
        + " | 7 | 3 | 2.00 | 0.50 | 2.00 | 3.00 |"), md);
  }
}
