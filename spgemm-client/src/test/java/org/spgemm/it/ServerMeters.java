package org.spgemm.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The {@code spgemm.*} meters of the shared cluster's servers, as {@link FileMeterRegistryFactory}
 * writes them: summed over the server processes, keyed {@code name{tags}:statistic} (e.g. {@code
 * spgemm.partial.products{engine=scan}:count}).
 */
final class ServerMeters {

  private ServerMeters() {}

  /** The directory the servers write their meters to (set on the shared cluster). */
  static Path dir() {
    return SharedCluster.metricsDir();
  }

  /** The meters now, summed over every server's file. */
  static Map<String,Double> read() throws IOException {
    Map<String,Double> sum = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> s = Files.list(dir())) {
      files = s.filter(p -> p.toString().endsWith(".tsv")).toList();
    }
    for (Path f : files) {
      for (String line : Files.readAllLines(f)) {
        String[] p = line.split("\t");
        if (p.length == 4) {
          sum.merge(p[0] + "{" + p[1] + "}:" + p[2], Double.parseDouble(p[3]), Double::sum);
        }
      }
    }
    return sum;
  }

  /**
   * The meters once every server has written its file at least twice after this call (so any
   * update made before it is in).
   */
  static Map<String,Double> settled() throws IOException, InterruptedException {
    Thread.sleep(3 * FileMeterRegistryFactory.PERIOD_MILLIS + 200);
    return read();
  }

  /** What {@code after} adds to {@code before} for {@code key} (0 for a meter not yet there). */
  static double delta(Map<String,Double> before, Map<String,Double> after, String key) {
    return after.getOrDefault(key, 0.0) - before.getOrDefault(key, 0.0);
  }
}
