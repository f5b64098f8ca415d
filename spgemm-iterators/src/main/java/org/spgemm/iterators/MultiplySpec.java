package org.spgemm.iterators;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.kernel.Select;

/**
 * Every option of a multiply that travels to the tablet servers, declared once: each component is
 * an iterator option of the same name, and its {@link Opt} gives the help text the shell shows,
 * the default and the least value. {@link #encode} writes the options (only what differs from
 * the defaults), {@link #decode} reads and checks them, naming the option in every refusal; the
 * client fills one through {@link #builder}, the iterators decode one in {@code init} and keep it.
 * A new option is one more component.
 */
public record MultiplySpec(
    @Opt("id of the job record SpGEMM.multiply wrote into the table (required)") String job,
    @Opt("one-time key of that job; the record holds only its SHA-256, and it is void once the"
        + " job ends (required at scan scope)") String jobKey,
    @Opt("id of the table the job runs on; a compaction of any other table refuses to compute"
        + " (required at compaction scope)") String table,
    @Opt(value = "timestamp of the C entries a compaction writes (default: now)", dflt = "now")
    long timestamp,
    @Opt(value = "multiply (write C), count (symbolic nnz per row, no writes) or transpose"
        + " (write A transposed into the C family)", dflt = "multiply") Mode mode,
    @Opt(value = "column family holding A", dflt = TableLayout.A_FAMILY) String aFamily,
    @Opt(value = "column family holding B", dflt = TableLayout.B_FAMILY) String bFamily,
    @Opt(value = "column family C rows are written to", dflt = TableLayout.C_FAMILY) String cFamily,
    @Opt("table holding B (default: the scanned table); its " + TableLayout.CUSTOM_PREFIX
        + TableLayout.B_READERS_PROPERTY + " must list this table's id") String bTable,
    @Opt(value = "semiring: PLUS_TIMES, MIN_PLUS, MAX_PLUS, MAX_MIN, LOR_LAND, PLUS_PAIR,"
        + " ANY_PAIR, or " + Semirings.CLASS_PREFIX + "<fqcn>", dflt = DEFAULT_SEMIRING)
    Semiring semiring,
    @Opt(value = "value codec of A: decimal, long or double", dflt = DEFAULT_CODEC)
    ValueCodec codecA,
    @Opt(value = "value codec of B", dflt = DEFAULT_CODEC) ValueCodec codecB,
    @Opt(value = "value codec of C, which also sets the domain computed in",
        dflt = DEFAULT_CODEC)
    ValueCodec codecC,
    @Opt(value = "a batch closes once it needs this many B rows not yet fetched",
        dflt = DEFAULT_BATCH_B_ROWS)
    int batchBRows,
    @Opt(value = "most A rows in one batch (0: " + DEFAULT_MAX_BATCH_ROWS + ", and no limit"
        + " in engine bulk once all of B is at hand, where each batch writes a file of C)",
        dflt = "0", min = 0) int maxBatchRows,
    @Opt(value = "byte budget of one batch's A rows, of its B panel, and of the C columns of a"
        + " row computed while its B rows stream by because they pass the budget (0: derived"
        + " from the tablet server's heap)", dflt = "0", min = 0) long maxBatchBytes,
    @Opt(value = "byte budget of the decoded B rows kept across batches (0: derived from the"
        + " heap)", dflt = "0", min = 0) long cacheBytes,
    @Opt(value = "byte budget of the computed C rows one batch holds before they are written"
        + " (0: derived from the heap)", dflt = "0", min = 0) long cBufferBytes,
    @Opt("column visibility of every C entry; must be at least as strict as that of the A"
        + " entries it comes from (default: their conjunction)") String cVisibility,
    @Opt("family holding the mask M of C<M> = A*B (its rows are C's rows; default: no mask)")
    String maskFamily,
    @Opt("table holding the mask family, read with a scan of each tablet's rows (default: this"
        + " table, read locally); its " + TableLayout.CUSTOM_PREFIX
        + TableLayout.B_READERS_PROPERTY + " must list this table's id") String maskTable,
    @Opt(value = "true: any stored mask entry lets C(i,j) through; false: only entries whose"
        + " value is not zero", dflt = "false") boolean maskStructure,
    @Opt(value = "true: C(i,j) is computed where the mask does not let it through",
        dflt = "false") boolean maskComplement,
    @Opt("accumulator merging the stored C with the new product, C = C op (A*B) (default: none,"
        + " C is replaced)") BinaryOp accum,
    @Opt(value = "true (GrB_REPLACE): entries of the stored C outside the mask are deleted",
        dflt = "false") boolean replace,
    @Opt("first row key of A taken (inclusive; default: all rows)") byte[] rowFirst,
    @Opt("last row key of A taken (inclusive)") byte[] rowLast,
    @Opt("first column key of B taken (inclusive; default: all columns)") byte[] colFirst,
    @Opt("last column key of B taken (inclusive)") byte[] colLast,
    @Opt("keep only entries of A*B that pass: tril, triu, offdiag, valuege:<number> (before the"
        + " accumulator; default: all)") Select select,
    @Opt("table the scan engine writes C into (default: this table); its "
        + TableLayout.CUSTOM_PREFIX + TableLayout.C_WRITERS_PROPERTY
        + " must list this table's id") String cTable,
    @Opt(value = "scan engine (engine bulk): write C as sorted RFiles in " + TableLayout.C_FILES_DIR
        + "/<job> under the instance's first volume, for the client to bulk-import, instead of"
        + " through BatchWriters", dflt = "false")
    boolean cFiles,
    @Opt(value = "batches computed at once per tablet", dflt = DEFAULT_THREADS,
        max = MAX_THREADS)
    int threads,
    @Opt(value = "threads of each nested B scan", dflt = "4", max = MAX_THREADS) int scanThreads,
    @Opt(value = "compaction engine: read the B rows that live in the tablet being compacted from"
        + " its own files (false: by nested scans, like the other rows)", dflt = "true")
    boolean localB,
    @Opt(value = "compaction engine: read all of B's family once per tablet server into the"
        + " job's B cache, when it fits there, instead of the rows of each batch (the client sets"
        + " it when A has at least as many entries as B: every server then needs most of B)",
        dflt = "false")
    boolean wholeB,
    @Opt(value = "after waiting this long for a batch, yield the scan thread so the tablet"
        + " server can release memory and serve others", dflt = "1000") long yieldMillis,
    @Opt(value = "true: only check that the job may run (its record, key, consents and the"
        + " nested executor) and emit one entry saying so", dflt = "false") boolean dryRun) {

  /** The help text, default and least value of an option; its name is the component's. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.RECORD_COMPONENT)
  public @interface Opt {
    String value();

    /** The default as the option's text; empty: none (null). */
    String dflt() default "";

    /** The least value of a number. */
    long min() default 1;

    /** The greatest value of a number. */
    long max() default Long.MAX_VALUE;
  }

  /** Most batches in flight per tablet, and most threads of a nested scan. */
  public static final int MAX_THREADS = 256;
  /** Defaults the command line shows too. */
  public static final String DEFAULT_SEMIRING = "PLUS_TIMES";
  public static final String DEFAULT_CODEC = "decimal";
  public static final String DEFAULT_BATCH_B_ROWS = "4096";
  public static final String DEFAULT_THREADS = "2";
  /** A rows one batch holds at most when {@code maxBatchRows} is 0, except as it says. */
  public static final int DEFAULT_MAX_BATCH_ROWS = 4096;

  /** What the iterator does with each batch. */
  public enum Mode {
    /** Compute C rows and write them to the C family; emit one progress entry per batch. */
    MULTIPLY,
    /** Symbolic: compute nnz(C(i,:)) only, write nothing, emit one count entry per A row. */
    COUNT,
    /** Server-side transpose: write every A entry (i, j) as (j, i) of the C family. */
    TRANSPOSE
  }

  /** Checks what no single option can: one line naming the options at fault. */
  public MultiplySpec {
    if (job == null || job.isBlank()) {
      throw new IllegalArgumentException("option 'job' is required: the iterator only runs for"
          + " a job record written by SpGEMM.multiply");
    }
    for (String[] f : new String[][] {{"aFamily", aFamily}, {"bFamily", bFamily},
        {"cFamily", cFamily}}) {
      if (f[1] == null) {
        // the empty family is allowed: D4M writes its tables there
        throw new IllegalArgumentException("option '" + f[0] + "' has no value");
      }
    }
    if (cFamily.equals(aFamily) || cFamily.equals(bFamily)) {
      throw new IllegalArgumentException("option 'cFamily' (" + cFamily + ") must differ from"
          + " the A and B families: C would overwrite its inputs");
    }
    if (maskFamily == null && (maskStructure || maskComplement)) {
      throw new IllegalArgumentException("options 'maskStructure' and 'maskComplement' need"
          + " 'maskFamily'");
    }
    if (maskFamily == null && maskTable != null) {
      throw new IllegalArgumentException("option 'maskTable' needs 'maskFamily'");
    }
    requireOrdered("rowFirst", rowFirst, "rowLast", rowLast);
    requireOrdered("colFirst", colFirst, "colLast", colLast);
    if (cFiles && mode != Mode.MULTIPLY) {
      throw new IllegalArgumentException("option 'cFiles' needs mode multiply: only C rows, in"
          + " key order, are written as files");
    }
  }

  private static void requireOrdered(String a, byte[] first, String b, byte[] last) {
    if (first != null && last != null && Arrays.compareUnsigned(first, last) > 0) {
      throw new IllegalArgumentException("options '" + a + "' and '" + b + "' are reversed ("
          + text(first) + " > " + text(last) + "): the subset would be empty");
    }
  }

  /** The table B is read from by a job on {@code table}: that one unless bTable names another. */
  public String bTableFor(String table) {
    return bTable == null ? table : bTable;
  }

  /** The table C is written to by a job on {@code table}: that one unless cTable names another. */
  public String cTableFor(String table) {
    return cTable == null ? table : cTable;
  }

  /** The domain products are computed in: that of C's codec. */
  public Domain domain() {
    return codecC.domain();
  }

  /** True when the stored C must be read: it is merged, or kept outside the mask. */
  public boolean readsC() {
    return accum != null || (maskFamily != null && !replace);
  }

  /** True when nothing beyond C = A·B is asked. */
  public boolean plain() {
    return maskFamily == null && accum == null && rowFirst == null && rowLast == null
        && colFirst == null && colLast == null && select == null;
  }

  /** True when row key {@code row} of A is in the row subset. */
  public boolean takesRow(byte[] row) {
    return within(row, rowFirst, rowLast);
  }

  /** True when column key {@code col} of B is in the column subset. */
  public boolean takesColumn(byte[] col) {
    return within(col, colFirst, colLast);
  }

  private static boolean within(byte[] k, byte[] first, byte[] last) {
    return (first == null || Arrays.compareUnsigned(k, first) >= 0)
        && (last == null || Arrays.compareUnsigned(k, last) <= 0);
  }

  // ---- the option names, help, encoding and decoding, all from the components ----

  private static final RecordComponent[] COMPONENTS = MultiplySpec.class.getRecordComponents();
  private static final Constructor<MultiplySpec> CANONICAL = canonical();

  private static Constructor<MultiplySpec> canonical() {
    try {
      return MultiplySpec.class.getDeclaredConstructor(
          Arrays.stream(COMPONENTS).map(RecordComponent::getType).toArray(Class<?>[]::new));
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  /** Every option's name and help text, in declaration order (the shell's setiter shows them). */
  public static Map<String,String> descriptions() {
    Map<String,String> m = new LinkedHashMap<>();
    for (RecordComponent c : COMPONENTS) {
      Opt o = c.getAnnotation(Opt.class);
      m.put(c.getName(), o.value() + (o.dflt().isEmpty() || o.dflt().equals("now") ? ""
          : " (default " + o.dflt() + ")"));
    }
    return m;
  }

  /**
   * Reads and checks iterator options.
   *
   * @throws IllegalArgumentException one line naming the option and the problem
   */
  public static MultiplySpec decode(Map<String,String> options) {
    for (String name : options.keySet()) {
      if (Arrays.stream(COMPONENTS).noneMatch(c -> c.getName().equals(name))) {
        throw new IllegalArgumentException("unknown option '" + name + "'; known: "
            + String.join(", ", descriptions().keySet()));
      }
    }
    Object[] args = new Object[COMPONENTS.length];
    for (int i = 0; i < COMPONENTS.length; i++) {
      RecordComponent c = COMPONENTS[i];
      String raw = options.get(c.getName());
      try {
        boolean family = OptionText.EMPTY_ALLOWED.contains(c.getName());
        args[i] = OptionText.parse(c, raw == null || (!family && raw.isBlank()
            && c.getType() == String.class && c.getAnnotation(Opt.class).dflt().isEmpty())
            ? null : family ? raw : raw.trim());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("option '" + c.getName() + "': " + e.getMessage(), e);
      }
    }
    return construct(args);
  }

  private static MultiplySpec construct(Object[] args) {
    try {
      return CANONICAL.newInstance(args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof IllegalArgumentException iae) {
        throw iae;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * The iterator options of this spec: every option whose value is not its default, and always
   * the time-valued ones whose default is "now" (the spec fixed that time when it was built; left
   * out, every tablet server would take its own "now", and whether it was left out would depend
   * on the clock ticking between build and encode).
   */
  public Map<String,String> encode() {
    Map<String,String> m = new LinkedHashMap<>();
    for (RecordComponent c : COMPONENTS) {
      Object v = value(c, this);
      boolean now = "now".equals(c.getAnnotation(Opt.class).dflt());
      if (v != null && (now || !sameValue(v, OptionText.parse(c, null)))) {
        m.put(c.getName(), OptionText.format(v));
      }
    }
    return m;
  }

  /** Adds this spec's options to {@code is}. */
  public void writeTo(IteratorSetting is) {
    is.addOptions(encode());
  }

  /**
   * This spec with option {@code name} set to {@code value} (a value of the option's type, or
   * its text), checked as {@link #decode} checks it; the other options are not parsed again.
   */
  public MultiplySpec with(String name, Object value) {
    Object[] args = new Object[COMPONENTS.length];
    boolean found = false;
    for (int i = 0; i < COMPONENTS.length; i++) {
      RecordComponent c = COMPONENTS[i];
      if (c.getName().equals(name)) {
        found = true;
        try {
          args[i] = value == null ? OptionText.parse(c, null) : value instanceof String text
              ? OptionText.parse(c, text) : OptionText.parse(c, OptionText.format(value));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("option '" + name + "': " + e.getMessage(), e);
        }
      } else {
        args[i] = value(c, this);
      }
    }
    if (!found) {
      throw new IllegalArgumentException("unknown option '" + name + "'");
    }
    return construct(args);
  }

  /** A builder holding this spec's options, to change some. */
  public Builder toBuilder() {
    return new Builder(encode());
  }

  public static Builder builder() {
    return new Builder(new LinkedHashMap<>());
  }

  /** Fills a spec option by option; {@link #build} checks it as {@link #decode} does. */
  public static final class Builder {
    private final Map<String,String> options;

    private Builder(Map<String,String> options) {
      this.options = new LinkedHashMap<>(options);
    }

    /**
     * Sets option {@code name} to {@code value} (its text, or a value of the option's type;
     * null: back to the default).
     */
    public Builder set(String name, Object value) {
      if (value == null) {
        options.remove(name);
      } else {
        options.put(name, value instanceof String s ? s : OptionText.format(value));
      }
      return this;
    }

    /** The option's text as set, or null. */
    public String get(String name) {
      return options.get(name);
    }

    /**
     * Checks option {@code name} alone as {@link #decode} will.
     *
     * @throws IllegalArgumentException naming the problem (not the option: the caller knows it)
     */
    public Builder check(String name) {
      for (RecordComponent c : COMPONENTS) {
        if (c.getName().equals(name)) {
          OptionText.parse(c, options.get(name));
          return this;
        }
      }
      throw new IllegalArgumentException("unknown option '" + name + "'");
    }

    public Builder copy() {
      return new Builder(options);
    }

    public MultiplySpec build() {
      return decode(options);
    }
  }

  private static Object value(RecordComponent c, MultiplySpec s) {
    try {
      return c.getAccessor().invoke(s);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static boolean sameValue(Object a, Object b) {
    return a instanceof byte[] x && b instanceof byte[] y ? Arrays.equals(x, y)
        : OptionText.format(a).equals(b == null ? null : OptionText.format(b));
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
