package org.spgemm.bench.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Appends measurements to the CSV as they come, so an interrupted run keeps what it measured. */
public final class ResultsCsv implements AutoCloseable {

  private final BufferedWriter out;

  public ResultsCsv(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(Measurement.HEADER);
    out.newLine();
    out.flush();
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
