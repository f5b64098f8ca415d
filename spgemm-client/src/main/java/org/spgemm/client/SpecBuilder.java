package org.spgemm.client;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.spgemm.client.Arguments.between;
import static org.spgemm.client.Arguments.notNull;

import java.util.Arrays;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.Semiring;
import org.spgemm.algebra.Semirings;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.kernel.Select;

/**
 * The setters of {@link MultiplyOptions.Builder} that only fill the {@link MultiplySpec} the
 * tablet servers receive: each checks its argument as the iterators will and names it in one
 * line. The builder adds the client's own settings.
 *
 * @param <B> the builder these setters return
 */
abstract class SpecBuilder<B extends SpecBuilder<B>> {

  MultiplySpec.Builder spec = MultiplySpec.builder().set("job", "-");

  abstract B self();

  /** Sets a spec option whose value was checked (or is checked here, named {@code what}). */
  final B set(String option, Object value, String what) {
    MultiplySpec.Builder next = spec.copy().set(option, value);
    try {
      next.check(option);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(what == null ? e.getMessage() : what + ": "
          + e.getMessage());
    }
    spec = next;
    return self();
  }

  /** A built-in name (PLUS_TIMES, MIN_PLUS, ..., "plus-times" also works) or class:fqcn. */
  public B semiring(String name) {
    return set("semiring", notNull("semiring", name), null);
  }

  public B semiring(Semiring s) {
    return set("semiring", Semirings.nameOf(notNull("semiring", s)), null);
  }

  /** Codec of A, B and C: decimal (D4M strings), long (8 bytes), double (8 bytes). */
  public B codec(String name) {
    notNull("codec", name);
    return codecs(name, name, name);
  }

  public B codecs(String a, String b, String c) {
    codec("codecA", "codec of A", a);
    codec("codecB", "codec of B", b);
    return codec("codecC", "codec of C", c);
  }

  private B codec(String option, String what, String name) {
    return set(option, notNull(what, name), null);
  }

  public B families(String a, String b, String c) {
    set("aFamily", notNull("family of A", a), "family of A");
    set("bFamily", notNull("family of B", b), "family of B");
    return set("cFamily", notNull("family of C", c), "family of C");
  }

  /** Read B from another table (which must consent: {@link Consent}). */
  public B bTable(String table) {
    return set("bTable", table, "B table");
  }

  /**
   * Writes C into family C of another table (which must exist and consent, {@link Consent};
   * the caller needs WRITE on it) instead of M. Only the scan engine writes other tables, so it
   * is the engine then; masks, accumulation and replace, which read the stored C locally, are
   * not available.
   */
  public B cTable(String table) {
    return set("cTable", notNull("C table", table), "C table");
  }

  /**
   * C = C op (A·B): the product is merged with the C already stored (op(c, t) where both have
   * an entry, whichever exists otherwise). Without it C is replaced by the product. Built-in
   * names: {@link BinaryOps#names()}.
   */
  public B accum(String op) {
    return set("accum", notNull("accum", op), null);
  }

  public B accum(BinaryOp op) {
    return set("accum", BinaryOps.nameOf(notNull("accum", op)), null);
  }

  /** GrB_REPLACE: entries of the stored C outside the mask are deleted (kept by default). */
  public B replace() {
    return set("replace", true, null);
  }

  /**
   * Only rows of A with keys in [first, last] (inclusive; null = open end), D4M style. A first
   * key that sorts after the last is refused (the range would select nothing).
   */
  public B rows(String first, String last) {
    return range("rows", "rowFirst", first, "rowLast", last);
  }

  /** Only columns of B with keys in [first, last] (inclusive; null = open end), in order. */
  public B columns(String first, String last) {
    return range("columns", "colFirst", first, "colLast", last);
  }

  private B range(String what, String firstOption, String first, String lastOption,
      String last) {
    if (first != null && last != null && Arrays.compareUnsigned(first.getBytes(UTF_8),
        last.getBytes(UTF_8)) > 0) {
      throw new InvalidOptionException(what + ": first key '" + first + "' sorts after last"
          + " key '" + last + "', so the range is empty");
    }
    set(firstOption, first, what);
    return set(lastOption, last, what);
  }

  /**
   * Keeps only the entries of A·B that pass a select before they are accumulated: tril, triu,
   * offdiag, valuege:X (see {@link Select}).
   */
  public B select(String form) {
    return set("select", notNull("select", form), null);
  }

  /**
   * The column visibility of every C entry. Without it each C entry carries the conjunction
   * of the visibilities of the A entries it comes from; a given one must be at least as strict
   * (the multiply fails otherwise), so no label is ever dropped.
   */
  public B cVisibility(String visibility) {
    return set("cVisibility", notNull("cVisibility", visibility), "cVisibility");
  }

  /**
   * Batch limits of the iterator: distinct B rows to fetch; A rows (0: the default, 4096, and no
   * limit in engine bulk once all of B is at hand); bytes (0: derived from the server's heap).
   */
  public B batchLimits(int batchBRows, int maxBatchRows, long maxBatchBytes) {
    batchBRows(batchBRows);
    set("maxBatchRows", zeroOrMore("maxBatchRows", maxBatchRows), null);
    return set("maxBatchBytes", zeroOrMore("maxBatchBytes", maxBatchBytes), null);
  }

  /** Distinct B rows a batch fetches before it closes (the paper's threshold). */
  public B batchBRows(int n) {
    return set("batchBRows", positive("batchBRows", n), null);
  }

  /**
   * Whether the compaction engine reads the B rows of the tablet being compacted from its own
   * files (default true) instead of by nested scans like the other rows.
   */
  public B localB(boolean read) {
    return set("localB", read, null);
  }

  /** Bytes of decoded B rows each tablet keeps across batches (compaction engine). */
  public B cacheBytes(long bytes) {
    return set("cacheBytes", positive("cacheBytes", bytes), null);
  }

  /** Batches in flight per tablet: 1 to {@link MultiplyOptions#MAX_THREADS}. */
  public B threads(int threads) {
    return set("threads", between("threads", threads, 1, MultiplyOptions.MAX_THREADS), null);
  }

  /**
   * Batches in flight per tablet (1 to {@link MultiplyOptions#MAX_THREADS}), and threads of each nested B scan
   * (1 to {@link MultiplyOptions#MAX_SCAN_THREADS}).
   */
  public B threads(int threads, int scanThreads) {
    threads(threads);
    return set("scanThreads", between("scanThreads", scanThreads, 1,
        MultiplyOptions.MAX_SCAN_THREADS), null);
  }

  private static long zeroOrMore(String name, long v) {
    if (v < 0) {
      throw new InvalidOptionException(name + " must be 0 (the default) or more, not " + v);
    }
    return v;
  }

  private static long positive(String name, long v) {
    if (v <= 0) {
      throw new InvalidOptionException(name + " must be positive, not " + v);
    }
    return v;
  }
}
