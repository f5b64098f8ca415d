package org.spgemm.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where a command runs: an embedded MiniAccumuloCluster (the default) or a real instance. */
final class ClusterOptions {

  @Option(names = "--embedded", description = "run on an embedded MiniAccumuloCluster (default"
      + " unless --client-props is given)")
  boolean embedded;

  @Mixin
  EmbeddedClusterOptions mini;

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
    mini.validate();
  }

  boolean isEmbedded() {
    return clientProps == null;
  }

  Session open(PrintStream err) throws Exception {
    return isEmbedded() ? mini.start(err) : Session.connect(clientProps);
  }
}
