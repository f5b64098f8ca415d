package org.spgemm.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.spgemm.mini.EmbeddedCluster;

/**
 * One MiniAccumuloCluster (3 tablet servers) for every integration test in this JVM: started by
 * the first test class that needs it, stopped when the whole run ends. Starting one costs 20-40 s
 * on 2 cores, so sharing keeps the suite short. Tests keep apart through unique table names.
 */
public final class SharedCluster implements BeforeAllCallback {

  static final int TSERVERS = 3;
  private static volatile EmbeddedCluster cluster;
  private static volatile Path metricsDir;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(SharedCluster.class, k -> start(), Closer.class);
  }

  private static Closer start() {
    try {
      Path dir = Paths.get("target", "mini-tests", "shared-" + System.currentTimeMillis());
      Files.createDirectories(dir.getParent());
      metricsDir = dir.toAbsolutePath().resolveSibling(dir.getFileName() + "-meters");
      Files.createDirectories(metricsDir);
      // Accumulo's metrics on, published by a registry that writes spgemm's meters to files
      cluster = EmbeddedCluster.start(dir, TSERVERS, 512, false, java.util.List.of(),
          java.util.Map.of("general.micrometer.enabled", "true", "general.micrometer.factory",
              FileMeterRegistryFactory.class.getName(), "general.custom.metrics.opts."
                  + FileMeterRegistryFactory.DIR_OPTION, metricsDir.toString()));
      return new Closer();
    } catch (Exception e) {
      throw new IllegalStateException("cannot start the shared MiniAccumuloCluster", e);
    }
  }

  /** A new client on the shared cluster (root); close it after use. */
  /** The shared cluster's client properties written to {@code dir/name}, for the CLI. */
  public static java.nio.file.Path clientPropertiesFile(java.nio.file.Path dir, String name)
      throws java.io.IOException {
    java.nio.file.Path file = dir.resolve(name);
    try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(file)) {
      cluster().clientProperties().store(out, "shared test cluster");
    }
    return file;
  }

  public static AccumuloClient client() {
    return cluster.client();
  }

  /** Where the servers write their meters ({@link FileMeterRegistryFactory}). */
  public static Path metricsDir() {
    return metricsDir;
  }

  public static EmbeddedCluster cluster() {
    return cluster;
  }

  static final class Closer implements ExtensionContext.Store.CloseableResource {
    @Override
    public void close() throws Throwable {
      cluster.close();
    }
  }
}
