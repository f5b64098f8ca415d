package org.spgemm.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command's option conflicts (issue 24, item 4), refused before anything starts: exit 2,
 * one line naming the options, in milliseconds, no cluster started and no table created.
 * Runs that would reach a cluster get a --client-props file that does not exist (added unless
 * the case says {@code {embedded}}) and --table T (unless it says {@code {notable}}), so a conflict that wrongly passed its check ends on that
 * file's message instead and fails here; an {@code {embedded}} case that wrongly passed would
 * start a cluster and fail on its time and message.
 */
class OptionConflictsTest {

  @TempDir
  static Path dir;

  /** The slowest refusal seen, for the report printed at the end. */
  private static long slowestNanos;
  private static String slowest;
  private static final Set<String> COMMANDS_SEEN = new TreeSet<>();

  /** One conflict: what is wrong, the arguments ({d} = the files' directory), the message. */
  record Case(String what, String args, String message) {
    @Override
    public String toString() {
      return what;
    }
  }

  private static Case c(String what, String args, String message) {
    return new Case(what, args, message);
  }

  static List<Case> cases() {
    String tm = " --a-family G --table T";
    return List.of(
        // multiply: the two ways in, and what each refuses
        c("multiply without input", "multiply --out {d}/c.mtx",
            "multiply needs its input: --a FILE (Matrix Market, loaded into a new table) or"
                + " --a-family F of an existing --table"),
        c("multiply --a with --a-family", "multiply --a {d}/ok.mtx --out {d}/c.mtx --a-family G",
            "--a loads files into a new table; --a-family names a family already in --table"),
        c("multiply --a with --b-family", "multiply --a {d}/ok.mtx --out {d}/c.mtx --b-family B",
            "--a loads files into a new table; --b-family names a family already in --table"),
        c("multiply --a with --mask-family", "multiply --a {d}/ok.mtx --out {d}/c.mtx"
            + " --mask-family M", "--mask-family names a family already in --table"),
        c("multiply --a without --out", "multiply --a {d}/ok.mtx",
            "--out is required with --a"),
        c("multiply --a-family without --table", "multiply --a-family G {notable}",
            "--a-family needs --table"),
        c("multiply --a-family on the embedded cluster", "multiply" + tm + " {embedded}",
            TableOptions.NEEDS_CLUSTER),
        c("multiply --a-family with --b FILE", "multiply" + tm + " --b {d}/ok.mtx",
            "--b is for --a FILE; with --a-family the matrices are families of --table"),
        c("multiply --a-family with --mask FILE", "multiply" + tm + " --mask {d}/ok.mtx",
            "--mask is for --a FILE"),
        c("multiply --a-family with --c-in FILE", "multiply" + tm + " --c-in {d}/ok.mtx"
            + " --accum plus", "--c-in is for --a FILE"),
        c("multiply --a-family with --out", "multiply" + tm + " --out {d}/c.mtx",
            "--out is for --a FILE"),
        c("multiply --a-family with --partition", "multiply" + tm + " --partition 2",
            "--partition is for --a FILE"),
        c("multiply --a-family with --rows", "multiply" + tm + " --rows 1:2",
            "--rows is for --a FILE"),
        c("multiply --a-family with --replace-table", "multiply" + tm + " --replace-table",
            "--replace-table is for --a FILE"),
        c("multiply --a-family with --value-bytes", "multiply" + tm + " --value-bytes 32",
            "--value-bytes is for --a FILE"),
        c("multiply --value-bytes with a binary codec", "multiply --a {d}/ok.mtx --out"
            + " {d}/c.mtx --codec double --value-bytes 16", "--value-bytes 16: a value size"
                + " applies to the decimal codec only: the double codec writes 8 binary bytes,"
                + " and its readers take exactly 8"),
        c("multiply --value-bytes too large", "multiply --a {d}/ok.mtx --out {d}/c.mtx"
            + " --value-bytes 2000", "--value-bytes 2000: a value size must be between 1 and"
                + " 1024 bytes, not 2000"),
        c("multiply value too long for --value-bytes", "multiply --a {d}/ok.mtx --b {d}/pi.mtx"
            + " --out {d}/c.mtx --value-bytes 4", "{d}/pi.mtx: entry (1, 2) cannot be stored"
                + " with codec decimal at 4 bytes: 3.14159 needs 7 bytes, more than the value"
                + " size of 4 (--value-bytes)"),
        c("multiply --a-family with --tablets", "multiply" + tm + " --tablets 4",
            "--tablets is for --a FILE"),
        c("multiply --a-family with --write-floor", "multiply" + tm + " --write-floor",
            "--write-floor is for --a FILE"),
        c("multiply mask mode without a mask family", "multiply" + tm + " --mask-structure",
            "--mask-structure and --mask-complement need --mask or --mask-family"),
        c("multiply C in A's family", "multiply" + tm + " --c-family G",
            "option 'cFamily' (G) must differ from the A and B families"),
        c("multiply --engine scan accumulating into a table's C", "multiply" + tm
            + " --accum plus --engine scan", "--engine scan writes C beside what is there"),
        c("multiply unknown semiring on a table", "multiply" + tm + " --semiring NOPE",
            "unknown semiring 'NOPE'"),
        c("multiply unknown accumulator on a table", "multiply" + tm + " --accum avg",
            "unknown accumulator 'avg'"),
        c("multiply no threads on a table", "multiply" + tm + " --threads 0",
            "--threads: threads must be between 1 and 256, not 0"),
        c("multiply unknown engine on a table", "multiply" + tm + " --engine fast",
            "--engine: unknown engine 'fast'"),
        c("multiply --stats into a directory on a table", "multiply" + tm + " --stats {d}",
            "--stats {d}: is a directory"),
        // the algorithms: input, fixed semirings, engines, k, source
        c("ktruss without input", "ktruss --k 3 --out {d}/t.mtx", "ktruss needs its input"),
        c("ktruss --a with --a-family", "ktruss --k 3 --out {d}/t.mtx --a {d}/ok.mtx"
            + " --a-family G --table T", "--a loads a file into a new table; --a-family"),
        c("ktruss --a without --out", "ktruss --k 3 --a {d}/ok.mtx",
            "--out is required with --a"),
        c("ktruss k below 3", "ktruss --k 2 --a {d}/ok.mtx --out {d}/t.mtx",
            "ktruss: k must be at least 3, not 2"),
        c("ktruss k below 3 on a table", "ktruss --k 2" + tm, "ktruss: k must be at least 3"),
        c("ktruss fixes its semiring", "ktruss --k 3" + tm + " --semiring MIN_PLUS",
            "Unknown options: '--semiring'"),
        c("ktruss --a-family without --table", "ktruss --k 3 --a-family G {notable}",
            "--a-family needs --table"),
        c("ktruss --a-family on the embedded cluster", "ktruss --k 3" + tm + " {embedded}",
            TableOptions.NEEDS_CLUSTER),
        c("ktruss --a-family with --replace-table", "ktruss --k 3" + tm + " --replace-table",
            "--replace-table is for --a FILE"),
        c("ktruss --a-family with --verify", "ktruss --k 3" + tm + " --verify",
            "--verify is for --a FILE"),
        c("ktruss --a-family with --value-bytes", "ktruss --k 3" + tm + " --value-bytes 16",
            "--value-bytes is for --a FILE"),
        c("ktruss --a-family with --tablets", "ktruss --k 3" + tm + " --tablets 2",
            "--tablets is for --a FILE"),
        c("ktruss unknown engine", "ktruss --k 3" + tm + " --engine fast",
            "--engine: unknown engine 'fast'"),
        c("triangles fixes its semiring", "triangles" + tm + " --semiring PLUS_TIMES",
            "Unknown options: '--semiring'"),
        c("triangles without input", "triangles", "triangles needs its input"),
        c("triangles no threads", "triangles --a {d}/ok.mtx --threads 0",
            "--threads: threads must be between 1 and 256, not 0"),
        c("jaccard fixes its semirings", "jaccard" + tm + " --semiring MAX_PLUS",
            "Unknown options: '--semiring'"),
        c("jaccard cannot use the scan engine", "jaccard" + tm + " --engine scan",
            "jaccard accumulates into families it wrote before"),
        c("jaccard --a without --out", "jaccard --a {d}/ok.mtx", "--out is required with --a"),
        c("bfs fixes its semiring", "bfs --source a" + tm + " --out {d}/l.txt --semiring"
            + " MIN_PLUS", "Unknown options: '--semiring'"),
        c("bfs source 0", "bfs --source 0 --a {d}/ok.mtx --out {d}/l.txt",
            "--source 0 is not a vertex (they are numbered from 1)"),
        c("bfs key as source of a file", "bfs --source alice --a {d}/ok.mtx --out {d}/l.txt",
            "--source alice is not a vertex number (with --a they are numbered from 1; a key"
                + " needs --a-family)"),
        c("bfs on a table without --out", "bfs --source alice" + tm,
            "--out is required (the file bfs writes)"),
        c("bfs --out into a directory", "bfs --source alice" + tm + " --out {d}",
            "--out {d}: is a directory"),
        c("transpose fixes its semiring", "transpose" + tm + " --semiring PLUS_TIMES",
            "Unknown options: '--semiring'"),
        c("transpose without input", "transpose --out {d}/t.mtx", "transpose needs its input"),
        c("galerkin --a without --p", "galerkin --a {d}/ok.mtx --out {d}/c.mtx",
            "galerkin --a needs --p FILE (P), not --p-family"),
        c("galerkin --a-family without --p-family", "galerkin" + tm,
            "galerkin --a-family needs --p-family (P as a family of --table), not --p"),
        c("galerkin --a-family with --p FILE", "galerkin" + tm + " --p-family P --p {d}/ok.mtx",
            "galerkin --a-family needs --p-family (P as a family of --table), not --p"),
        c("galerkin unknown semiring", "galerkin" + tm + " --p-family P --semiring NOPE",
            "unknown semiring 'NOPE'"),
        c("galerkin P of the wrong shape", "galerkin --a {d}/ok.mtx --p {d}/b-5x2.mtx --out"
            + " {d}/c.mtx", "shape mismatch: A ({d}/ok.mtx) is 3x3 but P ({d}/b-5x2.mtx) is"
                + " 5x2 (A columns must equal P rows)"),
        c("galerkin P too long for --value-bytes", "galerkin --a {d}/ok.mtx --p {d}/pi.mtx"
            + " --out {d}/c.mtx --value-bytes 4", "{d}/pi.mtx: entry (1, 2) cannot be stored"
                + " with codec decimal at 4 bytes: 3.14159 needs 7 bytes"),
        c("partition unknown semiring", "partition --table T --parts 2 --semiring NOPE",
            "unknown semiring 'NOPE'"),
        c("partition --a with --a-family", "partition --a {d}/ok.mtx --a-family G --table T"
            + " --parts 2", "--a loads files into a new table; --a-family names a family of an"
                + " existing --table: give one or the other"),
        c("partition --a-family without --b-family", "partition --a-family G --table T"
            + " --parts 2", "partition --a-family G needs a --b-family of its own: gRRp re-keys"
                + " A's rows and B's rows by different plans, so C = A*A needs A copied into a"
                + " second family first (spgemm load, or a family copy)"),
        // load and export
        c("load without --table", "load --in {d}/g.tsv --family G {notable}",
            "--table is required (the table to load into)"),
        c("load on the embedded cluster", "load --in {d}/g.tsv --family G --table T {embedded}",
            TableOptions.NEEDS_CLUSTER),
        c("load unknown format", "load --in {d}/g.tsv --family G --table T --format xml",
            "--format xml: expected mtx or tsv"),
        c("load unknown codec", "load --in {d}/g.tsv --family G --table T --codec utf16",
            "--codec: unknown value codec 'utf16'"),
        c("load missing file", "load --in {d}/nope.tsv --family G --table T",
            "--in {d}/nope.tsv: no such file"),
        c("load too many tablets", "load --in {d}/g.tsv --family G --table T --tablets 0",
            "--tablets must be between 1 and 10000, not 0"),
        c("export without --table", "export --family G --out {d}/g.tsv {notable}",
            "--table is required (the table to read)"),
        c("export on the embedded cluster", "export --family G --out {d}/g.tsv --table T"
            + " {embedded}", TableOptions.NEEDS_CLUSTER),
        c("load --value-bytes with a binary codec", "load --in {d}/g.tsv --family G --table T"
            + " --codec long --value-bytes 16", "--value-bytes 16: a value size applies to the"
                + " decimal codec only: the long codec"),
        c("load value too long for --value-bytes", "load --in {d}/pi.mtx --family G --table T"
            + " --value-bytes 6", "{d}/pi.mtx: entry (1, 2) cannot be stored with codec decimal"
                + " at 6 bytes: 3.14159 needs 7 bytes, more than the value size of 6"),
        c("partition --a-family with --value-bytes", "partition --a-family G --b-family H"
            + " --table T --parts 2 --value-bytes 16", "--value-bytes is for --a FILE"),
        c("export with --value-bytes", "export --family G --out {d}/g.tsv --table T"
            + " --value-bytes 16", "--value-bytes is for commands that create a table"),
        c("export with --tablets", "export --family G --out {d}/g.tsv --table T --tablets 2",
            "--tablets is for commands that create a table"),
        c("export into a directory", "export --family G --out {d} --table T",
            "--out {d}: is a directory"),
        c("export unknown format", "export --family G --out {d}/g.mtx --table T --format csv",
            "--format csv: expected mtx or tsv"));
  }

  @BeforeAll
  static void files() throws IOException {
    Files.write(dir.resolve("ok.mtx"), ("%%MatrixMarket matrix coordinate real general\n"
        + "3 3 2\n1 2 1\n2 3 1\n").getBytes(ISO_8859_1));
    Files.write(dir.resolve("b-5x2.mtx"), ("%%MatrixMarket matrix coordinate real general\n"
        + "5 2 1\n1 1 1\n").getBytes(ISO_8859_1));
    Files.write(dir.resolve("pi.mtx"), ("%%MatrixMarket matrix coordinate real general\n"
        + "3 3 2\n1 2 3.14159\n2 3 1\n").getBytes(ISO_8859_1));
    Files.write(dir.resolve("g.tsv"), "a\tb\t1\nb\ta\t1\n".getBytes(ISO_8859_1));
    // the first command line of a JVM loads picocli and every command class (about a second):
    // the times below are of the refusals, not of class loading
    BadInputCasesTest.run("multiply", "--help");
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("cases")
  void refusedBeforeAnythingStarts(Case k) {
    List<String> args = new ArrayList<>(List.of(k.args().replace("{d}", dir.toString())
        .split(" ")));
    boolean embedded = args.remove("{embedded}");
    boolean noTable = args.remove("{notable}");
    if (!embedded && !args.contains("--client-props")) {
      args.addAll(List.of("--client-props", dir.resolve("no-cluster.properties").toString()));
    }
    if (!noTable && !args.contains("--table")) {
      args.addAll(List.of("--table", "T"));
    }
    long t0 = System.nanoTime();
    Object[] r = BadInputCasesTest.run(args.toArray(String[]::new));
    long nanos = System.nanoTime() - t0;
    String err = (String) r[1];
    String expected = k.message().replace("{d}", dir.toString());
    assertEquals(ExitCode.USAGE.code, (int) r[0], () -> k + ": " + err);
    List<String> lines = err.lines().filter(l -> !l.isBlank()).toList();
    assertFalse(lines.isEmpty(), "a message on stderr");
    assertTrue(lines.get(0).startsWith("spgemm: ") && lines.get(0).contains(expected),
        () -> "expected '" + expected + "' in: " + err);
    assertTrue(lines.size() == 1 || (lines.size() == 2 && lines.get(1).startsWith("Try ")),
        () -> "one line only: " + err);
    assertFalse(err.contains("no-cluster.properties"), "refused before the cluster: " + err);
    assertFalse(err.contains("MiniAccumuloCluster"), "no embedded cluster started: " + err);
    // a refusal takes some milliseconds (about 150 ms at most on an idle 2-core machine); the
    // bound leaves room for a loaded CI machine and is still far below any cluster start (12 s)
    assertTrue(nanos < 3_000_000_000L, () -> k + " took " + nanos / 1e6 + " ms");
    synchronized (OptionConflictsTest.class) {
      COMMANDS_SEEN.add(args.get(0));
      if (nanos > slowestNanos) {
        slowestNanos = nanos;
        slowest = k.what();
      }
    }
  }

  /** Every command that multiplies or touches a table has cases, and names are unique. */
  @Test
  void everyCommandHasCases() {
    Set<String> commands = new TreeSet<>();
    cases().forEach(k -> commands.add(k.args().split(" ")[0]));
    assertEquals(new TreeSet<>(List.of("multiply", "transpose", "triangles", "ktruss",
        "jaccard", "bfs", "galerkin", "partition", "load", "export")), commands);
    assertEquals(cases().size(), cases().stream().map(Case::what).distinct().count());
  }

  @AfterAll
  static void report() {
    System.out.printf("option conflicts: %d cases, slowest refusal %.1f ms (%s)%n",
        cases().size(), slowestNanos / 1e6, slowest);
  }
}
