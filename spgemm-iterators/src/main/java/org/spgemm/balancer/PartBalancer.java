package org.spgemm.balancer;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.TabletId;
import org.apache.accumulo.core.spi.balancer.BalancerEnvironment;
import org.apache.accumulo.core.spi.balancer.SimpleLoadBalancer;
import org.apache.accumulo.core.spi.balancer.TabletBalancer;
import org.apache.accumulo.core.spi.balancer.data.TServerStatus;
import org.apache.accumulo.core.spi.balancer.data.TabletMigration;
import org.apache.accumulo.core.spi.balancer.data.TabletServerId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.spgemm.iterators.TableLayout;

/**
 * Keeps every tablet of part p of a gRRp re-keyed table on one tablet server, so the partition
 * the plan optimised is the one the servers see. Set per table: {@code table.balancer} names
 * this class and {@value TableLayout#PARTS_PROPERTY} holds the {@link PartServerMap} (the partitioner's
 * PlanApplier sets both). Accumulo's {@code TableLoadBalancer} (the manager's default) builds one
 * instance per table through the public {@code (TableId)} constructor, so the class must be on
 * the manager's classpath.
 *
 * <p>A tablet's part comes from its rows ({@link PartKeys#tabletPart}); tablets within a part may
 * be split and all stay on the part's server. Unassigned tablets go straight to their part's
 * server; {@link #balance} moves any that sit elsewhere. A part whose server is gone goes to the
 * live server with the fewest parts ({@link PartServerMap#assign}). Tablets whose rows carry no
 * part are assigned by Accumulo's default balancer and never moved. If the mapping is missing or
 * malformed, the table is balanced as Accumulo's default balancer does it, and the problem is
 * logged once per value: a bad property never makes this balancer throw.
 */
public class PartBalancer implements TabletBalancer {


  private static final Logger LOG = LoggerFactory.getLogger(PartBalancer.class);
  /** Time until the manager asks again, as Accumulo's own balancers use. */
  private static final long BALANCE_WAIT_MILLIS = 5_000;

  private final TableId tableId;
  private final SimpleLoadBalancer fallback;
  private BalancerEnvironment env;
  private String parsedValue;
  private PartServerMap parsed;
  private String lastReport;
  private String lastRemap;

  /** The constructor Accumulo's per-table balancer calls. */
  public PartBalancer(TableId tableId) {
    this.tableId = tableId;
    this.fallback = new SimpleLoadBalancer(tableId);
  }

  @Override
  public void init(BalancerEnvironment balancerEnvironment) {
    this.env = balancerEnvironment;
    fallback.init(balancerEnvironment);
  }

  @Override
  public void getAssignments(AssignmentParameters params) {
    Map<String,TabletServerId> live = byHostPort(params.currentStatus().keySet());
    PartServerMap.Assignment target = assignment(live.keySet());
    if (target == null) {
      fallback.getAssignments(params);
      return;
    }
    Map<TabletId,TabletServerId> partless = new HashMap<>();
    params.unassignedTablets().forEach((tablet, last) -> {
      int part = PartKeys.tabletPart(tablet);
      if (part < 0) {
        partless.put(tablet, last);
      } else {
        params.addAssignment(tablet, live.get(target.serverOf(part)));
      }
    });
    if (!partless.isEmpty()) {
      fallback.getAssignments(new Subset(params, partless));
    }
  }

  @Override
  public long balance(BalanceParameters params) {
    Map<String,TabletServerId> live = byHostPort(params.currentStatus().keySet());
    PartServerMap.Assignment target = assignment(live.keySet());
    if (target == null) {
      return fallback.balance(params);
    }
    Set<TabletId> migrating = params.currentMigrations();
    env.listTabletLocations(tableId).forEach((tablet, where) -> {
      int part = PartKeys.tabletPart(tablet);
      if (where == null || part < 0 || migrating.contains(tablet)) {
        return;
      }
      TabletServerId from = live.get(hostPort(where));
      TabletServerId to = live.get(target.serverOf(part));
      if (from != null && !from.equals(to)) {
        params.migrationsOut().add(new TabletMigration(tablet, from, to));
      }
    });
    return BALANCE_WAIT_MILLIS;
  }

  /** The mapping in force for these live servers, or null to fall back (logged once). */
  private synchronized PartServerMap.Assignment assignment(Set<String> live) {
    String value;
    try {
      value = env.getConfiguration(tableId).get(TableLayout.PARTS_PROPERTY);
    } catch (RuntimeException e) {
      report("cannot read " + TableLayout.PARTS_PROPERTY + " (" + e + "); balancing as Accumulo's default"
          + " balancer does");
      return null;
    }
    if (value == null) {
      report(TableLayout.PARTS_PROPERTY + " is not set; balancing as Accumulo's default balancer does");
      parsed = null;
    } else if (!value.equals(parsedValue)) {
      try {
        parsed = PartServerMap.parse(value);
      } catch (IllegalArgumentException e) {
        parsed = null;
        report(TableLayout.PARTS_PROPERTY + " = '" + value + "' is not a part-to-server mapping ("
            + e.getMessage() + "); balancing as Accumulo's default balancer does");
      }
    }
    parsedValue = value;
    if (parsed == null) {
      return null;
    }
    PartServerMap.Assignment a = parsed.assign(live);
    String remap = a == null || a.movedParts() == 0 ? null
        : a.movedParts() + " part(s) re-mapped because their server is not live; parts now on " + a;
    if (remap != null && !remap.equals(lastRemap)) {
      LOG.warn("table {}: {}", tableId, remap);
    }
    lastRemap = remap;
    return a;
  }

  private void report(String message) {
    if (!message.equals(lastReport)) {
      lastReport = message;
      LOG.warn("table {}: {}", tableId, message);
    }
  }

  private static Map<String,TabletServerId> byHostPort(Set<TabletServerId> servers) {
    Map<String,TabletServerId> m = new HashMap<>();
    servers.forEach(s -> m.put(hostPort(s), s));
    return m;
  }

  private static String hostPort(TabletServerId s) {
    return s.getHost() + ":" + s.getPort();
  }

  /** The tablets without a part, handed to the default balancer. */
  private static final class Subset implements AssignmentParameters {
    private final AssignmentParameters outer;
    private final Map<TabletId,TabletServerId> tablets;

    Subset(AssignmentParameters outer, Map<TabletId,TabletServerId> tablets) {
      this.outer = outer;
      this.tablets = tablets;
    }

    @Override
    public SortedMap<TabletServerId,TServerStatus> currentStatus() {
      return outer.currentStatus();
    }

    @Override
    public Map<TabletId,TabletServerId> unassignedTablets() {
      return tablets;
    }

    @Override
    public void addAssignment(TabletId tabletId, TabletServerId tabletServerId) {
      outer.addAssignment(tabletId, tabletServerId);
    }
  }
}
