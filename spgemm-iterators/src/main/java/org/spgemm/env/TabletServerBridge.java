package org.spgemm.env;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.server.iterators.SystemIteratorEnvironment;

/**
 * The only class that touches non-public Accumulo API: it reaches the tablet server's own client
 * (system credentials), so no user credential ever travels in iterator options.
 */
public final class TabletServerBridge {

  private static final String SERVER_ID = hostName() + ":" + ProcessHandle.current().pid();

  private TabletServerBridge() {}

  /**
   * The tablet server's client. Shared by the whole server: never close it.
   *
   * @throws IllegalStateException when not running inside a tablet server
   */
  public static AccumuloClient serverClient(IteratorEnvironment env) {
    if (env instanceof SystemIteratorEnvironment) {
      return ((SystemIteratorEnvironment) env).getServerContext();
    }
    throw new IllegalStateException("the spgemm iterators must run inside a tablet server"
        + " (iterator environment is " + (env == null ? "null" : env.getClass().getName()) + ")");
  }

  /** host:pid of this process, distinct even for several tablet servers on one host. */
  public static String serverId() {
    return SERVER_ID;
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return ManagementFactory.getRuntimeMXBean().getName();
    }
  }
}
