package org.spgemm.partition.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spgemm.partition.GraphPartitioner;
import org.spgemm.partition.graph.BipartiteGraph;

class PlanIOTest {

  static PartitionPlan samplePlan() {
    BipartiteGraph g = PartitionPlanTest.figureGraph();
    String[] aKeys = {"row \"0\"", "back\\slash", "tab\tnew\nline\u0001", "é€\u2028"};
    String[] bKeys = {"0", "1", "2|x", "", "p0001|4"};
    return GraphPartitioner.plan(g, new int[] {0, 0, 1, 1, 0, 1, 1, 1, 1}, 2, aKeys, bKeys);
  }

  @Test
  void roundTripThroughAString() throws IOException {
    PartitionPlan plan = samplePlan();
    String json = toJson(plan);
    assertTrue(json.contains("\"splitPoints\": [\"p0001\"]"), json);
    assertTrue(json.contains("\\u0001") && json.contains("\\u2028"), json);
    assertSamePlan(plan, fromJson(json));
  }

  @Test
  void roundTripThroughAFile(@TempDir Path dir) throws Exception {
    PartitionPlan plan = samplePlan();
    Path file = dir.resolve("plan.json");
    PlanIO.write(plan, file);
    assertSamePlan(plan, PlanIO.read(file));
  }

  @Test
  void rejectsBrokenOrInconsistentFiles() throws IOException {
    String json = toJson(samplePlan());
    assertInvalid("malformed JSON", json.substring(0, json.length() / 2));
    assertInvalid("\"format\" must be", json.replace("spgemm-partition-plan", "other"));
    assertInvalid("unsupported version", json.replace("\"version\": 1", "\"version\": 9"));
    assertInvalid("\"splitPoints\" do not match",
        json.replace("[\"p0001\"]", "[\"p0002\"]"));
    assertInvalid("outside 0..1",
        json.replace("\"parts\": [0, 0, 1, 1]", "\"parts\": [0, 0, 1, 5]"));
    assertInvalid("has 3 parts but 4 row keys",
        json.replace("\"parts\": [0, 0, 1, 1]", "\"parts\": [0, 0, 1]"));
    assertInvalid("unexpected text", json + "{}");
    assertInvalid("metrics: metrics must be non-negative",
        json.replaceFirst("\"cutSize\": 11", "\"cutSize\": -1"));
    assertInvalid("aRows.parts[1] must be an integer",
        json.replace("\"parts\": [0, 0, 1, 1]", "\"parts\": [0, \"x\", 1, 1]"));
    assertInvalid("the plan must be a JSON object, got an array", "[]");
    assertInvalid("version must be an integer, got true",
        json.replace("\"version\": 1", "\"version\": true"));
  }

  @Test
  void readsOnlyStrictJsonOfTheDeclaredTypes() throws IOException {
    String json = toJson(samplePlan());
    assertInvalid("parts must be an integer, got \"2\"",
        json.replace("\"parts\": 2,", "\"parts\": \"2\","));
    assertInvalid("metrics.cutSize must be an integer, got 11.0",
        json.replaceFirst("\"cutSize\": 11", "\"cutSize\": 11.0"));
    assertInvalid("parts is out of range: 99999999999",
        json.replace("\"parts\": 2,", "\"parts\": 99999999999,"));
    assertInvalid("bRows.keys[0] must be a string, got 0",
        json.replace("[\"0\", \"1\"", "[0, \"1\""));
    assertInvalid("baseline.partWeights[1] must be a JSON array, got null",
        json.replace("[4, 2, 3]", "null"));
    assertInvalid("metrics.partWeights[0] must have 3 weights",
        json.replace("[5, 2, 7]", "[5, 2]"));
    assertInvalid("metrics.imbalance[1] must be a number, got \"1.5\"",
        json.replaceFirst("1\\.5,", "\"1.5\","));
    assertInvalid("bRows is missing", json.replaceFirst("\"bRows\"", "\"cRows\""));
    assertInvalid("malformed JSON", json.replace("\"version\": 1", "\"version\": 1 // one"));
    assertInvalid("malformed JSON", json.replace("\"version\"", "version"));
    assertInvalid("malformed JSON", json.replaceFirst("1\\.5", "NaN"));
    assertInvalid("malformed JSON", json.replace("\"row ", "\"\trow "));
    assertInvalid("malformed JSON", "");
  }

  /** A plan file written before the JSON code moved to Gson (commit c42f3ce) reads the same. */
  @Test
  void readsAndWritesThePlanFilesOfTheOldWriter() throws IOException {
    String old;
    try (var in = PlanIOTest.class.getResourceAsStream("sample-plan-v1.json")) {
      old = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertSamePlan(samplePlan(), fromJson(old));
    assertEquals(old, toJson(samplePlan()), "the same bytes as the old writer");
  }

  @Test
  void malformedFilesFailWithOneLineNamingTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cut.json");
    String json = toJson(samplePlan());
    Files.writeString(file, json.substring(0, json.indexOf("\"bRows\"") + 12));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlanIO.read(file));
    assertTrue(e.getMessage().startsWith(file + ": invalid partition plan: malformed JSON: "),
        e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
  }

  @Test
  void errorsNameTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("broken.json");
    Files.writeString(file, "{\"format\": \"other\"}");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlanIO.read(file));
    assertEquals(file + ": invalid partition plan: \"format\" must be \"spgemm-partition-plan\","
        + " got other", e.getMessage());
  }

  static String toJson(PartitionPlan plan) throws IOException {
    StringWriter w = new StringWriter();
    PlanIO.write(plan, w);
    return w.toString();
  }

  static PartitionPlan fromJson(String json) throws IOException {
    return PlanIO.read(new StringReader(json));
  }

  static void assertInvalid(String fragment, String json) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> fromJson(json));
    assertTrue(e.getMessage().contains(fragment),
        "expected \"" + fragment + "\" in: " + e.getMessage());
    assertEquals(e.getMessage().indexOf("invalid partition plan"),
        e.getMessage().lastIndexOf("invalid partition plan"), "prefix once: " + e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), "one line: " + e.getMessage());
  }

  static void assertSamePlan(PartitionPlan expected, PartitionPlan actual) {
    assertEquals(expected.parts(), actual.parts());
    assertEquals(expected.prefixDigits(), actual.prefixDigits());
    assertArrayEquals(expected.aParts(), actual.aParts());
    assertArrayEquals(expected.bParts(), actual.bParts());
    for (int i = 0; i < expected.numARows(); i++) {
      assertEquals(expected.aRowKey(i), actual.aRowKey(i));
      assertEquals(expected.newARowKey(i), actual.newARowKey(i));
    }
    for (int j = 0; j < expected.numBRows(); j++) {
      assertEquals(expected.bRowKey(j), actual.bRowKey(j));
    }
    assertEquals(expected.splitPoints(), actual.splitPoints());
    assertEquals(expected.metrics(), actual.metrics());
    assertEquals(expected.baselineMetrics(), actual.baselineMetrics());
    assertArrayEquals(expected.metrics().imbalance(), actual.metrics().imbalance(), 0);
  }
}
