package org.spgemm.balancer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PartKeysTest {

  private static int part(String row) {
    byte[] b = row.getBytes(StandardCharsets.UTF_8);
    return PartKeys.partOf(b, b.length);
  }

  private static int tablet(String prev, String end) {
    byte[] p = prev == null ? null : prev.getBytes(StandardCharsets.UTF_8);
    byte[] e = end == null ? null : end.getBytes(StandardCharsets.UTF_8);
    return PartKeys.tabletPart(p, p == null ? 0 : p.length, e, e == null ? 0 : e.length);
  }

  @Test
  void rowsWithAPrefixNameTheirPart() {
    assertEquals(3, part("p0003|00000042"));
    assertEquals(3, part("p0003|"));
    assertEquals(3, part("p0003"));
    assertEquals(12345, part("p12345|x|y"));
    assertEquals(0, part("p0000|p0007|z"));
  }

  @Test
  void otherRowsHaveNoPart() {
    for (String row : new String[] {"", "p", "p000", "p003|x", "q0003|x", "p0003x", "p00a3|x",
        "~spgemm", "0003|x", "p1234567890|x"}) {
      assertEquals(-1, part(row), row);
    }
  }

  @Test
  void aTabletHoldsThePartAfterItsPreviousEndRow() {
    // the plan's own tablets: (-inf, p0001], (p0001, p0002], (p0002, +inf)
    assertEquals(0, tablet(null, "p0001"));
    assertEquals(1, tablet("p0001", "p0002"));
    assertEquals(2, tablet("p0002", null));
    // tablets of part 1 split further, at real rows and at shortened rows
    assertEquals(1, tablet("p0001", "p0001|0042"));
    assertEquals(1, tablet("p0001|0042", "p0001|07"));
    assertEquals(1, tablet("p0001|07", "p0002"));
    // part 0 split: the first tablet ends inside part 0
    assertEquals(0, tablet(null, "p0000|0042"));
    assertEquals(0, tablet("p0000|0042", "p0001"));
    // one tablet for everything, and a first tablet ending at the bare prefix of part 0
    assertEquals(0, tablet(null, null));
    assertEquals(0, tablet(null, "p0000"));
  }

  @Test
  void tabletsOutsideThePartKeysHaveNoPart() {
    assertEquals(-1, tablet("m", "p0001"));
    assertEquals(-1, tablet(null, "m"));
  }
}
