package org.spgemm.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.cli.FileChecks;

/**
 * {@code bench --client-props}: what the harness needs to know of a running cluster, namely its
 * live tablet servers (K) and, for a cluster of bin/cluster, the rate its links were capped at.
 */
final class RealCluster {

  private RealCluster() {}

  /**
   * The number of live tablet servers.
   *
   * @throws IllegalArgumentException when options that only fit embedded clusters are given, or
   *     no tablet server is live
   */
  static int tabletServers(Path clientProps, List<Integer> tservers, Path graphuloJar) {
    if (tservers != null) {
      throw new IllegalArgumentException("--client-props takes K from the cluster; leave out"
          + " --tservers");
    }
    if (graphuloJar != null) {
      throw new IllegalArgumentException("--graphulo-jar puts the jar on embedded tablet servers"
          + " only; leave it out with --client-props");
    }
    if (!Files.isRegularFile(clientProps)) {
      throw new IllegalArgumentException("no client properties at " + clientProps);
    }
    try (AccumuloClient client = Accumulo.newClient().from(clientProps).build()) {
      int k = client.instanceOperations().getTabletServers().size();
      if (k < 1) {
        throw new IllegalArgumentException("no live tablet server on the cluster of "
            + clientProps);
      }
      return k;
    }
  }

  /**
   * CLUSTER_BANDWIDTH of {@code cluster.env}, which bin/cluster writes into its install
   * directory (the parent of {@code conf/}); {@code unknown} without one.
   */
  static String bandwidth(Path clientProps) {
    Path home = FileChecks.directoryOf(clientProps).getParent();
    Path env = home == null ? null : home.resolve("cluster.env");
    if (env != null && Files.isRegularFile(env)) {
      try {
        for (String line : Files.readAllLines(env)) {
          if (line.startsWith("CLUSTER_BANDWIDTH=")) {
            return line.substring("CLUSTER_BANDWIDTH=".length()).trim();
          }
        }
      } catch (IOException e) {
        return "unknown";
      }
    }
    return "unknown";
  }
}
