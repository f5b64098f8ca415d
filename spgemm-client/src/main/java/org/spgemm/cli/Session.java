package org.spgemm.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.client.ClusterException;
import org.spgemm.mini.EmbeddedCluster;

/** A client on either an embedded cluster (started here, stopped on close) or a real instance. */
final class Session implements AutoCloseable {

  private final EmbeddedCluster cluster;
  final AccumuloClient client;

  private Session(EmbeddedCluster cluster, AccumuloClient client) {
    this.cluster = cluster;
    this.client = client;
  }

  static Session embedded(int tservers, int heapMb, PrintStream err) throws Exception {
    err.printf("starting an embedded MiniAccumuloCluster with %d tablet server%s...%n", tservers,
        tservers == 1 ? "" : "s");
    long t0 = System.nanoTime();
    EmbeddedCluster c = EmbeddedCluster.start(tservers, heapMb);
    err.printf("cluster up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    return new Session(c, c.client());
  }

  static Session connect(Path clientProps) {
    if (!Files.isRegularFile(clientProps) || !Files.isReadable(clientProps)) {
      throw new AbstractSpgemmSubcommand.UsageException("cannot read " + clientProps
          + (Files.isDirectory(clientProps) ? " (a directory)" : !Files.exists(clientProps)
              ? " (no such file)" : " (not a readable file)"));
    }
    try {
      AccumuloClient c = Accumulo.newClient().from(clientProps).build();
      // fail now if unreachable or the credentials are refused; any user may read their own
      // authorizations (the site configuration would need the System permission)
      c.securityOperations().getUserAuthorizations(c.whoami());
      return new Session(null, c);
    } catch (Exception e) {
      throw new ClusterException("cannot connect with " + clientProps + ": " + message(e), e);
    }
  }

  /** The message of the innermost exception that only wrapped no other's text. */
  private static String message(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && String.valueOf(t.getMessage()).equals(t.getCause().toString())) {
      t = t.getCause();
    }
    return t.getMessage();
  }

  @Override
  public void close() throws Exception {
    try {
      client.close();
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }
}
