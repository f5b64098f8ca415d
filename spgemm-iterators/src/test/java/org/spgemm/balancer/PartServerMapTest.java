package org.spgemm.balancer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PartServerMapTest {

  private static final Set<String> THREE = Set.of("h2:9997", "h1:9997", "h3:9997");

  @Test
  void spreadPutsPartsRoundRobinOverSortedServers() {
    PartServerMap m = PartServerMap.spread(5, THREE);
    assertEquals("h1:9997,h2:9997,h3:9997,h1:9997,h2:9997", m.format());
    assertEquals(5, m.parts());
    assertEquals(m, PartServerMap.parse(m.format()));
    assertEquals("h3:9997", m.server(2));
  }

  @Test
  void allLiveServersKeepTheRecordedMapping() {
    PartServerMap m = PartServerMap.parse("h1:9997, h2:9997,h1:9997");
    PartServerMap.Assignment a = m.assign(THREE);
    assertEquals("h1:9997", a.serverOf(0));
    assertEquals("h2:9997", a.serverOf(1));
    assertEquals("h1:9997", a.serverOf(2));
    assertEquals("h2:9997", a.serverOf(4), "parts beyond the list wrap around");
    assertEquals(0, a.movedParts());
  }

  @Test
  void partsOfADeadServerGoToTheLeastLoadedLiveServers() {
    PartServerMap m = PartServerMap.parse("h1:1,h2:1,h3:1,h1:1,h2:1,h3:1");
    PartServerMap.Assignment a = m.assign(Set.of("h1:1", "h2:1"));
    assertEquals(2, a.movedParts());
    Map<String,Integer> load = new HashMap<>();
    for (int p = 0; p < 6; p++) {
      load.merge(a.serverOf(p), 1, Integer::sum);
    }
    assertEquals(Map.of("h1:1", 3, "h2:1", 3), load, "still even: " + a);
    assertEquals("h1:1", a.serverOf(0), "live servers keep their parts");
    assertEquals("h2:1", a.serverOf(4));
    // the same live set gives the same re-mapping every time
    assertEquals(a.toString(), m.assign(List.of("h2:1", "h1:1")).toString());
    // a new server takes over dead servers' parts first
    PartServerMap.Assignment b = m.assign(Set.of("h1:1", "h2:1", "h9:1"));
    assertEquals("h9:1", b.serverOf(2));
    assertEquals("h9:1", b.serverOf(5));
  }

  @Test
  void noLiveServerNoAssignment() {
    assertNull(PartServerMap.parse("h1:1").assign(new ArrayList<>()));
  }

  @Test
  void malformedValuesAreRejectedNamingTheEntry() {
    for (String bad : new String[] {"", " ", "h1", "h1:", ":9997", "h1:x", "h1:0", "h1:70000",
        "h1:1,,h2:1"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> PartServerMap.parse(bad), bad);
      assertTrue(e.getMessage().length() > 5, e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> PartServerMap.spread(0, THREE));
    assertThrows(IllegalArgumentException.class, () -> PartServerMap.spread(2, Set.of()));
  }
}
