package org.spgemm.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No class outside {@code org.spgemm.env} uses Accumulo's server-internal or otherwise
 * non-public API ({@link ServerInternalImports}): on the tablet-server side only
 * {@code env.TabletServerBridge} may, so the rest keeps working across Accumulo releases.
 */
class ServerInternalImportsTest {

  /** Every module the root pom lists, read from the sources this test runs beside. */
  @Test
  void noMainSourceOutsideEnvUsesNonPublicAccumuloApi() throws IOException {
    Path root = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("..")
        .normalize();
    List<String> modules = modules(root.resolve("pom.xml"));
    assertTrue(modules.contains("spgemm-iterators") && modules.contains("bench"),
        () -> "modules read from " + root.resolve("pom.xml") + ": " + modules);
    List<String> violations = new ArrayList<>();
    for (String module : modules) {
      Path sources = root.resolve(module).resolve("src/main/java");
      assertTrue(Files.isDirectory(sources), "no main sources at " + sources);
      List<Path> files;
      try (Stream<Path> walk = Files.walk(sources)) {
        files = walk.filter(f -> f.toString().endsWith(".java")).sorted().toList();
      }
      assertFalse(files.isEmpty(), "no Java file under " + sources);
      for (Path f : files) {
        violations.addAll(ServerInternalImports.violations(root.relativize(f).toString(),
            Files.readString(f)));
      }
    }
    assertEquals(List.of(), violations,
        "only package " + ServerInternalImports.ENV_PACKAGE + " may use non-public Accumulo API");
  }

  @Test
  void catchesInternalImportsAndQualifiedNamesOutsideEnv() {
    String source = """
        package org.spgemm.client;

        import java.util.List;
        import org.apache.accumulo.core.client.AccumuloClient;
        import org.apache.accumulo.server.ServerContext;
        import static org.apache.accumulo.core.util.LazySingletons.RANDOM;
        import org.apache.accumulo.core.clientImpl.*;

        /** Mentions org.apache.accumulo.tserver.TabletServer in a comment only. */
        class Sample {
          String s = "org.apache.accumulo.manager.Manager"; // and org.apache.accumulo.gc.X
          Object o = new org.apache.accumulo.core.dataImpl.KeyExtent(null, null, null);
          Object p = new org.apache.accumulo.core.security.ColumnVisibility("a");
        }
        """;
    assertEquals(List.of(
        "Sample.java:5: import org.apache.accumulo.server.ServerContext;",
        "Sample.java:6: import static org.apache.accumulo.core.util.LazySingletons.RANDOM;",
        "Sample.java:7: import org.apache.accumulo.core.clientImpl.*;",
        "Sample.java:12: Object o = new org.apache.accumulo.core.dataImpl.KeyExtent(null, null,"
            + " null);"), ServerInternalImports.violations("Sample.java", source));
  }

  @Test
  void envMayUseServerInternals() {
    String source = """
        package org.spgemm.env;
        import org.apache.accumulo.server.iterators.SystemIteratorEnvironment;
        """;
    assertEquals(List.of(), ServerInternalImports.violations("Bridge.java", source));
    assertEquals(1, ServerInternalImports.violations("Bridge.java",
        source.replace("org.spgemm.env", "org.spgemm.environment")).size());
  }

  @Test
  void publicApiIsWhatAccumulo21States() {
    for (String ok : List.of("org.apache.accumulo.core.client.AccumuloClient",
        "org.apache.accumulo.core.client.admin.NewTableConfiguration",
        "org.apache.accumulo.core.data.Key", "org.apache.accumulo.core.security.Authorizations",
        "org.apache.accumulo.core.iterators.SortedKeyValueIterator",
        "org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope",
        "org.apache.accumulo.core.spi.compaction.CompactionPlanner",
        "org.apache.accumulo.minicluster.MiniAccumuloCluster",
        "org.apache.accumulo.hadoop.mapreduce.AccumuloInputFormat", "java.util.List")) {
      assertTrue(ServerInternalImports.isPublicApi(ok), ok);
    }
    for (String internal : List.of("org.apache.accumulo.server.ServerContext",
        "org.apache.accumulo.tserver.TabletServer", "org.apache.accumulo.manager.Manager",
        "org.apache.accumulo.gc.SimpleGarbageCollector",
        "org.apache.accumulo.core.clientImpl.ClientContext",
        "org.apache.accumulo.core.dataImpl.KeyExtent",
        "org.apache.accumulo.core.iteratorsImpl.system.MultiIterator",
        "org.apache.accumulo.core.metadata.MetadataTable",
        "org.apache.accumulo.core.util.HostAndPort", "org.apache.accumulo.core.conf.Property",
        "org.apache.accumulo.core.client.impl.Foo", "org.apache.accumulo.core.data.thrift.TKey",
        "org.apache.accumulo.core.security.crypto.Foo",
        "org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl",
        "org.apache.accumulo.start.classloader.vfs.AccumuloVFSClassLoader",
        "org.apache.accumulo.core.*")) {
      assertFalse(ServerInternalImports.isPublicApi(internal), internal);
    }
  }

  static List<String> modules(Path pom) throws IOException {
    assertTrue(Files.isRegularFile(pom), "no root pom at " + pom);
    Matcher m = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>").matcher(
        Files.readString(pom));
    List<String> modules = new ArrayList<>();
    while (m.find()) {
      modules.add(m.group(1));
    }
    return modules;
  }
}
