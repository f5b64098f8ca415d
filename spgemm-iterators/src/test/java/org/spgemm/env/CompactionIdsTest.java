package org.spgemm.env;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Reading the compaction-id node as Accumulo 2.1 writes it: "id" or "id,txid=hex(config)". */
class CompactionIdsTest {

  private static byte[] node(long id, String configText) {
    String s = Long.toString(id);
    if (configText != null) {
      s += ",00000000000001a2=" + HexFormat.of().formatHex(configText.getBytes(UTF_8));
    }
    return s.getBytes(UTF_8);
  }

  @Test
  void theLatestIdWithOrWithoutARunningConfiguration() {
    assertEquals(17, CompactionIds.parse(node(17, null)));
    assertEquals(17, CompactionIds.parse(node(17, "\u0000\u0005probe\u0000\u0003abc")));
  }

  @Test
  void theIdIsTheRunningCompactionsOnlyWhenItsConfigurationHoldsTheToken() {
    String token = "4f0c3b1e-93a2-4d7e-9f0e-2b7c1d9a5e11";
    assertEquals(42, CompactionIds.idRunning(node(42, "..probe.." + token + ".."), token));
    assertEquals(-1, CompactionIds.idRunning(node(42, "..probe..another-token.."), token));
    assertEquals(-1, CompactionIds.idRunning(node(42, null), token), "nothing running");
    assertEquals(-1, CompactionIds.idRunning("42,0001=zz".getBytes(UTF_8), token), "not hex");
    assertEquals(-1, CompactionIds.idRunning("42,0001".getBytes(UTF_8), token), "no config");
  }
}
