package org.spgemm.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import org.spgemm.mini.EmbeddedCluster;
import picocli.CommandLine.Option;

/** Where a command runs: an embedded MiniAccumuloCluster (the default) or a real instance. */
final class ClusterOptions {

  @Option(names = "--embedded", description = "run on an embedded MiniAccumuloCluster (default"
      + " unless --client-props is given)")
  boolean embedded;

  @Option(names = "--tservers", defaultValue = "2",
      description = "tablet servers of the embedded cluster, 1 to " + EmbeddedCluster.MAX_TSERVERS
          + " (default ${DEFAULT-VALUE})")
  int tservers;

  @Option(names = "--tserver-heap-mb", defaultValue = "1024",
      description = "heap of each embedded tablet server, from "
          + EmbeddedCluster.MIN_TSERVER_HEAP_MB + " MB up to this machine's memory (default"
          + " ${DEFAULT-VALUE})")
  int tserverHeapMb;

  @Option(names = "--client-props", description = "accumulo-client.properties of a real instance")
  Path clientProps;

  /** @param table the command's --table, which a real instance requires */
  void validate(String table) {
    if (embedded && clientProps != null) {
      throw new AbstractSpgemmSubcommand.UsageException(
          "--embedded and --client-props exclude each other");
    }
    if (clientProps != null && table == null) {
      throw new AbstractSpgemmSubcommand.UsageException(
          "--table is required with --client-props");
    }
    EmbeddedCluster.checkSize("--tservers", tservers, "--tserver-heap-mb", tserverHeapMb);
  }

  boolean isEmbedded() {
    return clientProps == null;
  }

  Session open(PrintStream err) throws Exception {
    return isEmbedded() ? Session.embedded(tservers, tserverHeapMb, err)
        : Session.connect(clientProps);
  }
}
