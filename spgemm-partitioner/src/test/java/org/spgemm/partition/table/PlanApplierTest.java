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

/** The balance criterion of {@link PlanApplier}'s wait, on made-up tablet locations. */
class PlanApplierTest {

  private static final TableId T = TableId.of("7");

  /** Tablets with end rows p0001.. and the last one open, at the given servers (null: none). */
  private static Locations locations(String... where) {
    Map<TabletId,String> loc = new HashMap<>();
    String prev = null;
    for (int t = 0; t < where.length; t++) {
      String end = t == where.length - 1 ? null : "p000" + (t + 1);
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
    PlanApplier.Placement p = PlanApplier.placement(locations("h:2", "h:1", "h:3"), THREE, 3);
    assertTrue(p.hosted);
    assertTrue(p.balanced);
    assertEquals(List.of("h:2", "h:1", "h:3"), p.locations, "locations in part order");
  }

  @Test
  void fewerTabletsThanServersMayLeaveServersEmpty() {
    assertTrue(PlanApplier.placement(locations("h:1", "h:3"), THREE, 2).balanced);
    assertFalse(PlanApplier.placement(locations("h:1", "h:1"), THREE, 2).balanced);
  }

  @Test
  void moreTabletsThanServersDifferByAtMostOne() {
    List<String> two = List.of("h:1", "h:2");
    assertTrue(PlanApplier.placement(locations("h:1", "h:2", "h:2", "h:1"), two, 4).balanced);
    assertFalse(PlanApplier.placement(locations("h:1", "h:2", "h:2", "h:2"), two, 4).balanced);
    PlanApplier.Placement p = PlanApplier.placement(locations("h:1", "h:2", "h:1"), two, 3);
    assertTrue(p.balanced);
    assertEquals(Map.of("h:1", 2, "h:2", 1), p.perServer);
  }

  @Test
  void unhostedOrMissingTabletsAreNotBalanced() {
    PlanApplier.Placement p = PlanApplier.placement(locations("h:1", null, "h:3"), THREE, 3);
    assertFalse(p.hosted);
    assertFalse(p.balanced);
    assertFalse(PlanApplier.placement(locations("h:1", "h:2"), THREE, 3).hosted,
        "a split not yet made: fewer tablets than parts");
    assertFalse(PlanApplier.placement(locations("h:1", "h:9", "h:3"), THREE, 3).balanced,
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
}
