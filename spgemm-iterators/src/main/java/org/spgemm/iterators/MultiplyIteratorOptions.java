package org.spgemm.iterators;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;

/**
 * Every option of {@link RowByRowMultiplyIterator}: names, defaults, parsing and validation, the
 * help text the shell shows, and the static helpers through which clients set them. No option
 * string appears anywhere else.
 */
public final class MultiplyIteratorOptions {

  public static final String JOB = "job";
  public static final String JOB_KEY = "jobKey";
  public static final String MODE = "mode";
  public static final String A_FAMILY = "aFamily";
  public static final String B_FAMILY = "bFamily";
  public static final String C_FAMILY = "cFamily";
  public static final String B_TABLE = "bTable";
  public static final String SEMIRING = "semiring";
  public static final String CODEC = "codec";
  public static final String CODEC_A = "codecA";
  public static final String CODEC_B = "codecB";
  public static final String CODEC_C = "codecC";
  public static final String BATCH_B_ROWS = "batchBRows";
  public static final String MAX_BATCH_ROWS = "maxBatchRows";
  public static final String MAX_BATCH_BYTES = "maxBatchBytes";
  public static final String THREADS = "threads";
  public static final String SCAN_THREADS = "scanThreads";
  public static final String YIELD_MILLIS = "yieldMillis";
  public static final String TABLE = "table";
  public static final String TIMESTAMP = "timestamp";
  public static final String CACHE_BYTES = "cacheBytes";
  public static final String C_BUFFER_BYTES = "cBufferBytes";
  public static final String C_VISIBILITY = "cVisibility";

  public static final String DEFAULT_SEMIRING = "PLUS_TIMES";
  public static final String DEFAULT_CODEC = "decimal";
  public static final int DEFAULT_BATCH_B_ROWS = 4096;
  public static final int DEFAULT_MAX_BATCH_ROWS = 4096;
  public static final int DEFAULT_THREADS = 2;
  public static final int DEFAULT_SCAN_THREADS = 4;
  public static final long DEFAULT_YIELD_MILLIS = 1000;
  /** A byte budget of 0 means: derived from the tablet server's maximum heap. */
  public static final long FROM_HEAP = 0;

  /** What the iterator does with each batch. */
  public enum Mode {
    /** Compute C rows and write them to the C family; emit one progress entry per batch. */
    MULTIPLY,
    /** Symbolic: compute nnz(C(i,:)) only, write nothing, emit one count entry per A row. */
    COUNT
  }

  private static final Map<String,String> DESCRIPTIONS = new LinkedHashMap<>();
  static {
    DESCRIPTIONS.put(JOB, "id of the job record SpGEMM.multiply wrote into the table (required)");
    DESCRIPTIONS.put(JOB_KEY, "one-time key of that job; the record holds only its SHA-256, and"
        + " it is void once the job ends (required at scan scope)");
    DESCRIPTIONS.put(TABLE, "the table the job runs on; a compaction of any other table refuses"
        + " to compute (required at compaction scope)");
    DESCRIPTIONS.put(TIMESTAMP, "timestamp of the C entries a compaction writes (default: now)");
    DESCRIPTIONS.put(MODE, "multiply (write C) or count (symbolic nnz per row, no writes)");
    DESCRIPTIONS.put(A_FAMILY, "column family holding A (default " + TableLayout.A_FAMILY + ")");
    DESCRIPTIONS.put(B_FAMILY, "column family holding B (default " + TableLayout.B_FAMILY + ")");
    DESCRIPTIONS.put(C_FAMILY, "column family C rows are written to (default " + TableLayout.C_FAMILY + ")");
    DESCRIPTIONS.put(B_TABLE, "table holding B (default: the scanned table)");
    DESCRIPTIONS.put(SEMIRING, String.join(", ", Semirings.builtIn().keySet()) + ", or "
        + Semirings.CLASS_PREFIX + "<fqcn> (default " + DEFAULT_SEMIRING + ")");
    DESCRIPTIONS.put(CODEC, "value codec of A, B and C: " + String.join(", ", ValueCodecs.names())
        + " (default " + DEFAULT_CODEC + ")");
    DESCRIPTIONS.put(CODEC_A, "value codec of A (default: codec)");
    DESCRIPTIONS.put(CODEC_B, "value codec of B (default: codec)");
    DESCRIPTIONS.put(CODEC_C, "value codec of C, which also sets the domain computed in");
    DESCRIPTIONS.put(BATCH_B_ROWS, "a batch closes once it needs this many B rows not yet"
        + " fetched (default " + DEFAULT_BATCH_B_ROWS + ")");
    DESCRIPTIONS.put(MAX_BATCH_ROWS, "most A rows in one batch (default " + DEFAULT_MAX_BATCH_ROWS
        + ")");
    DESCRIPTIONS.put(MAX_BATCH_BYTES, "byte budget of one batch's A rows and of its B panel"
        + " (default: derived from the tablet server's heap)");
    DESCRIPTIONS.put(CACHE_BYTES, "byte budget of the decoded B rows a tablet keeps across its"
        + " batches (default: derived from the heap)");
    DESCRIPTIONS.put(C_BUFFER_BYTES, "byte budget of the computed C rows one batch holds before"
        + " they are written (default: derived from the heap)");
    DESCRIPTIONS.put(C_VISIBILITY, "column visibility of every C entry; must be at least as"
        + " strict as that of the A entries it comes from (default: their conjunction)");
    DESCRIPTIONS.put(THREADS, "batches computed at once per tablet (default " + DEFAULT_THREADS
        + ")");
    DESCRIPTIONS.put(SCAN_THREADS, "threads of each nested B scan (default "
        + DEFAULT_SCAN_THREADS + ")");
    DESCRIPTIONS.put(YIELD_MILLIS, "after waiting this long for a batch, yield the scan thread"
        + " so the tablet server can release memory and serve others (default "
        + DEFAULT_YIELD_MILLIS + ")");
  }

  /** Parsed, immutable options; shared by init, validateOptions and deepCopy. */
  public record Parsed(String job, String jobKey, Mode mode, String aFamily, String bFamily, String cFamily,
      String bTable, Semiring semiring, ValueCodec codecA, ValueCodec codecB, ValueCodec codecC,
      int batchBRows, int maxBatchRows, long maxBatchBytes, int threads, int scanThreads,
      long yieldMillis, String table, long timestamp, long cacheBytes, long cBufferBytes,
      byte[] cVisibility) {

    /** The domain products are computed in: that of C's codec. */
    public Domain domain() {
      return codecC.domain();
    }
  }

  private MultiplyIteratorOptions() {}

  public static Map<String,String> descriptions() {
    return DESCRIPTIONS;
  }

  /**
   * Parses and checks options.
   *
   * @throws IllegalArgumentException naming the option and the problem
   */
  public static Parsed parse(Map<String,String> options) {
    for (String name : options.keySet()) {
      if (!DESCRIPTIONS.containsKey(name)) {
        throw new IllegalArgumentException(
            "unknown option '" + name + "'; known: " + String.join(", ", DESCRIPTIONS.keySet()));
      }
    }
    String job = options.get(JOB);
    if (job == null || job.isBlank()) {
      throw new IllegalArgumentException("option '" + JOB + "' is required: the iterator only runs"
          + " for a job record written by SpGEMM.multiply");
    }
    String jobKey = options.get(JOB_KEY);
    Mode mode;
    try {
      mode = Mode.valueOf(options.getOrDefault(MODE, "multiply").trim().toUpperCase());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "option '" + MODE + "' must be multiply or count, not '" + options.get(MODE) + "'");
    }
    Semiring semiring;
    try {
      semiring = Semirings.forName(options.getOrDefault(SEMIRING, DEFAULT_SEMIRING));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option '" + SEMIRING + "': " + e.getMessage(), e);
    }
    ValueCodec codec = codec(options, CODEC, DEFAULT_CODEC);
    String aFamily = family(options, A_FAMILY, TableLayout.A_FAMILY);
    String bFamily = family(options, B_FAMILY, TableLayout.B_FAMILY);
    String cFamily = family(options, C_FAMILY, TableLayout.C_FAMILY);
    if (cFamily.equals(aFamily) || cFamily.equals(bFamily)) {
      throw new IllegalArgumentException("option '" + C_FAMILY + "' (" + cFamily
          + ") must differ from the A and B families: C would overwrite its inputs");
    }
    String bTable = options.get(B_TABLE);
    return new Parsed(job.trim(), blankToNull(jobKey), mode, aFamily, bFamily,
        cFamily, blankToNull(bTable), semiring, codec(options, CODEC_A, codec.name()),
        codec(options, CODEC_B, codec.name()), codec(options, CODEC_C, codec.name()),
        positiveInt(options, BATCH_B_ROWS, DEFAULT_BATCH_B_ROWS),
        positiveInt(options, MAX_BATCH_ROWS, DEFAULT_MAX_BATCH_ROWS),
        positiveLong(options, MAX_BATCH_BYTES, FROM_HEAP),
        positiveInt(options, THREADS, DEFAULT_THREADS),
        positiveInt(options, SCAN_THREADS, DEFAULT_SCAN_THREADS),
        positiveLong(options, YIELD_MILLIS, DEFAULT_YIELD_MILLIS), blankToNull(options.get(TABLE)),
        positiveLong(options, TIMESTAMP, System.currentTimeMillis()),
        positiveLong(options, CACHE_BYTES, FROM_HEAP),
        positiveLong(options, C_BUFFER_BYTES, FROM_HEAP), visibility(options));
  }

  private static byte[] visibility(Map<String,String> options) {
    String v = blankToNull(options.get(C_VISIBILITY));
    if (v == null) {
      return null;
    }
    try {
      return new org.apache.accumulo.core.security.ColumnVisibility(v).getExpression();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option '" + C_VISIBILITY + "' is not a column"
          + " visibility: " + e.getMessage());
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }

  private static ValueCodec codec(Map<String,String> options, String name, String dflt) {
    try {
      return ValueCodecs.forName(options.getOrDefault(name, dflt));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option '" + name + "': " + e.getMessage(), e);
    }
  }

  private static String family(Map<String,String> options, String name, String dflt) {
    String v = options.getOrDefault(name, dflt);
    if (v.isEmpty()) {
      throw new IllegalArgumentException("option '" + name + "' must not be empty");
    }
    return v;
  }

  private static int positiveInt(Map<String,String> options, String name, int dflt) {
    long v = positiveLong(options, name, dflt);
    if (v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("option '" + name + "' is too large: " + v);
    }
    return (int) v;
  }

  private static long positiveLong(Map<String,String> options, String name, long dflt) {
    String s = options.get(name);
    if (s == null) {
      return dflt;
    }
    try {
      long v = Long.parseLong(s.trim());
      if (v > 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(
        "option '" + name + "' must be a positive integer, not '" + s + "'");
  }

  // ---- client-side helpers: the only way other modules write these options ----

  public static void setJob(IteratorSetting is, String jobId, String jobKey) {
    is.addOption(JOB, jobId);
    is.addOption(JOB_KEY, jobKey);
  }

  public static void setMode(IteratorSetting is, Mode mode) {
    is.addOption(MODE, mode.name().toLowerCase());
  }

  public static void setFamilies(IteratorSetting is, String a, String b, String c) {
    is.addOption(A_FAMILY, a);
    is.addOption(B_FAMILY, b);
    is.addOption(C_FAMILY, c);
  }

  public static void setBTable(IteratorSetting is, String table) {
    is.addOption(B_TABLE, table);
  }

  public static void setSemiring(IteratorSetting is, String name) {
    is.addOption(SEMIRING, name);
  }

  public static void setCodecs(IteratorSetting is, String a, String b, String c) {
    is.addOption(CODEC_A, a);
    is.addOption(CODEC_B, b);
    is.addOption(CODEC_C, c);
  }

  public static void setBatchLimits(IteratorSetting is, int batchBRows, int maxBatchRows,
      long maxBatchBytes) {
    is.addOption(BATCH_B_ROWS, Integer.toString(batchBRows));
    is.addOption(MAX_BATCH_ROWS, Integer.toString(maxBatchRows));
    is.addOption(MAX_BATCH_BYTES, Long.toString(maxBatchBytes));
  }

  public static void setThreads(IteratorSetting is, int threads, int scanThreads) {
    is.addOption(THREADS, Integer.toString(threads));
    is.addOption(SCAN_THREADS, Integer.toString(scanThreads));
  }

  /** Every C entry gets this visibility (checked to be at least as strict as A's). */
  public static void setCVisibility(IteratorSetting is, String visibility) {
    is.addOption(C_VISIBILITY, visibility);
  }

  /** Sets one numeric option, e.g. {@code set(is, CACHE_BYTES, 64 << 20)}. */
  public static void set(IteratorSetting is, String option, long value) {
    if (!DESCRIPTIONS.containsKey(option)) {
      throw new IllegalArgumentException("unknown option '" + option + "'");
    }
    is.addOption(option, Long.toString(value));
  }

  /** The table a compaction-scope multiply runs on, and the timestamp of the C it writes. */
  public static void setCompactionJob(IteratorSetting is, String jobId, String table,
      long timestamp) {
    is.addOption(JOB, jobId);
    is.addOption(TABLE, table);
    is.addOption(TIMESTAMP, Long.toString(timestamp));
  }
}
