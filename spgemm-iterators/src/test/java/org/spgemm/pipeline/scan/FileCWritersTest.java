package org.spgemm.pipeline.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.summary.Summary;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spgemm.iterators.FamilyCountSummarizer;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.pipeline.CWriters;
import org.spgemm.progress.CFile;

class FileCWritersTest {

  @TempDir
  Path volume;

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private FileCWriters writers(String job) throws Exception {
    MultiplySpec spec = MultiplySpec.builder().set("job", job).set("cFiles", "true")
        .set("cFamily", "C").set("timestamp", "1234").build();
    return new FileCWriters(null, "M", spec, "file:" + volume + "," + "file:/elsewhere",
        Map.of("table.file.compress.type", "snappy", "general.other", "not for files",
            "table.summarizer.fam", FamilyCountSummarizer.class.getName()));
  }

  private Path jobDir(String job) {
    return volume.resolve("spgemm-c").resolve(job);
  }

  @Test
  void aClosedPieceIsOneSortedFileInTheJobsDirectoryWithTheJobsTimestamp() throws Exception {
    FileCWriters w = writers("job-1");
    try (CWriters.Writer piece = w.open()) {
      piece.writeRow(b("r1"), new byte[][] {b("a"), b("b")}, new byte[][] {b("1"), b("2")},
          null, 0);
      piece.writeRow(b("r2"), new byte[][] {b("a")}, new byte[][] {b("3")},
          new byte[][] {b("x&y")}, 0);
      assertEquals(5 + 5 + 8, piece.bytesWritten(), "key and value bytes, as Accumulo counts");
      // nothing importable until the piece is closed
      assertFalse(Files.exists(jobDir("job-1")));
      assertEquals(null, piece.file(), "nothing to report before it is closed");
      piece.close();
      CFile reported = piece.file();
      assertTrue(reported.name().endsWith(".rf"), reported.name());
      assertArrayEquals(b("r1"), reported.firstRow(), "first row r1");
      assertArrayEquals(b("r2"), reported.lastRow(), "last row r2");
      assertTrue(Files.exists(jobDir("job-1").resolve(reported.name())), "the file it names");
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(jobDir("job-1"))) {
      files = s.filter(f -> f.toString().endsWith(".rf")).toList(); // not the checksums
    }
    assertEquals(1, files.size());
    assertTrue(files.get(0).toString().endsWith(".rf"));
    List<String> read = new ArrayList<>();
    try (Scanner s = RFile.newScanner().from(files.get(0).toString())
        .withAuthorizations(new Authorizations("x", "y")).build()) {
      for (Map.Entry<Key,Value> e : s) {
        Key k = e.getKey();
        read.add(k.getRow() + " " + k.getColumnFamily() + ":" + k.getColumnQualifier() + " ["
            + k.getColumnVisibility() + "] " + k.getTimestamp() + " " + e.getValue());
      }
    }
    assertEquals(List.of("r1 C:a [] 1234 1", "r1 C:b [] 1234 2", "r2 C:a [x&y] 1234 3"), read);
    // C's table's summarizers summarize the file, as they would a file Accumulo wrote
    Collection<Summary> summaries = RFile.summaries().from(files.get(0).toString()).read();
    assertEquals(1, summaries.size(), summaries.toString());
    assertEquals(FamilyCountSummarizer.class.getName(),
        summaries.iterator().next().getSummarizerConfiguration().getClassName());
    try (Stream<Path> s = Files.list(volume.resolve("spgemm-c").resolve("job-1-tmp"))) {
      assertEquals(0, s.filter(f -> f.toString().endsWith(".rf")).count(),
          "the temporary directory is left without C files");
    }
  }

  @Test
  void aPieceWithoutEntriesLeavesNoFile() throws Exception {
    try (CWriters.Writer piece = writers("job-2").open()) {
      piece.close();
      assertEquals(null, piece.file(), "no file to import");
    }
    assertFalse(Files.exists(jobDir("job-2")));
  }

  @Test
  void onlyAJobIdNamesTheDirectory() {
    for (String job : new String[] {"../x", "a/b", ".", "a b"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> writers(job).open(), job);
      assertTrue(e.getMessage().contains("cannot name a directory"), e.getMessage());
    }
    assertArrayEquals(new String[0], new File(volume.toString()).list());
  }

  @Test
  void filesAreForTheMultiplyModeOnly() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MultiplySpec.builder().set("job", "j").set("cFiles", "true")
            .set("mode", "transpose").build());
    assertTrue(e.getMessage().contains("'cFiles' needs mode multiply"), e.getMessage());
  }

  /**
   * A killed client's directories, and a late batch's, go once nothing in them changed for the
   * stale age; a running job's, or one a file was just added to, stay.
   */
  @Test
  void directoriesNothingChangedInForTheStaleAgeAreRemoved() throws Exception {
    long day = 24L * 60 * 60 * 1000;
    long now = System.currentTimeMillis();
    Path base = volume.resolve("spgemm-c");
    Path killed = Files.createDirectories(base.resolve("killed"));
    Path killedTmp = Files.createDirectories(base.resolve("killed-tmp"));
    Files.writeString(killed.resolve("a.rf"), "x");
    Files.writeString(killedTmp.resolve("b.rf"), "x");
    Path running = Files.createDirectories(base.resolve("running"));
    Path oldDirNewFile = Files.createDirectories(base.resolve("late"));
    Files.writeString(oldDirNewFile.resolve("c.rf"), "x");
    Path stray = Files.writeString(base.resolve("not-a-job-dir"), "x");
    for (Path p : List.of(killed.resolve("a.rf"), killed, killedTmp.resolve("b.rf"), killedTmp,
        oldDirNewFile, stray)) {
      Files.setLastModifiedTime(p, FileTime.fromMillis(now - 2 * day));
    }
    Files.setLastModifiedTime(oldDirNewFile.resolve("c.rf"), FileTime.fromMillis(now - 60_000));

    assertEquals(2, FileCWriters.removeStale(volume.toUri(), day, now));
    assertFalse(Files.exists(killed));
    assertFalse(Files.exists(killedTmp));
    assertTrue(Files.exists(running), "a directory changed within the day stays");
    assertTrue(Files.exists(oldDirNewFile.resolve("c.rf")), "a file written within the day");
    assertTrue(Files.exists(stray), "only directories are removed");
    assertEquals(0, FileCWriters.removeStale(volume.resolve("nothing").toUri(), day, now),
        "no spgemm-c directory: nothing to do");
  }
}
