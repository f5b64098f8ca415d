package org.spgemm.partition.plan;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import com.google.gson.Strictness;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import com.google.gson.stream.MalformedJsonException;
import java.io.EOFException;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import org.spgemm.json.Json;
import org.spgemm.partition.graph.BipartiteGraph;

/**
 * Writes a {@link PartitionPlan} as JSON and reads it back, through Gson and the records below.
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
 * and tools that read the file. On reading, split points and prefix digits are recomputed and
 * must agree; imbalances are recomputed from the part weights.
 *
 * <p>Reading is strict: standard JSON only, integers where integers belong (no quoted numbers,
 * no fractions), and every error is one {@link IllegalArgumentException} naming the field.
 */
public final class PlanIO {

  /** Value of the "format" field. */
  public static final String FORMAT = "spgemm-partition-plan";
  /** Current file version. */
  public static final int VERSION = 1;

  private static final String PREFIX = "invalid partition plan: ";

  /** The plan file; components in the order they are written. */
  private record PlanFile(String format, Long version, Integer parts, Integer prefixDigits,
      String separator, List<String> splitPoints, Rows aRows, Rows bRows, Metrics metrics,
      Metrics baseline) {}

  /** Row keys and the part of each. */
  private record Rows(List<String> keys, List<Integer> parts) {}

  /** {@link PlanMetrics} as written; imbalance is derived and not read back. */
  private record Metrics(Long cutSize, Long cutEdges, Long remoteBVolume,
      List<Double> imbalance, List<List<Long>> partWeights) {}

  private static final TypeAdapter<PlanFile> READER = new GsonBuilder()
      .registerTypeAdapterFactory(new Checked()).create().getAdapter(PlanFile.class);

  private PlanIO() {}

  /** Writes the plan as UTF-8 JSON to a file. */
  public static void write(PartitionPlan plan, Path file) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      write(plan, w);
    }
  }

  /** Writes the plan as JSON ({@link Json}); the writer is flushed, not closed. */
  static void write(PartitionPlan plan, Writer w) throws IOException {
    w.write(Json.write(new PlanFile(FORMAT, (long) VERSION, plan.parts(), plan.prefixDigits(),
        String.valueOf(PartitionPlan.SEPARATOR), plan.splitPoints(),
        rows(plan.numARows(), plan::aRowKey, plan::aPart),
        rows(plan.numBRows(), plan::bRowKey, plan::bPart),
        metrics(plan.metrics()), metrics(plan.baselineMetrics()))));
    w.flush();
  }

  private static Rows rows(int n, IntFunction<String> key, IntUnaryOperator part) {
    return new Rows(IntStream.range(0, n).mapToObj(key).toList(),
        IntStream.range(0, n).map(part).boxed().toList());
  }

  private static Metrics metrics(PlanMetrics pm) {
    List<List<Long>> weights = IntStream.range(0, pm.parts())
        .mapToObj(p -> IntStream.range(0, BipartiteGraph.NCON)
            .mapToObj(c -> pm.partWeight(p, c)).toList())
        .toList();
    return new Metrics(pm.cutSize(), pm.cutEdges(), pm.remoteBVolume(),
        Arrays.stream(pm.imbalance()).boxed().toList(), weights);
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
    PlanFile f = parse(in);
    if (!FORMAT.equals(f.format())) {
      throw bad("\"format\" must be \"" + FORMAT + "\", got " + f.format());
    }
    long version = require(f.version(), "version");
    if (version != VERSION) {
      throw bad("unsupported version " + version + " (this reader knows version " + VERSION + ")");
    }
    int parts = require(f.parts(), "parts");
    if (parts < 1) {
      throw bad("\"parts\" must be at least 1, got " + parts);
    }
    Rows aRows = require(f.aRows(), "aRows");
    Rows bRows = require(f.bRows(), "bRows");
    int[] aParts = require(aRows.parts(), "aRows.parts").stream().mapToInt(p -> p).toArray();
    int[] bParts = require(bRows.parts(), "bRows.parts").stream().mapToInt(p -> p).toArray();
    String[] aKeys = require(aRows.keys(), "aRows.keys").toArray(String[]::new);
    String[] bKeys = require(bRows.keys(), "bRows.keys").toArray(String[]::new);
    PlanMetrics metrics = metrics(f.metrics(), "metrics", parts);
    PlanMetrics baseline = metrics(f.baseline(), "baseline", parts);
    PartitionPlan plan;
    try {
      plan = new PartitionPlan(parts, aParts, bParts, aKeys, bKeys, metrics, baseline);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    if (f.prefixDigits() != null && f.prefixDigits() != plan.prefixDigits()) {
      throw bad("\"prefixDigits\" is " + f.prefixDigits() + " but " + parts
          + " parts use " + plan.prefixDigits());
    }
    if (f.separator() != null
        && !String.valueOf(PartitionPlan.SEPARATOR).equals(f.separator())) {
      throw bad("unsupported separator " + f.separator());
    }
    if (f.splitPoints() != null && !plan.splitPoints().equals(f.splitPoints())) {
      throw bad("\"splitPoints\" do not match " + parts + " parts: expected "
          + plan.splitPoints());
    }
    return plan;
  }

  /** The whole text as one {@link PlanFile}; any JSON error becomes a one-line message. */
  private static PlanFile parse(Reader r) throws IOException {
    JsonReader in = new JsonReader(r);
    in.setStrictness(Strictness.STRICT);
    PlanFile f;
    try {
      f = READER.read(in);
    } catch (MalformedJsonException | EOFException | JsonParseException e) {
      // Gson's first line says what and where; its next one is a link to its guide
      throw bad("malformed JSON: " + e.getMessage().lines().findFirst().orElse("")
          .replace("Use JsonReader.setStrictness(Strictness.LENIENT) to accept malformed JSON",
              "not standard JSON"));
    }
    boolean more;
    try {
      more = in.peek() != JsonToken.END_DOCUMENT;
    } catch (MalformedJsonException e) {
      more = true;
    }
    if (more) {
      throw bad("malformed JSON: unexpected text after the end of the plan");
    }
    return f;
  }

  private static PlanMetrics metrics(Metrics m, String field, int parts) {
    require(m, field);
    List<List<Long>> rows = require(m.partWeights(), field + ".partWeights");
    if (rows.size() != parts) {
      throw bad(field + ".partWeights has " + rows.size() + " parts, expected " + parts);
    }
    long[][] w = new long[parts][BipartiteGraph.NCON];
    for (int p = 0; p < parts; p++) {
      List<Long> row = rows.get(p);
      if (row.size() != BipartiteGraph.NCON) {
        throw bad(field + ".partWeights[" + p + "] must have " + BipartiteGraph.NCON + " weights");
      }
      for (int c = 0; c < BipartiteGraph.NCON; c++) {
        w[p][c] = row.get(c);
      }
    }
    long cutSize = require(m.cutSize(), field + ".cutSize");
    long cutEdges = require(m.cutEdges(), field + ".cutEdges");
    long remote = require(m.remoteBVolume(), field + ".remoteBVolume");
    try {
      return new PlanMetrics(parts, cutSize, cutEdges, remote, w);
    } catch (IllegalArgumentException e) {
      throw bad(field + ": " + e.getMessage());
    }
  }

  private static <T> T require(T value, String field) {
    if (value == null) {
      throw bad(field + " is missing");
    }
    return value;
  }

  private static IllegalArgumentException bad(String message) {
    return new IllegalArgumentException(PREFIX + message);
  }

  /**
   * Reading only what the plan records declare: an object for a record, an array for a list, a
   * string for a String, an integer literal for an Integer or Long (in range), a number for a
   * Double; anything else fails with the field's path and what it holds. Gson alone would accept
   * "1" or 1.0 for an int and 1 for a string.
   */
  private static final class Checked implements TypeAdapterFactory {
    @Override
    @SuppressWarnings("unchecked")
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
      Class<?> raw = type.getRawType();
      if (raw == Integer.class || raw == Long.class) {
        return (TypeAdapter<T>) new IntegerAdapter(raw == Integer.class);
      }
      JsonToken token;
      String what;
      if (raw.isRecord()) {
        token = JsonToken.BEGIN_OBJECT;
        what = "a JSON object";
      } else if (List.class.isAssignableFrom(raw)) {
        token = JsonToken.BEGIN_ARRAY;
        what = "a JSON array";
      } else if (raw == String.class) {
        token = JsonToken.STRING;
        what = "a string";
      } else if (raw == Double.class) {
        token = JsonToken.NUMBER;
        what = "a number";
      } else {
        return null;
      }
      TypeAdapter<T> delegate = gson.getDelegateAdapter(this, type);
      return new TypeAdapter<T>() {
        @Override
        public void write(JsonWriter out, T value) throws IOException {
          delegate.write(out, value);
        }

        @Override
        public T read(JsonReader in) throws IOException {
          expect(in, token, what);
          return delegate.read(in);
        }
      };
    }
  }

  /** An integer literal as a Long, or an Integer when {@code narrow}. */
  private static final class IntegerAdapter extends TypeAdapter<Number> {
    private final boolean narrow;

    IntegerAdapter(boolean narrow) {
      this.narrow = narrow;
    }

    @Override
    public void write(JsonWriter out, Number value) throws IOException {
      out.value(value);
    }

    @Override
    public Number read(JsonReader in) throws IOException {
      String where = where(in);
      expect(in, JsonToken.NUMBER, "an integer");
      String text = in.nextString();
      long v;
      try {
        v = Long.parseLong(text);
      } catch (NumberFormatException e) {
        throw bad(where + " must be an integer, got " + text);
      }
      if (!narrow) {
        return v;
      }
      if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
        throw bad(where + " is out of range: " + v);
      }
      return (int) v;
    }
  }

  private static void expect(JsonReader in, JsonToken token, String what) throws IOException {
    JsonToken t = in.peek();
    if (t != token) {
      String where = where(in);
      String got = switch (t) {
        case BEGIN_OBJECT -> "an object";
        case BEGIN_ARRAY -> "an array";
        case STRING -> "\"" + in.nextString() + "\"";
        case NUMBER -> in.nextString();
        case BOOLEAN -> String.valueOf(in.nextBoolean());
        case NULL -> "null";
        default -> t.toString();
      };
      throw bad(where + " must be " + what + ", got " + got);
    }
  }

  /** The JSON path of the value {@code in} is at, without Gson's leading "$.". */
  private static String where(JsonReader in) {
    String path = in.getPath();
    return path.equals("$") ? "the plan" : path.substring(path.startsWith("$.") ? 2 : 1);
  }
}
