package org.spgemm.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one JSON writer: nesting, order, escapes and numbers. */
class JsonWriterTest {

  @Test
  void writesNestedMapsInOrderWithEscapes() {
    Map<String,Object> inner = new LinkedHashMap<>();
    inner.put("z", 1L);
    inner.put("a", List.of());
    Map<String,Object> m = new LinkedHashMap<>();
    m.put("name", "q\"\\\n\t\u0001");
    m.put("seconds", 1.5);
    m.put("whole", 2.0);
    m.put("nan", Double.NaN);
    m.put("none", null);
    m.put("ok", true);
    m.put("list", Arrays.asList(3, "x", Map.of()));
    m.put("scalars", Arrays.asList(1, "y", null));
    m.put("inner", inner);
    assertEquals("{\n"
        + "  \"name\": \"q\\\"\\\\\\n\\t\\u0001\",\n"
        + "  \"seconds\": 1.5,\n"
        + "  \"whole\": 2,\n"
        + "  \"nan\": null,\n"
        + "  \"none\": null,\n"
        + "  \"ok\": true,\n"
        + "  \"list\": [\n    3,\n    \"x\",\n    {}\n  ],\n"
        + "  \"scalars\": [1, \"y\", null],\n"
        + "  \"inner\": {\n    \"z\": 1,\n    \"a\": []\n  }\n"
        + "}\n", JsonWriter.write(m));
  }

  @Test
  void smallFractionsKeepSixDecimals() {
    assertEquals("0.000123\n", JsonWriter.write(0.000123));
    assertEquals("-3.25\n", JsonWriter.write(-3.25));
  }
}
