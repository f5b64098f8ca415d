package org.spgemm.cli;

import java.io.PrintStream;
import org.spgemm.mini.EmbeddedCluster;
import picocli.CommandLine.Option;

/** The embedded MiniAccumuloCluster a command starts: how many tablet servers, and their heap. */
final class EmbeddedClusterOptions {

  @Option(names = "--tservers", defaultValue = "2",
      description = "tablet servers of the embedded cluster, 1 to " + EmbeddedCluster.MAX_TSERVERS
          + " (default ${DEFAULT-VALUE})")
  int tservers;

  @Option(names = "--tserver-heap-mb", defaultValue = "1024",
      description = "heap of each embedded tablet server, from "
          + EmbeddedCluster.MIN_TSERVER_HEAP_MB + " MB up to this machine's memory (default"
          + " ${DEFAULT-VALUE})")
  int tserverHeapMb;

  /** Checks the size against what Accumulo and this machine allow; throws if it does not fit. */
  void validate() {
    EmbeddedCluster.checkSize("--tservers", tservers, "--tserver-heap-mb", tserverHeapMb);
  }

  /**
   * Starts the embedded cluster; closing the session stops it.
   *
   * @param why why this command runs on an embedded cluster, said on the first line
   */
  Session start(String why, PrintStream err) throws Exception {
    return Session.embedded(tservers, tserverHeapMb, why, err);
  }
}
