package org.spgemm.client;

import java.util.Objects;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.ValueCodecs;

/**
 * How to multiply: the semiring, value codecs, where A, B and C live, whether a stale C is
 * replaced, and the batch limits of the iterator. Defaults: PLUS_TIMES, decimal values, families
 * A, B, C of the one table, replace a stale C.
 */
public final class MultiplyOptions {

  /** Scan executor (configured on every tablet server) that nested B scans run on. */
  public static final String DEFAULT_NESTED_EXECUTOR = "nested";

  final String semiring;
  final String codecA;
  final String codecB;
  final String codecC;
  final String aFamily;
  final String bFamily;
  final String cFamily;
  final String bTable;
  final boolean replace;
  final int batchBRows;
  final int maxBatchRows;
  final long maxBatchBytes;
  final int threads;
  final int scanThreads;
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
    this.replace = b.replace;
    this.batchBRows = b.batchBRows;
    this.maxBatchRows = b.maxBatchRows;
    this.maxBatchBytes = b.maxBatchBytes;
    this.threads = b.threads;
    this.scanThreads = b.scanThreads;
    this.tabletParallelism = b.tabletParallelism;
    this.nestedExecutor = b.nestedExecutor;
    this.listener = b.listener;
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

  public static final class Builder {
    private String semiring = "PLUS_TIMES";
    private String codec = "decimal";
    private String codecA;
    private String codecB;
    private String codecC;
    private String aFamily = "A";
    private String bFamily = "B";
    private String cFamily = "C";
    private String bTable;
    private boolean replace = true;
    private int batchBRows = 4096;
    private int maxBatchRows = 4096;
    private long maxBatchBytes = 32L << 20;
    private int threads = 2;
    private int scanThreads = 4;
    private int tabletParallelism = 16;
    private String nestedExecutor = DEFAULT_NESTED_EXECUTOR;
    private ProgressListener listener = ProgressListener.NONE;

    private Builder() {}

    /** A built-in name (PLUS_TIMES, MIN_PLUS, ..., "plus-times" also works) or class:fqcn. */
    public Builder semiring(String name) {
      try {
        Semirings.forName(name);
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(e.getMessage());
      }
      this.semiring = name;
      return this;
    }

    public Builder semiring(Semiring s) {
      this.semiring = Semirings.nameOf(s);
      return this;
    }

    /** Codec of A, B and C: decimal (D4M strings), long (8 bytes), double (8 bytes). */
    public Builder codec(String name) {
      this.codec = checkCodec(name);
      return this;
    }

    public Builder codecs(String a, String b, String c) {
      this.codecA = checkCodec(a);
      this.codecB = checkCodec(b);
      this.codecC = checkCodec(c);
      return this;
    }

    public Builder families(String a, String b, String c) {
      this.aFamily = Objects.requireNonNull(a);
      this.bFamily = Objects.requireNonNull(b);
      this.cFamily = Objects.requireNonNull(c);
      return this;
    }

    /** Read B from another table (whose table.custom.spgemm.readers must list M). */
    public Builder bTable(String table) {
      this.bTable = table;
      return this;
    }

    /** When false, refuse to run if the C family already holds entries. Default true. */
    public Builder replace(boolean replace) {
      this.replace = replace;
      return this;
    }

    /** Batch limits of the iterator: distinct B rows, A rows, bytes. */
    public Builder batchLimits(int batchBRows, int maxBatchRows, long maxBatchBytes) {
      this.batchBRows = positive("batchBRows", batchBRows);
      this.maxBatchRows = positive("maxBatchRows", maxBatchRows);
      this.maxBatchBytes = positive("maxBatchBytes", maxBatchBytes);
      return this;
    }

    /** Batches in flight per tablet, and threads of each nested B scan. */
    public Builder threads(int threads, int scanThreads) {
      this.threads = (int) positive("threads", threads);
      this.scanThreads = (int) positive("scanThreads", scanThreads);
      return this;
    }

    /** Tablets multiplied at once from this client. */
    public Builder tabletParallelism(int n) {
      this.tabletParallelism = (int) positive("tabletParallelism", n);
      return this;
    }

    public Builder nestedExecutor(String name) {
      this.nestedExecutor = Objects.requireNonNull(name);
      return this;
    }

    public Builder listener(ProgressListener listener) {
      this.listener = Objects.requireNonNull(listener);
      return this;
    }

    public MultiplyOptions build() {
      return new MultiplyOptions(this);
    }

    private static String checkCodec(String name) {
      try {
        return ValueCodecs.forName(name).name();
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(e.getMessage());
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
