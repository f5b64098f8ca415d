package org.spgemm.bench.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.spgemm.cli.FileChecks;

/**
 * Appends measurements to the CSV as they come, so an interrupted run keeps what it measured and
 * can be resumed ({@link #resume}).
 */
public final class ResultsCsv implements AutoCloseable {

  private final BufferedWriter out;

  /** Starts a new CSV holding only the header, replacing any file of that name. */
  public ResultsCsv(Path file) throws IOException {
    Files.createDirectories(FileChecks.directoryOf(file));
    out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(Measurement.HEADER);
    out.newLine();
    out.flush();
  }

  private ResultsCsv(BufferedWriter out) {
    this.out = out;
  }

  /**
   * Continues a CSV written earlier: new rows are appended after its own. A CSV of the previous
   * layout is first rewritten in the current one, its rows unchanged.
   *
   * @throws IllegalArgumentException when the file is missing or is not a bench CSV
   */
  public static ResultsCsv resume(Path file) throws IOException {
    List<Measurement> rows = read(file); // checks it is ours before anything is appended
    if (!Files.readAllLines(file, StandardCharsets.UTF_8).get(0).equals(Measurement.HEADER)) {
      try (ResultsCsv rewritten = new ResultsCsv(file)) {
        rows.forEach(rewritten::add);
      }
    }
    return new ResultsCsv(Files.newBufferedWriter(file, StandardCharsets.UTF_8,
        StandardOpenOption.APPEND));
  }

  /**
   * Reads every row of a CSV written by this class.
   *
   * @throws IllegalArgumentException naming the file when it is missing, has another header or
   *     holds a row that does not parse
   */
  public static List<Measurement> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("no bench CSV at " + file);
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty() || !Measurement.HEADERS.contains(lines.get(0))) {
      throw new IllegalArgumentException(file + " is not a bench CSV: its first line is not the"
          + " header " + Measurement.HEADER);
    }
    List<Measurement> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      if (!lines.get(i).isBlank()) {
        try {
          rows.add(Measurement.parse(lines.get(i)));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + e.getMessage(),
              e);
        }
      }
    }
    return rows;
  }

  public void add(Measurement m) {
    try {
      out.write(m.csv());
      out.newLine();
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
