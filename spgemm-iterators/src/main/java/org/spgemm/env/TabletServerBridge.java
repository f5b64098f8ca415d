package org.spgemm.env;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.server.ServerContext;
import org.apache.accumulo.server.conf.store.TablePropKey;
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

  /**
   * Table {@code table}'s custom property {@code property} (without its {@code table.custom.}
   * prefix) as ZooKeeper holds it now: this server's cached copy of the table's configuration is
   * dropped and read again, so a change made a moment ago is seen even when its watch has not
   * arrived. For the rare case where the cached copy said no; null when the property is not set.
   */
  public static String tableCustomNow(AccumuloClient serverClient, TableId table,
      String property) {
    ServerContext context = (ServerContext) serverClient;
    TablePropKey key = TablePropKey.of(context, table);
    context.getPropStore().invalidate(key);
    return context.getPropStore().get(key).asMap()
        .get(Property.TABLE_ARBITRARY_PROP_PREFIX.getKey() + property);
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
