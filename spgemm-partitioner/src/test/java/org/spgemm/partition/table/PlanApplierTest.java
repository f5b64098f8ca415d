package org.spgemm.partition.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.admin.Locations;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.TabletId;
import org.junit.jupiter.api.Test;
import org.spgemm.balancer.PartServerMap;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.plan.PlanMetrics;

/**
 * The balance criterion of {@link PlanApplier}'s wait, on made-up tablet locations, and the split
 * points inside parts.
 */
class PlanApplierTest {

  private static final TableId T = TableId.of("7");

  /** Tablets with end rows p0001.. and the last one open, at the given servers (null: none). */
  private static Locations locations(String... where) {
    String[] ends = new String[where.length - 1];
    for (int t = 0; t < ends.length; t++) {
      ends[t] = "p000" + (t + 1);
    }
    return locations(ends, where);
  }

  /** Tablets with the given end rows and the last one open, at the given servers. */
  private static Locations locations(String[] ends, String... where) {
    Map<TabletId,String> loc = new HashMap<>();
    String prev = null;
    for (int t = 0; t < where.length; t++) {
      String end = t == where.length - 1 ? null : ends[t];
      TabletId id = TabletId.of(T, end, prev);
      loc.put(id, where[t]);
      prev = end;
    }
    return new Locations() {
      @Override
      public Map<Range,List<TabletId>> groupByRange() {
        return Map.of(new Range(), List.copyOf(loc.keySet()));
      }

      @Override
      public Map<TabletId,List<Range>> groupByTablet() {
        Map<TabletId,List<Range>> m = new HashMap<>();
        loc.keySet().forEach(id -> m.put(id, List.of(new Range())));
        return m;
      }

      @Override
      public String getTabletLocation(TabletId tabletId) {
        return loc.get(tabletId);
      }
    };
  }

  private static final List<String> THREE = List.of("h:1", "h:2", "h:3");

  @Test
  void spreadTabletsAreBalanced() {
    TabletPlacement p = TabletPlacement.of(locations("h:2", "h:1", "h:3"), THREE, 3);
    assertTrue(p.hosted);
    assertTrue(p.balanced);
    assertEquals(List.of("h:2", "h:1", "h:3"), p.locations, "locations in part order");
  }

  @Test
  void fewerTabletsThanServersMayLeaveServersEmpty() {
    assertTrue(TabletPlacement.of(locations("h:1", "h:3"), THREE, 2).balanced);
    assertFalse(TabletPlacement.of(locations("h:1", "h:1"), THREE, 2).balanced);
  }

  @Test
  void moreTabletsThanServersDifferByAtMostOne() {
    List<String> two = List.of("h:1", "h:2");
    assertTrue(TabletPlacement.of(locations("h:1", "h:2", "h:2", "h:1"), two, 4).balanced);
    assertFalse(TabletPlacement.of(locations("h:1", "h:2", "h:2", "h:2"), two, 4).balanced);
    TabletPlacement p = TabletPlacement.of(locations("h:1", "h:2", "h:1"), two, 3);
    assertTrue(p.balanced);
    assertEquals(Map.of("h:1", 2, "h:2", 1), p.perServer);
  }

  @Test
  void unhostedOrMissingTabletsAreNotBalanced() {
    TabletPlacement p = TabletPlacement.of(locations("h:1", null, "h:3"), THREE, 3);
    assertFalse(p.hosted);
    assertFalse(p.balanced);
    assertFalse(TabletPlacement.of(locations("h:1", "h:2"), THREE, 3).hosted,
        "a split not yet made: fewer tablets than parts");
    assertFalse(TabletPlacement.of(locations("h:1", "h:9", "h:3"), THREE, 3).balanced,
        "a location that is no live tablet server (stale)");
  }

  @Test
  void optionsRejectBadValues() {
    assertThrows(IllegalArgumentException.class,
        () -> ApplyOptions.defaults().withFamilies("A", "A"));
    assertThrows(IllegalArgumentException.class,
        () -> ApplyOptions.defaults().withBalanceTimeout(Duration.ofSeconds(-1)));
    assertThrows(IllegalArgumentException.class,
        () -> ApplyOptions.defaults().withScanThreads(0));
    assertEquals(Arrays.asList("A", "B"), Arrays.asList(ApplyOptions.defaults().aFamily(),
        ApplyOptions.defaults().bFamily()));
  }

  @Test
  void pinnedTabletsMustSitOnTheirPartsServer() {
    // parts 0 and 1 on h:1 and h:2; part 0 in three tablets, part 1 in one
    String[] ends = {"p0000|b", "p0000|d", "p0001"};
    PartServerMap pins = PartServerMap.spread(2, List.of("h:1", "h:2"));
    List<String> two = List.of("h:1", "h:2");
    TabletPlacement p =
        TabletPlacement.of(locations(ends, "h:1", "h:1", "h:1", "h:2"), two, 4, pins);
    assertTrue(p.balanced, "3 and 1 tablets, each on its part's server");
    assertFalse(TabletPlacement.of(locations(ends, "h:1", "h:1", "h:1", "h:2"), two, 4)
        .balanced, "without pins the same counts are uneven");
    assertFalse(TabletPlacement.of(locations(ends, "h:1", "h:2", "h:1", "h:2"), two, 4, pins)
        .balanced, "a tablet of part 0 on part 1's server");
  }

  @Test
  void tabletsPerPartSplitsEachPartAtEqualNnzOfA() {
    // part 0: rows a..h, 1 entry each; part 1: x (2), y (6), z (1); part 2: w only
    String[] keys = {"a", "b", "c", "d", "e", "f", "g", "h", "x", "y", "z", "w"};
    int[] part = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2};
    long[] nnz = {1, 1, 1, 1, 1, 1, 1, 1, 2, 6, 1, 5};
    PartitionPlan plan = plan(3, part, keys);
    assertEquals(List.of("p0000|b", "p0000|d", "p0000|f", "p0001|x", "p0001|y"),
        PartSplits.inner(plan, nnz, 4),
        "8 equal rows in 4 tablets of 2; the heavy row y in a tablet of its own; w alone");
    assertEquals(List.of("p0000|d", "p0001|x"), PartSplits.inner(plan, nnz, 2),
        "part 1: after x (2 of 9) is nearer to half than after y (8 of 9)");
    assertEquals(List.of("p0000|a", "p0000|b", "p0000|c", "p0000|d", "p0000|e", "p0000|f",
        "p0000|g", "p0001|x", "p0001|y"), PartSplits.inner(plan, nnz, 20),
        "never more tablets than A rows, never a split after a part's last row");
    assertEquals(List.of(), PartSplits.inner(plan, nnz, 1));
  }

  @Test
  void innerSplitsFollowAccumuloKeyOrderAndSkipEmptyParts() {
    // plan rows out of order; part 1 has no A entries
    String[] keys = {"d", "b", "c", "a", "q"};
    int[] part = {0, 0, 0, 0, 1};
    PartitionPlan plan = plan(2, part, keys);
    assertEquals(List.of("p0000|b"), PartSplits.inner(plan, new long[] {1, 1, 1, 1, 0}, 2));
    assertThrows(IllegalArgumentException.class,
        () -> PartSplits.inner(plan, new long[] {1}, 2));
  }

  private static PartitionPlan plan(int k, int[] aPart, String[] aKeys) {
    PlanMetrics m = new PlanMetrics(k, 0, 0, 0, new long[k][BipartiteGraph.NCON]);
    return new PartitionPlan(k, aPart, new int[] {0}, aKeys, new String[] {"b"}, m, m);
  }

  @Test
  void tabletsPerPartMustBePositive() {
    assertEquals(1, ApplyOptions.defaults().tabletsPerPart());
    assertThrows(IllegalArgumentException.class,
        () -> ApplyOptions.defaults().withTabletsPerPart(0));
    ApplyOptions o = ApplyOptions.defaults().withTabletsPerPart(4);
    assertEquals(4, o.withFamilies("X", "Y").withBalanceTimeout(Duration.ZERO)
        .withScanThreads(2).tabletsPerPart(), "kept by the other with* copies");
  }
}
