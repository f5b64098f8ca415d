package org.spgemm.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The table of bad inputs (issues 14 and 15): each case runs the command line as bin/spgemm does
 * and checks its exit code and its one line on stderr, which names the problem and where. Every
 * case but the last two (ZooKeeper not answering) fails before a cluster is involved: runs of
 * commands that use a cluster get a --client-props file
 * that does not exist, so a case whose input wrongly passed would end with "cannot read
 * .../no-cluster.properties" and fail its message check instead of starting a cluster. The table
 * of docs/bad-input.md lists the same cases ({@link #badInputPageListsEveryCase}).
 */
class BadInputCasesTest {

  @TempDir
  static Path dir;

  /** Commands that start or contact a cluster once their checks pass. */
  private static final Set<String> CLUSTER_COMMANDS = Set.of("multiply", "partition",
      "transpose", "triangles", "ktruss", "jaccard", "bfs", "galerkin");

  private static final String REAL = "%%MatrixMarket matrix coordinate real general\n";
  private static final String INT = "%%MatrixMarket matrix coordinate integer general\n";

  /** One row of the table: what is wrong, the arguments ({d} = the files' directory). */
  record Case(String what, String args, int exit, String message) {
    @Override
    public String toString() {
      return what;
    }
  }

  private static Case c(String what, String args, int exit, String message) {
    return new Case(what, args, exit, message);
  }

  static List<Case> cases() {
    String m = "multiply --a {d}/";
    return List.of(
        // options
        c("missing required option", "ktruss --a {d}/ok.mtx --out {d}/t.mtx", 2,
            "Missing required option: '--k=<k>'"),
        c("unknown option", m + "ok.mtx --out {d}/c.mtx --frobnicate", 2,
            "Unknown option: '--frobnicate'"),
        c("option value of the wrong type", m + "ok.mtx --out {d}/c.mtx --tablets many", 2,
            "Invalid value for option '--tablets': 'many' is not an int"),
        c("unknown semiring", m + "ok.mtx --out {d}/c.mtx --semiring NOPE", 2,
            "unknown semiring 'NOPE'; known: PLUS_TIMES, MIN_PLUS"),
        c("semiring class not on the classpath", m + "ok.mtx --out {d}/c.mtx --semiring"
            + " class:com.example.Nope", 2, "semiring class com.example.Nope is not on the"
            + " classpath"),
        c("unknown codec", m + "ok.mtx --out {d}/c.mtx --codec utf16", 2,
            "unknown value codec 'utf16'; known: decimal, long, double"),
        c("unknown engine", m + "ok.mtx --out {d}/c.mtx --engine mapreduce", 2,
            "--engine: unknown engine 'mapreduce'; known: auto, compaction, scan, bulk"),
        c("non-positive count", m + "ok.mtx --out {d}/c.mtx --tablets 0", 2,
            "--tablets must be between 1 and 10000, not 0"),
        c("too many tablets", m + "ok.mtx --out {d}/c.mtx --tablets 20000", 2,
            "--tablets must be between 1 and 10000, not 20000"),
        c("too many threads", m + "ok.mtx --out {d}/c.mtx --threads 100000", 2,
            "--threads: threads must be between 1 and 256, not 100000"),
        c("non-positive batch size", m + "ok.mtx --out {d}/c.mtx --batch-b-rows 0", 2,
            "--batch-b-rows: batchBRows must be positive, not 0"),
        c("--embedded with --client-props", m + "ok.mtx --out {d}/c.mtx --embedded"
            + " --client-props {d}/x.properties --table M", 2,
            "--embedded and --client-props exclude each other"),
        c("--client-props without --table", m + "ok.mtx --out {d}/c.mtx --client-props"
            + " {d}/x.properties", 2, "--table is required with --client-props"),
        c("no tablet servers", m + "ok.mtx --out {d}/c.mtx --tservers 0", 2,
            "--tservers must be between 1 and 16, not 0"),
        c("too many tablet servers for one machine", m + "ok.mtx --out {d}/c.mtx --tservers 1000",
            2, "--tservers must be between 1 and 16, not 1000"),
        c("tablet-server heap too small", m + "ok.mtx --out {d}/c.mtx --tserver-heap-mb 100", 2,
            "--tserver-heap-mb must be between 128 and "),
        c("tablet-server heap beyond the machine's memory", m + "ok.mtx --out {d}/c.mtx"
            + " --tserver-heap-mb 100000000", 2, "--tserver-heap-mb must be between 128 and "),
        c("--partition-table without --partition", m + "ok.mtx --out {d}/c.mtx"
            + " --partition-table T", 2, "--partition-table needs --partition"),
        c("--tablets-per-part without --partition", m + "ok.mtx --out {d}/c.mtx"
            + " --tablets-per-part 4", 2, "--tablets-per-part needs --partition"),
        c("non-positive tablets per part", m + "ok.mtx --out {d}/c.mtx --partition 2"
            + " --tablets-per-part 0", 2,
            "--tablets-per-part 0: tablets per part must be positive, got 0"),
        c("unknown accumulator", m + "ok.mtx --out {d}/c.mtx --accum avg --c-in {d}/ok.mtx", 2,
            "unknown accumulator 'avg'; known: PLUS, MINUS, TIMES, DIV, MIN, MAX, FIRST, SECOND"),
        c("--accum without --c-in", m + "ok.mtx --out {d}/c.mtx --accum plus", 2,
            "--accum needs --c-in (the C it accumulates into)"),
        c("mask mode without --mask", m + "ok.mtx --out {d}/c.mtx --mask-complement", 2,
            "--mask-structure and --mask-complement need --mask"),
        c("mask of the wrong shape", m + "ok.mtx --out {d}/c.mtx --mask {d}/a-3x4.mtx", 2,
            "shape mismatch: {d}/a-3x4.mtx is 3x4 but C is 3x3"),
        c("stored C of the wrong shape", m + "ok.mtx --out {d}/c.mtx --accum min --c-in {d}/a-3x4.mtx", 2,
            "shape mismatch: {d}/a-3x4.mtx is 3x4 but C is 3x3"),
        c("bad --rows", m + "ok.mtx --out {d}/c.mtx --rows 5", 2,
            "--rows 5: expected FIRST:LAST (1-based, inclusive)"),
        c("--cols index not positive", m + "ok.mtx --out {d}/c.mtx --cols 0:2", 2,
            "--cols 0:2: '0' is not a positive index"),
        c("reversed --rows", m + "ok.mtx --out {d}/c.mtx --rows 3:1", 2,
            "--rows 3:1: the first index 3 is after the last 1 (the range would be empty)"),
        c("reversed --cols", m + "ok.mtx --out {d}/c.mtx --cols 2:1", 2,
            "--cols 2:1: the first index 2 is after the last 1 (the range would be empty)"),
        c("--accum with --engine scan", m + "ok.mtx --out {d}/c.mtx --engine scan --accum plus"
            + " --c-in {d}/ok.mtx", 2, "--engine scan writes C beside what is there: --c-in"
            + " merged by --accum or kept outside a --mask (without --replace) needs the"
            + " compaction engine (or auto)"),
        c("--partition with a mask", m + "ok.mtx --out {d}/c.mtx --partition 2 --mask {d}/ok.mtx", 2,
            "--partition multiplies C = A*B only: no mask, accumulator, transpose or subset"),
        c("partition --plan does not exist", "partition --a {d}/ok.mtx --parts 2 --plan"
            + " {d}/missing-plan.json", 2, "--plan {d}/missing-plan.json: no such file"),
        // graph commands: their own arguments, and every option against the multiplies they make
        c("ktruss --k below 3", "ktruss --a {d}/ok.mtx --k -5 --out {d}/t.mtx", 2,
            "ktruss: k must be at least 3, not -5 (the k-truss keeps the edges in at least k-2"
                + " triangles)"),
        c("jaccard with --engine scan (it accumulates)", "jaccard --a {d}/ok.mtx --out"
            + " {d}/j.mtx --engine scan", 2, "jaccard: jaccard accumulates into families it"
            + " wrote before"),
        c("bfs --source 0", "bfs --a {d}/ok.mtx --source 0 --out {d}/l.txt", 2,
            "--source 0 is not a vertex (they are numbered from 1)"),
        c("galerkin with too many threads", "galerkin --a {d}/ok.mtx --p {d}/ok.mtx --out"
            + " {d}/c.mtx --threads 257", 2, "--threads: threads must be between 1 and 256, not"
            + " 257"),
        // output paths, all checked before any work
        c("--out is a directory", m + "ok.mtx --out {d}/dir", 2, "--out {d}/dir: is a directory"),
        c("--out in a missing directory", m + "ok.mtx --out {d}/nowhere/c.mtx", 2,
            "--out {d}/nowhere/c.mtx: directory {d}/nowhere does not exist"),
        c("--out under a file", m + "ok.mtx --out {d}/ok.mtx/c.mtx", 2,
            "{d}/ok.mtx is not a directory"),
        c("--out is a FIFO", m + "ok.mtx --out {d}/fifo", 2,
            "--out {d}/fifo: exists and is not a regular file"),
        c("--out is the input", m + "ok.mtx --out {d}/ok.mtx", 2,
            "--out {d}/ok.mtx is the same file as --a (it would be overwritten)"),
        c("--stats in a missing directory", m + "ok.mtx --out {d}/c.mtx --stats"
            + " {d}/nowhere/s.json", 2, "--stats {d}/nowhere/s.json: directory {d}/nowhere does"
            + " not exist"),
        c("--stats is a directory", m + "ok.mtx --out {d}/c.mtx --stats {d}/dir", 2,
            "--stats {d}/dir: is a directory"),
        c("--stats is --out", m + "ok.mtx --out {d}/c.mtx --stats {d}/c.mtx", 2,
            "--stats {d}/c.mtx is the same file as --out"),
        c("--out where no file can be created (/proc)", m + "ok.mtx --out /proc/c.mtx", 2,
            "--out /proc/c.mtx: cannot create a file in /proc"),
        c("--stats where no file can be created (/proc)", m + "ok.mtx --out {d}/c.mtx --stats"
            + " /proc/s.json", 2, "--stats /proc/s.json: cannot create a file in /proc"),
        c("--out beside an existing /proc file", m + "ok.mtx --out /proc/version", 2,
            "--out /proc/version: cannot create a file in /proc"),
        c("transpose --out in /proc", "transpose --a {d}/ok.mtx --out /proc/t.mtx", 2,
            "--out /proc/t.mtx: cannot create a file in /proc"),
        c("triangles --stats in /proc", "triangles --a {d}/ok.mtx --stats /proc/s.json", 2,
            "--stats /proc/s.json: cannot create a file in /proc"),
        c("partition --plan-out in /proc", "partition --a {d}/ok.mtx --parts 2 --plan-out"
            + " /proc/plan.json", 2, "--plan-out /proc/plan.json: cannot create a file in /proc"),
        c("generate --out in /proc", "generate rmat --scale 4 --seed 1 --out /proc/r.mtx", 2,
            "--out /proc/r.mtx: cannot create a file in /proc"),
        c("generate --out in a missing directory", "generate rmat --scale 4 --seed 1 --out"
            + " {d}/nowhere/r.mtx", 2, "--out {d}/nowhere/r.mtx: directory {d}/nowhere does not"
            + " exist"),
        c("partition --plan-out is a directory", "partition --a {d}/ok.mtx --parts 2"
            + " --plan-out {d}/dir", 2, "--plan-out {d}/dir: is a directory"),
        // input files
        c("--a does not exist", m + "missing.mtx --out {d}/c.mtx", 2,
            "{d}/missing.mtx: no such file"),
        c("--b does not exist", m + "ok.mtx --b {d}/missing-b.mtx --out {d}/c.mtx", 2,
            "{d}/missing-b.mtx: no such file"),
        c("--a is a directory", m + "dir --out {d}/c.mtx", 2,
            "{d}/dir: is a directory, not a Matrix Market file"),
        c("--a is a FIFO (would block)", m + "fifo --out {d}/c.mtx", 2,
            "{d}/fifo: is not a regular file (a FIFO, device or socket cannot be read as a"
                + " matrix)"),
        c("--a is unreadable", m + "unreadable.mtx --out {d}/c.mtx", 2,
            "{d}/unreadable.mtx: cannot be read (permission denied)"),
        c("--a is empty", m + "empty.mtx --out {d}/c.mtx", 2,
            "{d}/empty.mtx:1: not a Matrix Market file (empty file)"),
        c(".gz that is not gzip", m + "fake.mtx.gz --out {d}/c.mtx", 2,
            "{d}/fake.mtx.gz: the name ends in .gz but the file is not gzip data"),
        c("truncated .gz", m + "truncated.mtx.gz --out {d}/c.mtx", 2,
            "{d}/truncated.mtx.gz:5: reading stopped after this line: the compressed data ends"
                + " early (truncated .gz file)"),
        c("gzip data without .gz", m + "gzipped.mtx --out {d}/c.mtx", 2,
            "{d}/gzipped.mtx:1: not a Matrix Market file (this is gzip data: name the file"
                + " *.gz)"),
        c("binary file", m + "binary.mtx --out {d}/c.mtx", 2,
            "{d}/binary.mtx:1: not a Matrix Market file (missing %%MatrixMarket banner)"),
        // header
        c("no banner", m + "nobanner.mtx --out {d}/c.mtx", 2,
            "{d}/nobanner.mtx:1: not a Matrix Market file (missing %%MatrixMarket banner)"),
        c("array format", m + "array.mtx --out {d}/c.mtx", 2,
            "{d}/array.mtx:1: array format is not supported (only coordinate)"),
        c("complex field", m + "complex.mtx --out {d}/c.mtx", 2,
            "{d}/complex.mtx:1: complex field is not supported"),
        c("hermitian symmetry", m + "hermitian.mtx --out {d}/c.mtx", 2,
            "{d}/hermitian.mtx:1: hermitian symmetry is not supported"),
        c("no size line", m + "nosize.mtx --out {d}/c.mtx", 2,
            "{d}/nosize.mtx:2: missing size line (rows columns entries)"),
        c("size line with two numbers", m + "size2.mtx --out {d}/c.mtx", 2,
            "{d}/size2.mtx:2: size line must be 'rows columns entries', found 2 fields"),
        c("more rows than 32-bit indices", m + "huge-rows.mtx --out {d}/c.mtx", 2,
            "{d}/huge-rows.mtx:2: row count 3000000000 is too large (at most 2147483646: the"
                + " limit of 32-bit indices)"),
        c("more entries than a Java array", m + "huge-nnz.mtx --out {d}/c.mtx", 2,
            "{d}/huge-nnz.mtx:2: entry count 99999999999 is too large (at most 2147483639: the"
                + " limit of entries of one matrix in a Java array)"),
        c("symmetric but not square", m + "sym-3x4.mtx --out {d}/c.mtx", 2,
            "{d}/sym-3x4.mtx:2: symmetric matrix must be square, header says 3x4"),
        // entries
        c("fewer entries than declared", m + "fewer.mtx --out {d}/c.mtx", 2,
            "{d}/fewer.mtx:4: header says 3 entries, file has 2"),
        c("more entries than declared", m + "more.mtx --out {d}/c.mtx", 2,
            "{d}/more.mtx:4: header says 1 entries, file has 2"),
        c("row index out of range", m + "row-range.mtx --out {d}/c.mtx", 2,
            "{d}/row-range.mtx:3: row index 4 out of range 1..3"),
        c("column index 0", m + "col-zero.mtx --out {d}/c.mtx", 2,
            "{d}/col-zero.mtx:3: column index 0 out of range 1..3"),
        c("index out of range in a 200,000,000 x 200,000,000 file (read without running out of"
            + " memory)", m + "hyper-bad.mtx --out {d}/c.mtx", 2,
            "{d}/hyper-bad.mtx:5: row index 200000001 out of range 1..200000000"),
        c("missing value", m + "novalue.mtx --out {d}/c.mtx", 2,
            "{d}/novalue.mtx:3: missing value (expected row column value)"),
        c("value that is not a number", m + "abc.mtx --out {d}/c.mtx", 2,
            "{d}/abc.mtx:3: value 'abc' is not a number"),
        c("fraction in an integer file", m + "int-frac.mtx --out {d}/c.mtx", 2,
            "{d}/int-frac.mtx:3: value '1.5' is not an integer"),
        c("symmetric file listing both (1,2) and (2,1)", m + "sym-both.mtx --out {d}/c.mtx", 2,
            "{d}/sym-both.mtx:4: symmetric file lists (2, 1) in the lower triangle but (1, 2) on"
                + " line 3 in the upper"),
        c("skew-symmetric nonzero diagonal", m + "skew-diag.mtx --out {d}/c.mtx", 2,
            "{d}/skew-diag.mtx:3: skew-symmetric matrix has a nonzero diagonal entry at (2, 2)"),
        // values per codec
        c("1e400 (decimal codec)", m + "e400.mtx --out {d}/c.mtx", 2,
            "{d}/e400.mtx:3: value '1e400' is beyond the range of a double"),
        c("1e400 (double codec)", m + "e400.mtx --out {d}/c.mtx --codec double", 2,
            "{d}/e400.mtx:3: value '1e400' is beyond the range of a double"),
        c("NaN (decimal codec)", m + "nan.mtx --out {d}/c.mtx", 2,
            "{d}/nan.mtx:3: value 'nan' is not finite: a decimal string value (D4M, the decimal"
                + " codec) cannot hold NaN or Infinity; the double codec keeps them"),
        c("-Infinity (decimal codec)", m + "inf.mtx --out {d}/c.mtx --codec decimal", 2,
            "{d}/inf.mtx:3: value '-Infinity' is not finite"),
        c("fraction (long codec)", m + "half.mtx --out {d}/c.mtx --codec long", 2,
            "{d}/half.mtx:3: value '2.5' is not an integer, and INT64 values (the long codec)"
                + " must be"),
        c("NaN (long codec)", m + "nan.mtx --out {d}/c.mtx --codec long", 2,
            "{d}/nan.mtx:3: value 'nan' is not an integer"),
        c("integer beyond 64 bits", m + "int-big.mtx --out {d}/c.mtx --codec long", 2,
            "{d}/int-big.mtx:3: value '9223372036854775808' is outside the 64-bit integer range"),
        c("1e19 (long codec)", m + "e19.mtx --out {d}/c.mtx --codec long", 2,
            "{d}/e19.mtx:3: value '1e19' is outside the 64-bit integer range"),
        // shapes
        c("A columns differ from B rows", m + "a-3x4.mtx --b {d}/b-5x2.mtx --out {d}/c.mtx", 2,
            "shape mismatch: A ({d}/a-3x4.mtx) is 3x4 but B ({d}/b-5x2.mtx) is 5x2"),
        c("partition: bad --b", "partition --a {d}/ok.mtx --b {d}/abc.mtx --parts 2", 2,
            "{d}/abc.mtx:3: value 'abc' is not a number"),
        // the cluster
        c("--client-props is a directory", m + "ok.mtx --out {d}/c.mtx --client-props {d}/dir"
            + " --table M", 2, "cannot read {d}/dir (a directory)"),
        c("cluster unreachable", m + "ok.mtx --out {d}/c.mtx --client-props"
            + " {d}/unreachable.properties --table M", 3, "ZooKeeper at 127.0.0.1:1 did not answer"
            + " within 2 s (instance.zookeepers of {d}/unreachable.properties)"),
        c("ZooKeeper does not answer (no time-out set)", m + "ok.mtx --out {d}/c.mtx"
            + " --client-props {d}/silent.properties --table M", 3, "ZooKeeper at 127.0.0.1:1 did"
            + " not answer within 15 s (instance.zookeepers of {d}/silent.properties)"));
  }

  @BeforeAll
  static void writeFiles() throws IOException, InterruptedException {
    Files.createDirectory(dir.resolve("dir"));
    write("ok.mtx", REAL + "3 3 2\n1 1 1\n2 3 2\n");
    Process p = new ProcessBuilder("mkfifo", dir.resolve("fifo").toString()).start();
    assertEquals(0, p.waitFor(), "mkfifo");
    write("unreadable.mtx", REAL + "1 1 1\n1 1 1\n");
    Files.setPosixFilePermissions(dir.resolve("unreadable.mtx"),
        PosixFilePermissions.fromString("---------"));
    write("empty.mtx", "");
    write("fake.mtx.gz", REAL + "1 1 1\n1 1 1\n");
    byte[] gz = gzip(REAL + "3 3 3\n1 1 1\n2 2 2\n3 3 3\n");
    Files.write(dir.resolve("truncated.mtx.gz"), Arrays.copyOf(gz, gz.length - 8));
    Files.write(dir.resolve("gzipped.mtx"), gz);
    Files.write(dir.resolve("binary.mtx"), new byte[] {0, 1, 2, 3, (byte) 0xFF, 10, 0});
    write("nobanner.mtx", "3 3 1\n1 1 1\n");
    write("array.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n");
    write("complex.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n");
    write("hermitian.mtx", "%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n");
    write("nosize.mtx", REAL + "% only a comment\n");
    write("size2.mtx", REAL + "3 3\n");
    write("huge-rows.mtx", REAL + "3000000000 3 0\n");
    write("huge-nnz.mtx", REAL + "3 3 99999999999\n");
    write("sym-3x4.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 4 0\n");
    write("fewer.mtx", REAL + "3 3 3\n1 1 1\n2 2 2\n");
    write("more.mtx", REAL + "3 3 1\n1 1 1\n2 2 2\n");
    write("row-range.mtx", REAL + "3 3 1\n4 1 1\n");
    write("col-zero.mtx", REAL + "3 3 1\n1 0 1\n");
    write("hyper-bad.mtx", INT + "200000000 200000000 3\n1 200000000 3\n200000000 1 5\n"
        + "200000001 1 1\n");
    write("novalue.mtx", REAL + "3 3 1\n1 1\n");
    write("abc.mtx", REAL + "3 3 1\n1 1 abc\n");
    write("int-frac.mtx", INT + "3 3 1\n1 1 1.5\n");
    write("sym-both.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n1 2 5\n"
        + "2 1 7\n");
    write("skew-diag.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n"
        + "2 2 1\n");
    write("e400.mtx", REAL + "3 3 1\n1 1 1e400\n");
    write("nan.mtx", REAL + "3 3 1\n1 1 nan\n");
    write("inf.mtx", REAL + "3 3 1\n1 1 -Infinity\n");
    write("half.mtx", REAL + "3 3 1\n1 1 2.5\n");
    write("int-big.mtx", INT + "3 3 1\n1 1 9223372036854775808\n");
    write("e19.mtx", REAL + "3 3 1\n1 1 1e19\n");
    write("a-3x4.mtx", REAL + "3 4 1\n1 1 1\n");
    write("b-5x2.mtx", REAL + "5 2 1\n1 1 1\n");
    write("unreachable.properties", "instance.name=nope\ninstance.zookeepers=127.0.0.1:1\n"
        + "instance.zookeepers.timeout=2s\nauth.type=password\nauth.principal=root\n"
        + "auth.token=x\n");
    write("silent.properties", "instance.name=nope\ninstance.zookeepers=127.0.0.1:1\n"
        + "auth.type=password\nauth.principal=root\nauth.token=x\n");
  }

  private static void write(String name, String text) throws IOException {
    Files.write(dir.resolve(name), text.getBytes(ISO_8859_1));
  }

  private static byte[] gzip(String s) throws IOException {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(buf)) {
      out.write(s.getBytes(ISO_8859_1));
    }
    return buf.toByteArray();
  }

  /** Runs the command line; returns {exit code, stderr, stdout}. */
  static Object[] run(String... args) {
    PrintStream savedErr = System.err;
    PrintStream savedOut = System.out;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      int code = SpgemmCommand.commandLine().execute(args);
      return new Object[] {code, err.toString(StandardCharsets.UTF_8),
          out.toString(StandardCharsets.UTF_8)};
    } finally {
      System.setErr(savedErr);
      System.setOut(savedOut);
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("cases")
  void refusedWithExitCodeAndOneLine(Case k) {
    List<String> args = new ArrayList<>(List.of(k.args().replace("{d}", dir.toString())
        .split(" ")));
    // root (as CI runs) reads files without read permission: there, a file the kernel refuses
    // to read even to root stands in for it
    boolean root = k.what().equals("--a is unreadable")
        && Files.isReadable(dir.resolve("unreadable.mtx"));
    if (root) {
      args.replaceAll(x -> x.endsWith("unreadable.mtx") ? "/proc/self/mem" : x);
    }
    boolean usesCluster = CLUSTER_COMMANDS.contains(args.get(0));
    if (usesCluster && !args.contains("--client-props") && !args.contains("--embedded")) {
      // never a cluster: a case that got past its check fails on this file instead
      args.addAll(List.of("--client-props", dir.resolve("no-cluster.properties").toString(),
          "--table", "M"));
    }
    long t0 = System.nanoTime();
    Object[] r = run(args.toArray(String[]::new));
    String err = (String) r[1];
    String expected = root ? "/proc/self/mem: cannot be read"
        : k.message().replace("{d}", dir.toString());
    assertEquals(k.exit(), (int) r[0], () -> k + ": " + err);
    List<String> lines = err.lines().filter(l -> !l.isBlank()).toList();
    assertFalse(lines.isEmpty(), "a message on stderr");
    assertTrue(lines.get(0).startsWith("spgemm: "), err);
    assertTrue(lines.get(0).contains(expected), () -> "expected '" + expected + "' in: " + err);
    // one line, plus picocli's "Try 'spgemm multiply --help'." after an option error
    assertTrue(lines.size() == 1 || (lines.size() == 2 && lines.get(1).startsWith("Try ")),
        () -> "one line only: " + err);
    assertFalse(err.contains("\tat "), "no stack trace");
    // a refusal takes no time; ZooKeeper that does not answer is waited for at most 15 s
    long limit = k.exit() == ExitCode.CLUSTER.code ? 35 : 10;
    assertTrue(System.nanoTime() - t0 < limit * 1_000_000_000L, "refused before any work");
  }

  @Test
  void integersBeyondTwoToThe53WarnUnderAnFp64Codec() throws IOException {
    write("int-2p53.mtx", INT + "1 1 1\n1 1 9007199254740993\n");
    String a = dir.resolve("int-2p53.mtx").toString();
    String[] rest = {"--out", dir.resolve("c.mtx").toString(), "--client-props",
        dir.resolve("no-cluster.properties").toString(), "--table", "M"};
    Object[] r = run(concat(new String[] {"multiply", "--a", a}, rest));
    String err = (String) r[1];
    assertTrue(err.contains("spgemm: warning: A (" + a + ") holds integers beyond 2^53 (e.g."
        + " 9007199254740993); codec decimal computes in FP64 and rounds them (--codec long"
        + " computes exactly in INT64)"), err);
    assertTrue(err.contains("no-cluster.properties (no such file)"), "then went on: " + err);
    r = run(concat(new String[] {"multiply", "--a", a, "--codec", "long"}, rest));
    assertFalse(((String) r[1]).contains("warning"), (String) r[1]);
  }

  private static String[] concat(String[] x, String[] y) {
    String[] all = Arrays.copyOf(x, x.length + y.length);
    System.arraycopy(y, 0, all, x.length, y.length);
    return all;
  }

  @Test
  void thereAreAtLeastFortyCases() {
    assertTrue(cases().size() >= 40, "cases: " + cases().size());
    assertEquals(cases().size(), cases().stream().map(Case::what).distinct().count(),
        "names are unique");
  }

  /** The table of docs/bad-input.md has one row per case, with its exit code and message. */
  @Test
  void badInputPageListsEveryCase() throws IOException {
    Path readme = Stream.of(Paths.get("docs", "bad-input.md"),
            Paths.get("..", "docs", "bad-input.md"))
        .filter(p -> Files.exists(p) && !Files.isDirectory(p))
        .filter(p -> {
          try {
            return Files.readString(p).contains("| Bad input |");
          } catch (IOException e) {
            return false;
          }
        }).findFirst().orElseThrow(() -> new AssertionError("docs/bad-input.md with the table"));
    List<String> rows = Files.readAllLines(readme).stream().filter(l -> l.startsWith("| "))
        .toList();
    for (Case k : cases()) {
      String cell = "| " + k.what().replace("|", "\\|") + " |";
      String row = rows.stream().filter(l -> l.startsWith(cell)).findFirst().orElse(null);
      assertTrue(row != null, readme + " has no row for: " + k.what());
      assertTrue(row.contains("| " + k.exit() + " |"), "exit code in: " + row);
      String shown = k.message().replace("{d}/", "");
      assertTrue(row.contains(shown.replace("|", "\\|")), () -> "message '" + shown
          + "' in " + readme + " row: " + row);
    }
  }
}
