package org.spgemm.partition.plan;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import org.spgemm.json.JsonWriter;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * Writes a {@link PartitionPlan} as JSON and reads it back.
 *
 * <pre>
 * {
 *   "format": "spgemm-partition-plan", "version": 1,
 *   "parts": K, "prefixDigits": 4, "separator": "|",
 *   "splitPoints": ["p0001", ...],
 *   "aRows": {"keys": [...], "parts": [...]},
 *   "bRows": {"keys": [...], "parts": [...]},
 *   "metrics":  {"cutSize": .., "cutEdges": .., "remoteBVolume": ..,
 *                "imbalance": [A, B, C], "partWeights": [[A, B, C], ...]},
 *   "baseline": { same fields, for the equal-rows split }
 * }
 * </pre>
 *
 * <p>Split points, prefix digits and imbalances are derived data: they are written for people
 * and tools that read the file, and on reading they are recomputed and must agree.
 */
public final class PlanIO {

  /** Value of the "format" field. */
  public static final String FORMAT = "spgemm-partition-plan";
  /** Current file version. */
  public static final int VERSION = 1;

  private static final String PREFIX = "invalid partition plan: ";

  private PlanIO() {}

  /** Writes the plan as UTF-8 JSON to a file. */
  public static void write(PartitionPlan plan, Path file) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      write(plan, w);
    }
  }

  /** Writes the plan as JSON ({@link JsonWriter}); the writer is flushed, not closed. */
  static void write(PartitionPlan plan, Writer w) throws IOException {
    Map<String,Object> m = new LinkedHashMap<>();
    m.put("format", FORMAT);
    m.put("version", VERSION);
    m.put("parts", plan.parts());
    m.put("prefixDigits", plan.prefixDigits());
    m.put("separator", String.valueOf(PartitionPlan.SEPARATOR));
    m.put("splitPoints", plan.splitPoints());
    m.put("aRows", rows(plan.numARows(), plan::aRowKey, plan::aPart));
    m.put("bRows", rows(plan.numBRows(), plan::bRowKey, plan::bPart));
    m.put("metrics", metrics(plan.metrics()));
    m.put("baseline", metrics(plan.baselineMetrics()));
    w.write(JsonWriter.write(m));
    w.flush();
  }

  private static Map<String,Object> rows(int n, IntFunction<String> key, IntUnaryOperator part) {
    Map<String,Object> m = new LinkedHashMap<>();
    m.put("keys", IntStream.range(0, n).mapToObj(key).toList());
    m.put("parts", IntStream.range(0, n).map(part).boxed().toList());
    return m;
  }

  private static Map<String,Object> metrics(PlanMetrics pm) {
    Map<String,Object> m = new LinkedHashMap<>();
    m.put("cutSize", pm.cutSize());
    m.put("cutEdges", pm.cutEdges());
    m.put("remoteBVolume", pm.remoteBVolume());
    m.put("imbalance", Arrays.stream(pm.imbalance()).boxed().toList());
    List<Object> weights = new ArrayList<>();
    for (int p = 0; p < pm.parts(); p++) {
      int part = p;
      weights.add(IntStream.range(0, BipartiteGraph.NCON).mapToObj(c -> pm.partWeight(part, c))
          .toList());
    }
    m.put("partWeights", weights);
    return m;
  }

  /**
   * Reads a plan from a UTF-8 JSON file.
   *
   * @throws IllegalArgumentException if the file is not a valid plan (the message names it)
   */
  public static PartitionPlan read(Path file) throws IOException {
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(r);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads a plan from JSON; the reader is not closed.
   *
   * @throws IllegalArgumentException if the text is not a valid plan
   */
  static PartitionPlan read(Reader in) throws IOException {
    Map<String, Object> root = object(Json.parse(in), "the plan");
    if (!FORMAT.equals(root.get("format"))) {
      throw bad("\"format\" must be \"" + FORMAT + "\", got " + root.get("format"));
    }
    long version = integer(root, "version");
    if (version != VERSION) {
      throw bad("unsupported version " + version + " (this reader knows version " + VERSION + ")");
    }
    int parts = toInt(root.get("parts"), "\"parts\"");
    if (parts < 1) {
      throw bad("\"parts\" must be at least 1, got " + parts);
    }
    Map<String, Object> aRows = object(root.get("aRows"), "\"aRows\"");
    Map<String, Object> bRows = object(root.get("bRows"), "\"bRows\"");
    int[] aParts = ints(aRows, "parts", "aRows");
    int[] bParts = ints(bRows, "parts", "bRows");
    String[] aKeys = strings(aRows, "keys", "aRows");
    String[] bKeys = strings(bRows, "keys", "bRows");
    PlanMetrics metrics = metrics(root, "metrics", parts);
    PlanMetrics baseline = metrics(root, "baseline", parts);
    PartitionPlan plan;
    try {
      plan = new PartitionPlan(parts, aParts, bParts, aKeys, bKeys, metrics, baseline);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    if (root.containsKey("prefixDigits")
        && integer(root, "prefixDigits") != plan.prefixDigits()) {
      throw bad("\"prefixDigits\" is " + root.get("prefixDigits") + " but " + parts
          + " parts use " + plan.prefixDigits());
    }
    if (root.containsKey("separator")
        && !String.valueOf(PartitionPlan.SEPARATOR).equals(root.get("separator"))) {
      throw bad("unsupported separator " + root.get("separator"));
    }
    if (root.containsKey("splitPoints") && !plan.splitPoints().equals(root.get("splitPoints"))) {
      throw bad("\"splitPoints\" do not match " + parts + " parts: expected "
          + plan.splitPoints());
    }
    return plan;
  }

  private static PlanMetrics metrics(Map<String, Object> root, String field, int parts) {
    Map<String, Object> m = object(root.get(field), "\"" + field + "\"");
    List<?> rows = list(m.get("partWeights"), field + ".partWeights");
    if (rows.size() != parts) {
      throw bad(field + ".partWeights has " + rows.size() + " parts, expected " + parts);
    }
    long[][] w = new long[parts][BipartiteGraph.NCON];
    for (int p = 0; p < parts; p++) {
      List<?> row = list(rows.get(p), field + ".partWeights[" + p + "]");
      if (row.size() != BipartiteGraph.NCON) {
        throw bad(field + ".partWeights[" + p + "] must have " + BipartiteGraph.NCON + " weights");
      }
      for (int c = 0; c < BipartiteGraph.NCON; c++) {
        w[p][c] = toLong(row.get(c), field + ".partWeights[" + p + "][" + c + "]");
      }
    }
    try {
      return new PlanMetrics(parts, integer(m, "cutSize"), integer(m, "cutEdges"),
          integer(m, "remoteBVolume"), w);
    } catch (IllegalArgumentException e) {
      throw e.getMessage().startsWith(PREFIX) ? e : bad(field + ": " + e.getMessage());
    }
  }

  private static int[] ints(Map<String, Object> map, String field, String where) {
    List<?> list = list(map.get(field), where + "." + field);
    int[] out = new int[list.size()];
    for (int k = 0; k < out.length; k++) {
      out[k] = toInt(list.get(k), where + "." + field + "[" + k + "]");
    }
    return out;
  }

  private static String[] strings(Map<String, Object> map, String field, String where) {
    List<?> list = list(map.get(field), where + "." + field);
    String[] out = new String[list.size()];
    for (int k = 0; k < out.length; k++) {
      if (!(list.get(k) instanceof String)) {
        throw bad(where + "." + field + "[" + k + "] must be a string");
      }
      out[k] = (String) list.get(k);
    }
    return out;
  }

  private static long integer(Map<String, Object> map, String field) {
    return toLong(map.get(field), "\"" + field + "\"");
  }

  private static int toInt(Object value, String what) {
    long v = toLong(value, what);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw bad(what + " is out of range: " + v);
    }
    return (int) v;
  }

  private static long toLong(Object value, String what) {
    if (!(value instanceof Long)) {
      throw bad(what + " must be an integer, got " + value);
    }
    return (Long) value;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object value, String what) {
    if (!(value instanceof Map)) {
      throw bad(what + " must be a JSON object");
    }
    return (Map<String, Object>) value;
  }

  private static List<?> list(Object value, String what) {
    if (!(value instanceof List)) {
      throw bad(what + " must be a JSON array");
    }
    return (List<?>) value;
  }

  private static IllegalArgumentException bad(String message) {
    return new IllegalArgumentException(PREFIX + message);
  }
}
