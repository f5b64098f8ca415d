package org.spgemm.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The project's JSON output: nesting, order, escapes, numbers and the one-line scalar lists. */
class JsonTest {

  @Test
  void writesNestedMapsInOrderWithEscapes() {
    Map<String,Object> inner = new LinkedHashMap<>();
    inner.put("z", 1L);
    inner.put("a", List.of());
    Map<String,Object> m = new LinkedHashMap<>();
    m.put("name", "q\"\\\n\t\u0001\b\f<&>='\u2028");
    m.put("seconds", 1.5);
    m.put("whole", 2.0);
    m.put("nan", Double.NaN);
    m.put("none", null);
    m.put("ok", true);
    m.put("list", Arrays.asList(3, "x", Map.of()));
    m.put("scalars", Arrays.asList(1, "y", null));
    m.put("inner", inner);
    assertEquals("{\n"
        + "  \"name\": \"q\\\"\\\\\\n\\t\\u0001\\b\\f<&>='\\u2028\",\n"
        + "  \"seconds\": 1.5,\n"
        + "  \"whole\": 2,\n"
        + "  \"nan\": null,\n"
        + "  \"none\": null,\n"
        + "  \"ok\": true,\n"
        + "  \"list\": [\n    3,\n    \"x\",\n    {}\n  ],\n"
        + "  \"scalars\": [1, \"y\", null],\n"
        + "  \"inner\": {\n    \"z\": 1,\n    \"a\": []\n  }\n"
        + "}\n", Json.write(m));
  }

  @Test
  void smallFractionsKeepSixDecimals() {
    assertEquals("0.000123\n", Json.write(0.000123));
    assertEquals("-3.25\n", Json.write(-3.25));
    assertEquals("0.333333\n", Json.write(1.0 / 3));
    assertEquals("1.005432\n", Json.write(1.0054321987));
    assertEquals("0\n", Json.write(1e-7));
    assertEquals("1.5\n", Json.write(1.5f));
  }

  @Test
  void wholeNumbersHaveNoFractionAndNonFiniteOnesAreNull() {
    assertEquals("[2, 123456789012345, 100000000000000000000, 9223372036854775807,"
        + " -2147483648, null, null, null]\n", Json.write(Arrays.asList(2.0,
            123456789012345.0, 1e20, Long.MAX_VALUE, Integer.MIN_VALUE, Double.NaN,
            Double.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY)));
  }

  record Weights(String name, List<List<Long>> rows, List<Double> imbalance) {}

  @Test
  void recordsInOrderAndInnerScalarListsOnOneLine() {
    assertEquals("{\n"
        + "  \"name\": \"w\",\n"
        + "  \"rows\": [\n    [5, 2, 7],\n    [],\n    [4, 6, 3]\n  ],\n"
        + "  \"imbalance\": [1.111111, 1.5, 1]\n"
        + "}\n", Json.write(new Weights("w", List.of(List.of(5L, 2L, 7L), List.of(),
            List.of(4L, 6L, 3L)), List.of(10 / 9.0, 1.5, 1.0))));
    assertEquals("[\n  [1],\n  {\n    \"a\": [true, \"b\"]\n  }\n]\n",
        Json.write(List.of(List.of(1), Map.of("a", List.of(true, "b")))));
  }
}
