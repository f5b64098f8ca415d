package org.spgemm.partition.table;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.Locations;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TabletId;
import org.spgemm.balancer.PartKeys;
import org.spgemm.balancer.PartServerMap;

/**
 * Where the tablets of a re-keyed table are, and waiting for the balancer to put them there:
 * all hosted, and either every tablet of a part on its part's server (pinned parts) or the
 * tablet counts of the live servers within one of each other.
 */
final class TabletPlacement {

  private static final long POLL_MILLIS = 250;

  boolean hosted;
  boolean balanced;
  /** One location per tablet in row order (null: unhosted). */
  List<String> locations = new ArrayList<>();
  Map<String,Integer> perServer = new HashMap<>();

  /**
   * Polls until all {@code tablets} tablets are hosted and balanced ({@link #of}), or the
   * timeout passes; returns the last placement seen. {@code locate} blocks while a tablet is
   * unhosted, so it runs on a helper thread bounded by the remaining time.
   */
  static TabletPlacement await(AccumuloClient client, String table, int tablets,
      PartServerMap pins, long timeoutMillis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    ExecutorService ex = Executors.newSingleThreadExecutor(new ThreadFactoryBuilder()
        .setDaemon(true).setNameFormat("spgemm-locate-" + table.replace("%", "%%")).build());
    TabletPlacement last = new TabletPlacement();
    try {
      while (true) {
        long remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        Future<Locations> f = ex.submit(
            () -> client.tableOperations().locate(table, List.of(new Range())));
        Locations loc;
        try {
          loc = f.get(Math.max(remaining, 1), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          f.cancel(true);
          return last;
        } catch (ExecutionException e) {
          throw new TablePartitionException("cannot locate the tablets of " + table + ": "
              + e.getCause(), e.getCause());
        }
        last = of(loc, client.instanceOperations().getTabletServers(), tablets, pins);
        remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (last.balanced || remaining <= 0) {
          return last;
        }
        Thread.sleep(Math.min(POLL_MILLIS, remaining));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return last;
    } finally {
      ex.shutdownNow();
    }
  }

  /** {@link #of(Locations, List, int, PartServerMap)} of a table whose parts are not pinned. */
  static TabletPlacement of(Locations loc, List<String> servers, int expectedTablets) {
    return of(loc, servers, expectedTablets, null);
  }

  /**
   * Where the tablets are, and whether they are balanced: all {@code expectedTablets} hosted on
   * live servers, and with {@code pins} every tablet of a part on the part's server for these
   * live servers ({@link PartServerMap#assign}), without pins the tablet counts of any two live
   * servers differing by at most one.
   */
  static TabletPlacement of(Locations loc, List<String> servers, int expectedTablets,
      PartServerMap pins) {
    TabletPlacement p = new TabletPlacement();
    PartServerMap.Assignment home = pins == null ? null : pins.assign(servers);
    boolean onHome = true;
    List<TabletId> ids = new ArrayList<>(loc.groupByTablet().keySet());
    ids.sort(Comparator.comparing(TabletId::getEndRow,
        Comparator.nullsLast(Comparator.naturalOrder())));
    for (String s : servers) {
      p.perServer.put(s, 0);
    }
    boolean hosted = ids.size() == expectedTablets;
    boolean known = true;
    for (TabletId id : ids) {
      String where = loc.getTabletLocation(id);
      p.locations.add(where);
      if (where == null) {
        hosted = false;
      } else {
        known &= p.perServer.containsKey(where);
        p.perServer.merge(where, 1, Integer::sum);
        int part = home == null ? -1 : PartKeys.tabletPart(id);
        onHome &= part < 0 || where.equals(home.serverOf(part));
      }
    }
    p.hosted = hosted;
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (String s : servers) {
      min = Math.min(min, p.perServer.get(s));
      max = Math.max(max, p.perServer.get(s));
    }
    p.balanced = hosted && known
        && (home != null ? onHome : servers.isEmpty() || max - min <= 1);
    return p;
  }
}
