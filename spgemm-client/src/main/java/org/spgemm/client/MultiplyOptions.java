package org.spgemm.client;

import static org.spgemm.client.Arguments.between;
import static org.spgemm.client.Arguments.notNull;

import java.time.Duration;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semirings;
import org.spgemm.iterators.MultiplySpec;
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
 *
 * <p>What travels to the tablet servers is one {@link MultiplySpec}, where each of those options
 * is declared once; the builder's typed methods check their arguments and fill it. The rest are
 * the client's own settings, declared below.
 */
public final class MultiplyOptions {

  /** A running multiply's claim on C lapses when its client has not renewed it for this long. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);
  /** A multiply that reports no progress for this long fails (and is cancelled). */
  public static final int DEFAULT_PROGRESS_TIMEOUT_SECONDS = 600;
  public static final Duration DEFAULT_PROGRESS_TIMEOUT =
      Duration.ofSeconds(DEFAULT_PROGRESS_TIMEOUT_SECONDS);
  /** At most this many batches in flight per tablet (each holds a batch and its B panel). */
  public static final int MAX_THREADS = MultiplySpec.MAX_THREADS;
  /** At most this many threads per nested B scan ({@link Builder#threads(int, int)}). */
  public static final int MAX_SCAN_THREADS = MultiplySpec.MAX_THREADS;
  /**
   * At most this many tablets multiplied at once from one client ({@link
   * Builder#tabletParallelism}): each is a client thread waiting on its tablet.
   */
  public static final int MAX_TABLET_PARALLELISM = 1024;

  /** The options the tablet servers receive (job, table and mode are set per run). */
  final MultiplySpec spec;
  final Engine engine;
  final boolean overwrite;
  final boolean transposeA;
  final boolean transposeB;
  final MaskMode maskMode;
  final Duration progressTimeout;
  final Duration lease;
  final boolean detectInputChanges;
  final boolean refuseUnreadableLabels;
  final int tabletParallelism;
  final String nestedExecutor;
  final ProgressListener listener;
  /** The builder this was built from, for variants (transposed inputs, algorithm steps). */
  private final Builder source;

  private MultiplyOptions(Builder b, MultiplySpec spec) {
    this.spec = spec;
    this.engine = b.engine;
    this.overwrite = b.overwrite;
    this.transposeA = b.transposeA;
    this.transposeB = b.transposeB;
    this.maskMode = b.maskMode;
    this.progressTimeout = b.progressTimeout;
    this.lease = b.lease;
    this.detectInputChanges = b.detectInputChanges;
    this.refuseUnreadableLabels = b.refuseUnreadableLabels;
    this.tabletParallelism = b.tabletParallelism;
    this.nestedExecutor = b.nestedExecutor;
    this.listener = b.listener;
    this.source = b.copy();
  }

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

  /** The options the tablet servers receive, as the iterators decode them. */
  public MultiplySpec spec() {
    return spec;
  }

  public String semiring() {
    return Semirings.nameOf(spec.semiring());
  }

  public String aFamily() {
    return spec.aFamily();
  }

  public String bFamily() {
    return spec.bFamily();
  }

  public String cFamily() {
    return spec.cFamily();
  }

  public String codecC() {
    return spec.codecC().name();
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
    return spec.readsC();
  }

  public static final class Builder extends SpecBuilder<Builder> implements Cloneable {
    private Engine engine = Engine.DEFAULT;
    private boolean overwrite = true;
    private boolean transposeA;
    private boolean transposeB;
    private MaskMode maskMode = MaskMode.VALUE;
    private Duration progressTimeout = DEFAULT_PROGRESS_TIMEOUT;
    private Duration lease = DEFAULT_LEASE;
    private boolean detectInputChanges = true;
    private boolean refuseUnreadableLabels;
    private int tabletParallelism = 16;
    private String nestedExecutor = TableLayout.DEFAULT_NESTED_EXECUTOR;
    private ProgressListener listener = ProgressListener.NONE;

    private Builder() {}

    @Override
    Builder self() {
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
      if (family == null) {
        // "" is the empty family (D4M's default), a mask like any other
        throw new InvalidOptionException("mask family must not be null");
      }
      this.maskMode = notNull("mask mode", mode);
      set("maskFamily", family, "mask family");
      set("maskStructure", mode == MaskMode.STRUCTURE, null);
      return set("maskComplement", complement, null);
    }

    /**
     * As {@link #mask(String, MaskMode, boolean)} with the mask in family {@code family} of
     * another table, read by a scan of each tablet's rows (not locally); that table must consent
     * to M's reads, as a B table ({@link Consent}).
     */
    public Builder mask(String table, String family, MaskMode mode, boolean complement) {
      notNull("mask table", table);
      mask(family, mode, complement);
      return set("maskTable", table, "mask table");
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
     * The engine: {@link Engine#AUTO} (default), {@link Engine#COMPACTION} or {@link
     * Engine#SCAN}.
     */
    public Builder engine(Engine engine) {
      this.engine = notNull("engine", engine);
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
      MultiplySpec s;
      try {
        s = spec.build();
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(e.getMessage());
      }
      if (s.cTable() != null && engine == Engine.COMPACTION) {
        throw new InvalidOptionException("C in another table (" + s.cTable() + ") is written"
            + " by the scan engine; the compaction engine writes only M");
      }
      if (s.maskTable() != null && engine.scans()) {
        throw new InvalidOptionException("a mask in another table (" + s.maskTable() + ") is"
            + " read by the compaction engine, not the scan engine"
            + (engine == Engine.BULK ? ", which bulk runs" : ""));
      }
      if (s.maskTable() != null && s.cTable() != null) {
        throw new InvalidOptionException("a mask in another table (" + s.maskTable() + ") needs"
            + " the compaction engine, which writes C only into M, not into " + s.cTable());
      }
      return new MultiplyOptions(this, s);
    }

    /** Reads A and B from these families as they are (their transposes already written). */
    Builder inputs(String a, String b) {
      set("aFamily", a, null);
      set("bFamily", b, null);
      this.transposeA = false;
      this.transposeB = false;
      return this;
    }

    Builder copy() {
      try {
        Builder b = (Builder) clone();
        b.spec = spec.copy();
        return b;
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }
  }
}
