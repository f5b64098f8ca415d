package org.spgemm.iterators;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.spgemm.algebra.BinaryOps;
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
  public static final String MASK_FAMILY = "maskFamily";
  public static final String MASK_TABLE = "maskTable";
  public static final String C_TABLE = "cTable";
  public static final String MASK_STRUCTURE = "maskStructure";
  public static final String MASK_COMPLEMENT = "maskComplement";
  public static final String ACCUM = "accum";
  public static final String REPLACE = "replace";
  public static final String ROW_FIRST = "rowFirst";
  public static final String ROW_LAST = "rowLast";
  public static final String COL_FIRST = "colFirst";
  public static final String COL_LAST = "colLast";
  public static final String SELECT = "select";
  public static final String DRY_RUN = "dryRun";

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
    COUNT,
    /** Server-side transpose: write every A entry (i, j) as (j, i) of the C family. */
    TRANSPOSE
  }

  private static final Map<String,String> DESCRIPTIONS = new LinkedHashMap<>();
  static {
    DESCRIPTIONS.put(JOB, "id of the job record SpGEMM.multiply wrote into the table (required)");
    DESCRIPTIONS.put(JOB_KEY, "one-time key of that job; the record holds only its SHA-256, and"
        + " it is void once the job ends (required at scan scope)");
    DESCRIPTIONS.put(TABLE, "id of the table the job runs on; a compaction of any other table"
        + " refuses to compute (required at compaction scope)");
    DESCRIPTIONS.put(TIMESTAMP, "timestamp of the C entries a compaction writes (default: now)");
    DESCRIPTIONS.put(MODE, "multiply (write C), count (symbolic nnz per row, no writes) or"
        + " transpose (write A transposed into the C family)");
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
    DESCRIPTIONS.put(MASK_FAMILY, "family of this table holding the mask M of C<M> = A*B (its"
        + " rows are C's rows, read locally; default: no mask)");
    DESCRIPTIONS.put(C_TABLE, "table the scan engine writes C into (default: this table); its "
        + TableLayout.CUSTOM_PREFIX + TableLayout.C_WRITERS_PROPERTY + " must list this table's id");
    DESCRIPTIONS.put(MASK_TABLE, "table holding the mask family, read with a scan of each"
        + " tablet's rows (default: this table, read locally); its "
        + TableLayout.CUSTOM_PREFIX + TableLayout.B_READERS_PROPERTY + " must list this table's id");
    DESCRIPTIONS.put(MASK_STRUCTURE, "true: any stored mask entry lets C(i,j) through; false"
        + " (default): only entries whose value is not zero");
    DESCRIPTIONS.put(MASK_COMPLEMENT, "true: C(i,j) is computed where the mask does not let it"
        + " through (default false)");
    DESCRIPTIONS.put(ACCUM, "accumulator merging the stored C with the new product, C = C op"
        + " (A*B): " + String.join(", ", BinaryOps.names()) + " (default: none, C is replaced)");
    DESCRIPTIONS.put(REPLACE, "true (GrB_REPLACE): entries of the stored C outside the mask are"
        + " deleted; false (default): they are kept");
    DESCRIPTIONS.put(ROW_FIRST, "first row key of A taken (inclusive; default: all rows)");
    DESCRIPTIONS.put(ROW_LAST, "last row key of A taken (inclusive; default: all rows)");
    DESCRIPTIONS.put(COL_FIRST, "first column key of B taken (inclusive; default: all columns)");
    DESCRIPTIONS.put(COL_LAST, "last column key of B taken (inclusive; default: all columns)");
    DESCRIPTIONS.put(SELECT, "keep only entries of A*B that pass: " + String.join(", ",
        Select.forms()) + " (before the accumulator; default: all)");
    DESCRIPTIONS.put(THREADS, "batches computed at once per tablet (default " + DEFAULT_THREADS
        + ")");
    DESCRIPTIONS.put(SCAN_THREADS, "threads of each nested B scan (default "
        + DEFAULT_SCAN_THREADS + ")");
    DESCRIPTIONS.put(DRY_RUN, "true: only check that the job may run (its record, key, consents"
        + " and the nested executor) and emit one entry saying so; compute and write nothing");
    DESCRIPTIONS.put(YIELD_MILLIS, "after waiting this long for a batch, yield the scan thread"
        + " so the tablet server can release memory and serve others (default "
        + DEFAULT_YIELD_MILLIS + ")");
  }

  /** Parsed, immutable options; shared by init, validateOptions and deepCopy. */
  public record Parsed(String job, String jobKey, Mode mode, String aFamily, String bFamily, String cFamily,
      String bTable, Semiring semiring, ValueCodec codecA, ValueCodec codecB, ValueCodec codecC,
      int batchBRows, int maxBatchRows, long maxBatchBytes, int threads, int scanThreads,
      long yieldMillis, String table, long timestamp, long cacheBytes, long cBufferBytes,
      byte[] cVisibility, MxmOptions mxm, boolean dryRun) {

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
        positiveLong(options, C_BUFFER_BYTES, FROM_HEAP), visibility(options),
        MxmOptions.parse(options), MxmOptions.bool(options, DRY_RUN));
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

  static String blankToNull(String s) {
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

  /** Mask family of C&lt;M&gt;, read locally: STRUCTURE or VALUE, and whether complemented. */
  public static void setMask(IteratorSetting is, String family, boolean structure,
      boolean complement) {
    is.addOption(MASK_FAMILY, family);
    is.addOption(MASK_STRUCTURE, Boolean.toString(structure));
    is.addOption(MASK_COMPLEMENT, Boolean.toString(complement));
  }

  /** C is written into {@code table} (scan engine), not into the multiplied table. */
  public static void setCTable(IteratorSetting is, String table) {
    is.addOption(C_TABLE, table);
  }

  /** The mask family lives in {@code table}, not in the multiplied table. */
  public static void setMaskTable(IteratorSetting is, String table) {
    is.addOption(MASK_TABLE, table);
  }

  /** Accumulator ({@link BinaryOps} name): C = C op (A·B). */
  public static void setAccum(IteratorSetting is, String op) {
    is.addOption(ACCUM, op);
  }

  /** GrB_REPLACE: the stored C outside the mask is deleted. */
  public static void setReplace(IteratorSetting is, boolean replace) {
    is.addOption(REPLACE, Boolean.toString(replace));
  }

  /** Row subset of A (inclusive key bounds, null = open). */
  public static void setRows(IteratorSetting is, String first, String last) {
    if (first != null) {
      is.addOption(ROW_FIRST, first);
    }
    if (last != null) {
      is.addOption(ROW_LAST, last);
    }
  }

  /** Column subset of B (inclusive key bounds, null = open). */
  public static void setColumns(IteratorSetting is, String first, String last) {
    if (first != null) {
      is.addOption(COL_FIRST, first);
    }
    if (last != null) {
      is.addOption(COL_LAST, last);
    }
  }

  /** Keeps only the entries of A·B that pass {@code select} ({@link Select#parse} form). */
  public static void setSelect(IteratorSetting is, String select) {
    is.addOption(SELECT, select);
  }

  /** Only checks that the job may run; computes and writes nothing. */
  public static void setDryRun(IteratorSetting is) {
    is.addOption(DRY_RUN, "true");
  }

  /** Sets one numeric option, e.g. {@code set(is, CACHE_BYTES, 64 << 20)}. */
  public static void set(IteratorSetting is, String option, long value) {
    if (!DESCRIPTIONS.containsKey(option)) {
      throw new IllegalArgumentException("unknown option '" + option + "'");
    }
    is.addOption(option, Long.toString(value));
  }

  /** The table (by id) a compaction-scope multiply runs on, and the timestamp of C. */
  public static void setCompactionJob(IteratorSetting is, String jobId, String tableId,
      long timestamp) {
    is.addOption(JOB, jobId);
    is.addOption(TABLE, tableId);
    is.addOption(TIMESTAMP, Long.toString(timestamp));
  }
}
