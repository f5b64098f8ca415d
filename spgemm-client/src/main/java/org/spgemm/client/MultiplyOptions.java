package org.spgemm.client;

import static org.spgemm.client.Arguments.between;
import static org.spgemm.client.Arguments.notNull;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.MultiplyIteratorOptions;
import org.spgemm.iterators.Select;
import org.spgemm.iterators.TableLayout;

/**
 * How to multiply, in the order of GraphBLAS {@code GrB_mxm(C, Mask, accum, semiring, A, B,
 * desc)}: C&lt;M&gt; = accum(C, op(A)(I,:) ⊕.⊗ op(B)(:,J)), with the mask ({@link
 * Builder#mask}), accumulator ({@link Builder#accum}), semiring, transposes, row and column
 * subsets and replace as the descriptor; plus where A, B and C live, value codecs, the engine and
 * the batch limits of the iterator. Defaults are GraphBLAS's null arguments (no mask, C replaced
 * by the product) and: PLUS_TIMES, decimal values, families A, B, C of the one table, a stale C
 * overwritten, the compaction engine, and the iterator's own limits (byte budgets derived from
 * each tablet server's heap).
 */
public final class MultiplyOptions {

  /** A running multiply's claim on C lapses when its client has not renewed it for this long. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);
  /** A multiply that reports no progress for this long fails (and is cancelled). */
  public static final int DEFAULT_PROGRESS_TIMEOUT_SECONDS = 600;
  public static final Duration DEFAULT_PROGRESS_TIMEOUT =
      Duration.ofSeconds(DEFAULT_PROGRESS_TIMEOUT_SECONDS);
  /**
   * At most this many batches in flight per tablet ({@link Builder#threads}): each holds a batch
   * of A, its B panel and a kernel workspace on the tablet server.
   */
  public static final int MAX_THREADS = 256;
  /** At most this many threads per nested B scan ({@link Builder#threads(int, int)}). */
  public static final int MAX_SCAN_THREADS = 256;
  /**
   * At most this many tablets multiplied at once from one client ({@link
   * Builder#tabletParallelism}): each is a client thread waiting on its tablet.
   */
  public static final int MAX_TABLET_PARALLELISM = 1024;

  final String semiring;
  final String codecA;
  final String codecB;
  final String codecC;
  final String aFamily;
  final String bFamily;
  final String cFamily;
  final String bTable;
  final boolean overwrite;
  final String maskFamily;
  final String maskTable;
  final String cTable;
  final MaskMode maskMode;
  final boolean maskComplement;
  final String accum;
  final boolean replace;
  final boolean transposeA;
  final boolean transposeB;
  final String rowFirst;
  final String rowLast;
  final String colFirst;
  final String colLast;
  final String select;
  final Engine engine;
  final Duration progressTimeout;
  final Duration lease;
  final String cVisibility;
  final boolean detectInputChanges;
  final boolean refuseUnreadableLabels;
  /** Iterator limits; null where the user set none, so the iterator's defaults apply. */
  final Integer batchBRows;
  final Integer maxBatchRows;
  final Long maxBatchBytes;
  final Long cacheBytes;
  final Integer threads;
  final Integer scanThreads;
  final int tabletParallelism;
  final String nestedExecutor;
  final ProgressListener listener;

  private MultiplyOptions(Builder b) {
    this.semiring = b.semiring;
    this.codecA = b.codecA == null ? b.codec : b.codecA;
    this.codecB = b.codecB == null ? b.codec : b.codecB;
    this.codecC = b.codecC == null ? b.codec : b.codecC;
    this.aFamily = b.aFamily;
    this.bFamily = b.bFamily;
    this.cFamily = b.cFamily;
    this.bTable = b.bTable;
    this.overwrite = b.overwrite;
    this.maskFamily = b.maskFamily;
    this.maskTable = b.maskTable;
    this.cTable = b.cTable;
    this.maskMode = b.maskMode;
    this.maskComplement = b.maskComplement;
    this.accum = b.accum;
    this.replace = b.replace;
    this.transposeA = b.transposeA;
    this.transposeB = b.transposeB;
    this.rowFirst = b.rowFirst;
    this.rowLast = b.rowLast;
    this.colFirst = b.colFirst;
    this.colLast = b.colLast;
    this.select = b.select;
    this.engine = b.engine;
    this.progressTimeout = b.progressTimeout;
    this.lease = b.lease;
    this.cVisibility = b.cVisibility;
    this.detectInputChanges = b.detectInputChanges;
    this.refuseUnreadableLabels = b.refuseUnreadableLabels;
    this.batchBRows = b.batchBRows;
    this.maxBatchRows = b.maxBatchRows;
    this.maxBatchBytes = b.maxBatchBytes;
    this.cacheBytes = b.cacheBytes;
    this.threads = b.threads;
    this.scanThreads = b.scanThreads;
    this.tabletParallelism = b.tabletParallelism;
    this.nestedExecutor = b.nestedExecutor;
    this.listener = b.listener;
    this.source = b.copy();
  }

  /** The builder this was built from, for variants (transposed inputs, algorithm steps). */
  private final Builder source;

  /** A builder holding every option of this one, to change some and build again. */
  public Builder toBuilder() {
    return source.copy();
  }

  public static Builder builder() {
    return new Builder();
  }

  public static MultiplyOptions defaults() {
    return builder().build();
  }

  public String semiring() {
    return semiring;
  }

  public String aFamily() {
    return aFamily;
  }

  public String bFamily() {
    return bFamily;
  }

  public String cFamily() {
    return cFamily;
  }

  public String codecC() {
    return codecC;
  }

  public Engine engine() {
    return engine;
  }

  public boolean transposeA() {
    return transposeA;
  }

  public boolean transposeB() {
    return transposeB;
  }

  /** True when the stored C is read: merged by the accumulator or kept outside the mask. */
  boolean readsC() {
    return accum != null || (maskFamily != null && !replace);
  }

  public static final class Builder implements Cloneable {
    private String semiring = MultiplyIteratorOptions.DEFAULT_SEMIRING;
    private String codec = MultiplyIteratorOptions.DEFAULT_CODEC;
    private String codecA;
    private String codecB;
    private String codecC;
    private String aFamily = TableLayout.A_FAMILY;
    private String bFamily = TableLayout.B_FAMILY;
    private String cFamily = TableLayout.C_FAMILY;
    private String bTable;
    private boolean overwrite = true;
    private String maskFamily;
    private String maskTable;
    private String cTable;
    private boolean engineSet;
    private MaskMode maskMode = MaskMode.VALUE;
    private boolean maskComplement;
    private String accum;
    private boolean replace;
    private boolean transposeA;
    private boolean transposeB;
    private String rowFirst;
    private String rowLast;
    private String colFirst;
    private String colLast;
    private String select;
    private Engine engine = Engine.DEFAULT;
    private String cVisibility;
    private boolean detectInputChanges = true;
    private boolean refuseUnreadableLabels;
    private Duration progressTimeout = DEFAULT_PROGRESS_TIMEOUT;
    private Duration lease = DEFAULT_LEASE;
    private Integer batchBRows;
    private Integer maxBatchRows;
    private Long maxBatchBytes;
    private Long cacheBytes;
    private Integer threads;
    private Integer scanThreads;
    private int tabletParallelism = 16;
    private String nestedExecutor = TableLayout.DEFAULT_NESTED_EXECUTOR;
    private ProgressListener listener = ProgressListener.NONE;

    private Builder() {}

    /** A built-in name (PLUS_TIMES, MIN_PLUS, ..., "plus-times" also works) or class:fqcn. */
    public Builder semiring(String name) {
      notNull("semiring", name);
      try {
        Semirings.forName(name);
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(e.getMessage());
      }
      this.semiring = name;
      return this;
    }

    public Builder semiring(Semiring s) {
      this.semiring = Semirings.nameOf(notNull("semiring", s));
      return this;
    }

    /** Codec of A, B and C: decimal (D4M strings), long (8 bytes), double (8 bytes). */
    public Builder codec(String name) {
      this.codec = checkCodec("codec", name);
      return this;
    }

    public Builder codecs(String a, String b, String c) {
      this.codecA = checkCodec("codec of A", a);
      this.codecB = checkCodec("codec of B", b);
      this.codecC = checkCodec("codec of C", c);
      return this;
    }

    public Builder families(String a, String b, String c) {
      this.aFamily = notNull("family of A", a);
      this.bFamily = notNull("family of B", b);
      this.cFamily = notNull("family of C", c);
      return this;
    }

    /** Read B from another table (whose table.custom.spgemm.readers must list M). */
    public Builder bTable(String table) {
      this.bTable = table;
      return this;
    }

    /**
     * When false, refuse to run if the C family already holds entries (unless the stored C is an
     * input: accumulated into, or kept outside a mask). Default true.
     */
    public Builder overwrite(boolean overwrite) {
      this.overwrite = overwrite;
      return this;
    }

    /**
     * C&lt;M&gt;: only entries of C where the mask, family {@code family} of M, lets them through
     * are computed (masked-out products are never formed). The mask's rows are C's rows, so the
     * compaction writing C reads it locally. {@code mode}: VALUE (an entry lets through when
     * not zero, read with A's codec) or STRUCTURE (any entry); {@code complement} inverts it.
     * The mask must have C's shape.
     */
    public Builder mask(String family, MaskMode mode, boolean complement) {
      if (family == null || family.isEmpty()) {
        throw new InvalidOptionException("mask family must not be empty");
      }
      this.maskFamily = family;
      this.maskMode = notNull("mask mode", mode);
      this.maskComplement = complement;
      return this;
    }

    /**
     * Writes C into family C of another table (which must exist; the caller needs WRITE on it)
     * instead of M. Only the scan engine writes other tables, so it is the engine then; masks,
     * accumulation and replace, which read the stored C locally, are not available.
     */
    public Builder cTable(String table) {
      this.cTable = notNull("C table", table);
      return this;
    }

    /**
     * As {@link #mask(String, MaskMode, boolean)} with the mask in family {@code family} of
     * another table, read by a scan of each tablet's rows (not locally); that table's {@code
     * table.custom.spgemm.readers} must list M, as for a B table.
     */
    public Builder mask(String table, String family, MaskMode mode, boolean complement) {
      notNull("mask table", table);
      mask(family, mode, complement);
      this.maskTable = table;
      return this;
    }

    /**
     * C = C op (A·B): the product is merged with the C already stored (op(c, t) where both have
     * an entry, whichever exists otherwise). Without it C is replaced by the product. Built-in
     * names: {@link BinaryOps#names()}.
     */
    public Builder accum(String op) {
      notNull("accum", op);
      try {
        this.accum = BinaryOps.nameOf(BinaryOps.forName(op));
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(e.getMessage());
      }
      return this;
    }

    public Builder accum(BinaryOp op) {
      this.accum = BinaryOps.nameOf(notNull("accum", op));
      return this;
    }

    /** GrB_REPLACE: entries of the stored C outside the mask are deleted (kept by default). */
    public Builder replace() {
      this.replace = true;
      return this;
    }

    /**
     * Use Aᵀ: a server-side transpose writes it into family {@code A^T} of M first (row-by-row
     * needs rows of Aᵀ), rewritten on every call, and left there.
     */
    public Builder transposeA() {
      this.transposeA = true;
      return this;
    }

    /** Use Bᵀ, written into family {@code B^T} of B's table first (see {@link #transposeA}). */
    public Builder transposeB() {
      this.transposeB = true;
      return this;
    }

    /**
     * Only rows of A with keys in [first, last] (inclusive; null = open end), D4M style. A first
     * key that sorts after the last is refused (the range would select nothing).
     */
    public Builder rows(String first, String last) {
      inOrder("rows", first, last);
      this.rowFirst = first;
      this.rowLast = last;
      return this;
    }

    /** Only columns of B with keys in [first, last] (inclusive; null = open end), in order. */
    public Builder columns(String first, String last) {
      inOrder("columns", first, last);
      this.colFirst = first;
      this.colLast = last;
      return this;
    }

    /**
     * Keeps only the entries of A·B that pass a select before they are accumulated: tril, triu,
     * offdiag, valuege:X (see {@link Select}).
     */
    public Builder select(String form) {
      notNull("select", form);
      try {
        this.select = Select.parse(form).form();
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(e.getMessage());
      }
      return this;
    }

    /** The engine: {@link Engine#COMPACTION} (default) or {@link Engine#SCAN}. */
    public Builder engine(Engine engine) {
      this.engine = notNull("engine", engine);
      this.engineSet = true;
      return this;
    }

    /**
     * Fail (cancelling the work and marking C FAILED) when no tablet reports progress for this
     * long. Default {@link #DEFAULT_PROGRESS_TIMEOUT}.
     */
    public Builder progressTimeout(Duration timeout) {
      if (timeout == null || timeout.isNegative() || timeout.isZero()) {
        throw new InvalidOptionException("progressTimeout must be positive, not " + timeout);
      }
      this.progressTimeout = timeout;
      return this;
    }

    /**
     * The column visibility of every C entry. Without it each C entry carries the conjunction
     * of the visibilities of the A entries it comes from; a given one must be at least as strict
     * (the multiply fails otherwise), so no label is ever dropped.
     */
    public Builder cVisibility(String visibility) {
      notNull("cVisibility", visibility);
      try {
        new org.apache.accumulo.core.security.ColumnVisibility(visibility);
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException("not a column visibility: " + visibility + " ("
            + e.getMessage() + ")");
      }
      this.cVisibility = visibility;
      return this;
    }

    /**
     * Whether a multiply makes sure its inputs did not change while it ran (default true): it
     * digests A, B and the mask (entries, a hash of every key and value, labelled entries) with
     * one server-side scan before it computes and one after, and fails, removing C, when they
     * differ; so a C computed from inputs written underneath is never reported COMPLETE. The cost
     * is those two scans (about the time to read the inputs once each on the tablet servers);
     * false saves them, and then such a C is reported COMPLETE.
     */
    public Builder detectInputChanges(boolean detect) {
      this.detectInputChanges = detect;
      return this;
    }

    /**
     * The tablet servers read B (and a mask in another table) with empty authorizations, so
     * labelled entries there take no part in the product; by default the result counts them and
     * carries a warning. With this, such a multiply is refused before it starts instead.
     */
    public Builder refuseUnreadableLabels() {
      this.refuseUnreadableLabels = true;
      return this;
    }

    /**
     * How long C stays claimed by this multiply if its client stops renewing the claim (killed,
     * cut off): after that C reads FAILED ("abandoned") and another multiply may claim it.
     * Renewed every 5 s; at least 10 s. Default {@link #DEFAULT_LEASE}.
     */
    public Builder lease(Duration lease) {
      if (lease == null || lease.toMillis() < 2 * CState.RENEW_MILLIS) {
        throw new InvalidOptionException("lease must be at least " + 2 * CState.RENEW_MILLIS / 1000
            + " s, not " + lease);
      }
      this.lease = lease;
      return this;
    }

    /** Batch limits of the iterator: distinct B rows to fetch, A rows, bytes. */
    public Builder batchLimits(int batchBRows, int maxBatchRows, long maxBatchBytes) {
      this.batchBRows = positive("batchBRows", batchBRows);
      this.maxBatchRows = positive("maxBatchRows", maxBatchRows);
      this.maxBatchBytes = positive("maxBatchBytes", maxBatchBytes);
      return this;
    }

    /** Distinct B rows a batch fetches before it closes (the paper's threshold). */
    public Builder batchBRows(int n) {
      this.batchBRows = positive("batchBRows", n);
      return this;
    }

    /** Bytes of decoded B rows each tablet keeps across batches (compaction engine). */
    public Builder cacheBytes(long bytes) {
      this.cacheBytes = positive("cacheBytes", bytes);
      return this;
    }

    /** Batches in flight per tablet: 1 to {@link #MAX_THREADS}. */
    public Builder threads(int threads) {
      this.threads = between("threads", threads, 1, MAX_THREADS);
      return this;
    }

    /**
     * Batches in flight per tablet (1 to {@link #MAX_THREADS}), and threads of each nested B scan
     * (1 to {@link #MAX_SCAN_THREADS}).
     */
    public Builder threads(int threads, int scanThreads) {
      this.threads = between("threads", threads, 1, MAX_THREADS);
      this.scanThreads = between("scanThreads", scanThreads, 1, MAX_SCAN_THREADS);
      return this;
    }

    /** Tablets multiplied at once from this client: 1 to {@link #MAX_TABLET_PARALLELISM}. */
    public Builder tabletParallelism(int n) {
      this.tabletParallelism = between("tabletParallelism", n, 1, MAX_TABLET_PARALLELISM);
      return this;
    }

    public Builder nestedExecutor(String name) {
      this.nestedExecutor = notNull("nestedExecutor", name);
      return this;
    }

    public Builder listener(ProgressListener listener) {
      this.listener = notNull("listener", listener);
      return this;
    }

    public MultiplyOptions build() {
      if (cTable != null && engine == Engine.COMPACTION) {
        if (engineSet) {
          throw new InvalidOptionException("C in another table (" + cTable + ") is written by"
              + " the scan engine; the compaction engine writes only M");
        }
        engine = Engine.SCAN;
      }
      boolean merges = maskFamily != null || accum != null || replace;
      if (merges && engine == Engine.SCAN) {
        throw new InvalidOptionException("mask, accum and replace need the compaction engine,"
            + " not the scan engine" + (cTable != null ? " (which C in another table needs)" : "")
            + ": the pass writing C reads the stored C and the mask locally");
      }
      return new MultiplyOptions(this);
    }

    /** Reads A and B from these families as they are (their transposes already written). */
    Builder inputs(String a, String b) {
      this.aFamily = a;
      this.bFamily = b;
      this.transposeA = false;
      this.transposeB = false;
      return this;
    }

    Builder copy() {
      try {
        return (Builder) clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }

    private static String checkCodec(String what, String name) {
      notNull(what, name);
      try {
        return ValueCodecs.forName(name).name();
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(e.getMessage());
      }
    }

    /** Refuses a range whose first key sorts after its last (as Accumulo orders keys). */
    private static void inOrder(String what, String first, String last) {
      if (first != null && last != null && Arrays.compareUnsigned(
          first.getBytes(StandardCharsets.UTF_8), last.getBytes(StandardCharsets.UTF_8)) > 0) {
        throw new InvalidOptionException(what + ": first key '" + first + "' sorts after last"
            + " key '" + last + "', so the range is empty");
      }
    }

    private static int positive(String name, int v) {
      return (int) positive(name, (long) v);
    }

    private static long positive(String name, long v) {
      if (v <= 0) {
        throw new InvalidOptionException(name + " must be positive, not " + v);
      }
      return v;
    }
  }
}
