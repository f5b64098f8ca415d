package org.spgemm.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;
import org.spgemm.client.ClusterException;
import org.spgemm.mini.EmbeddedCluster;

/** A client on either an embedded cluster (started here, stopped on close) or a real instance. */
final class Session implements AutoCloseable {

  /**
   * The longest wait for ZooKeeper to answer (s), or the client properties'
   * instance.zookeepers.timeout if shorter: Accumulo's client alone retries for about twice that
   * time-out (over a minute by default) without a word.
   */
  static final int ZOOKEEPER_WAIT_SECONDS = 15;

  /** A duration as Accumulo's properties write it: "30s", "500ms", "2m", or bare seconds. */
  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|h|d)?");

  private final EmbeddedCluster cluster;
  final AccumuloClient client;

  private Session(EmbeddedCluster cluster, AccumuloClient client) {
    this.cluster = cluster;
    this.client = client;
  }

  /**
   * Starts an embedded cluster, saying so (and why) first.
   *
   * @param why why the command runs on an embedded cluster ("--embedded", "no -c/--config-file
   *     given", the command's name)
   */
  static Session embedded(int tservers, int heapMb, String why, PrintStream err)
      throws Exception {
    err.printf("spgemm: %s: starting an embedded MiniAccumuloCluster (%d tablet server%s)...%n",
        why, tservers, tservers == 1 ? "" : "s");
    long t0 = System.nanoTime();
    EmbeddedCluster c = EmbeddedCluster.start(tservers, heapMb);
    err.printf("cluster up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    return new Session(c, c.client());
  }

  /** Connects to the instance the client properties (file, -u, --password, -o) name. */
  static Session connect(ConnectionOptions connection) {
    Path clientProps = connection.file;
    if (!Files.isRegularFile(clientProps) || !Files.isReadable(clientProps)) {
      throw new AbstractSpgemmSubcommand.UsageException("cannot read " + clientProps
          + (Files.isDirectory(clientProps) ? " (a directory)" : !Files.exists(clientProps)
              ? " (no such file)" : " (not a readable file)"));
    }
    try {
      Properties props = connection.properties();
      awaitZooKeeper(props, clientProps);
      AccumuloClient c = Accumulo.newClient().from(props).build();
      // fail now if unreachable or the credentials are refused; any user may read their own
      // authorizations (the site configuration would need the System permission)
      c.securityOperations().getUserAuthorizations(c.whoami());
      return new Session(null, c);
    } catch (ClusterException | AbstractSpgemmSubcommand.UsageException e) {
      throw e;
    } catch (Exception e) {
      throw new ClusterException("cannot connect with " + clientProps + ": " + message(e), e);
    }
  }

  /**
   * Waits until ZooKeeper (instance.zookeepers) answers a session request, at most {@link
   * #ZOOKEEPER_WAIT_SECONDS} or the properties' time-out if shorter.
   *
   * @throws ClusterException naming the address and the wait when it does not answer
   */
  private static void awaitZooKeeper(Properties props, Path file)
      throws IOException, InterruptedException {
    String hosts = props.getProperty("instance.zookeepers");
    long waitMillis = Math.max(1000, Math.min(TimeUnit.SECONDS.toMillis(ZOOKEEPER_WAIT_SECONDS),
        millis(props.getProperty("instance.zookeepers.timeout"))));
    CountDownLatch answered = new CountDownLatch(1);
    ZooKeeper zk = new ZooKeeper(hosts, (int) waitMillis, (WatchedEvent e) -> {
      if (e.getState() != KeeperState.Disconnected && e.getState() != KeeperState.Expired
          && e.getState() != KeeperState.Closed) {
        answered.countDown();
      }
    });
    try {
      if (!answered.await(waitMillis, TimeUnit.MILLISECONDS)) {
        throw new ClusterException("ZooKeeper at " + hosts + " did not answer within "
            + Math.max(1, Math.round(waitMillis / 1000.0)) + " s (instance.zookeepers of "
            + file + ")");
      }
    } finally {
      zk.close();
    }
  }

  /** A duration property in ms; Long.MAX_VALUE when absent or not understood here. */
  private static long millis(String text) {
    Matcher m = DURATION.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      return Long.MAX_VALUE;
    }
    TimeUnit unit = m.group(2) == null ? TimeUnit.SECONDS : switch (m.group(2)) {
      case "ms" -> TimeUnit.MILLISECONDS;
      case "m" -> TimeUnit.MINUTES;
      case "h" -> TimeUnit.HOURS;
      case "d" -> TimeUnit.DAYS;
      default -> TimeUnit.SECONDS;
    };
    return unit.toMillis(Long.parseLong(m.group(1)));
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
