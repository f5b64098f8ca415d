package org.spgemm.client;

import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.spgemm.iterators.MultiplySpec.Mode;

/**
 * Which engine runs a multiply, and why. {@link Engine#AUTO} estimates the partial products from
 * the input digest the client takes before it changes anything anyway: nnz(A) x Σ_k r_k² /
 * nnz(B), where r_k is the length of B's row k, which is exact when A's column counts follow B's
 * row lengths (A·A of a symmetric pattern; R-MAT and stencils within 1 % here) and never below
 * the uniform guess nnz(A) x nnz(B) / rows(B). At most {@link #SCAN_MAX_PRODUCTS} go to the scan
 * engine, which starts in milliseconds, more to the compaction engine, which writes faster but
 * waits about 2 s on Accumulo's compaction round trip. The scan engine writes C beside what is
 * there, so a multiply that merges the stored C (an accumulator, a mask without replace) takes it
 * only when C is empty.
 */
record EngineChoice(Engine engine, String why, boolean large) {

  /** A choice the work's size did not make (asked for, or what the options need). */
  EngineChoice(Engine engine, String why) {
    this(engine, why, false);
  }

  /**
   * Largest estimated partial products given to the scan engine; measured on this project's
   * machines (2 tablet servers, 2 cores): see docs/engines.md.
   */
  static final long SCAN_MAX_PRODUCTS = 3_000_000;

  /**
   * @param aEntries entries of A (negative when unknown)
   * @param bEntries entries of B (negative when unknown)
   * @param bRowSquares sum over B's rows of the squared row length, or at most that ({@code
   *        atMost}); negative when not known
   * @param atMost whether {@code bRowSquares} may be less than the sum (inputs digested from the
   *        files' summaries): the estimate from it is then a lower bound, and the larger of it and
   *        the uniform bound decides
   * @param bRows B's rows (its recorded shape; negative when not known)
   * @param cEmpty whether C is proven empty (asked only when the stored C would be merged)
   */
  static EngineChoice choose(MultiplyOptions opts, Mode mode, long aEntries, long bEntries,
      long bRowSquares, boolean atMost, long bRows, BooleanSupplier cEmpty) {
    if (mode != Mode.MULTIPLY) {
      return new EngineChoice(Engine.SCAN, mode.name().toLowerCase(Locale.ROOT)
          + " runs as a scan");
    }
    if (opts.engine != Engine.AUTO) {
      return new EngineChoice(opts.engine, "asked for");
    }
    if (opts.spec.cTable() != null) {
      return new EngineChoice(Engine.SCAN, "C in another table");
    }
    if (opts.spec.maskTable() != null) {
      return new EngineChoice(Engine.COMPACTION, "a mask in another table");
    }
    if (aEntries < 0 || bEntries < 0 || bRowSquares < 0 && bRows <= 0) {
      return new EngineChoice(Engine.COMPACTION, "size unknown (inputs not digested)");
    }
    long estimate;
    String how;
    long byRows = bRowSquares < 0 ? -1 : byRowLengths(aEntries, bEntries, bRowSquares);
    long uniform = bRows > 0 ? uniformBound(aEntries, bEntries, bRows) : -1;
    if (!atMost && byRows >= 0) {
      estimate = byRows;
      how = "about " + estimate + " partial products (nnz(A) " + aEntries + " x " + bRowSquares
          + " squared B row lengths / nnz(B) " + bEntries + ")";
    } else if (uniform >= 0 && uniform >= byRows) {
      estimate = uniform;
      how = "at least " + estimate + " partial products (nnz(A) " + aEntries + " x nnz(B) "
          + bEntries + " / " + bRows + " rows of B, from M's file summaries)";
    } else {
      estimate = byRows;
      how = "at least " + estimate + " partial products (nnz(A) " + aEntries + " x at least "
          + bRowSquares + " squared B row lengths / nnz(B) " + bEntries
          + ", from M's file summaries)";
    }
    if (estimate > SCAN_MAX_PRODUCTS) {
      return new EngineChoice(Engine.COMPACTION, how + " > " + SCAN_MAX_PRODUCTS, true);
    }
    if (opts.readsC() && !cEmpty.getAsBoolean()) {
      return new EngineChoice(Engine.COMPACTION, how + ", but the stored C, which it merges,"
          + " holds entries");
    }
    return new EngineChoice(Engine.SCAN, how + " <= " + SCAN_MAX_PRODUCTS);
  }

  /**
   * This choice, once each tablet server is known to read all of B at once ({@link #wholeB}
   * said why, in {@code whole}). Large work that {@link Engine#AUTO} gave the compaction engine
   * goes to {@link Engine#BULK} instead when the caller may import C's files ({@code mayImport})
   * and the stored C is not merged: reading a tablet's own B rows from its files, the compaction
   * engine's edge, is then moot, and bulk neither rewrites A and B nor waits on the compaction
   * round trip (docs/engines.md, "Engine bulk").
   */
  EngineChoice bulkWhereBIsReadWhole(MultiplyOptions opts, String whole,
      BooleanSupplier mayImport) {
    String read = "; all of B read at once by each server (" + whole + ")";
    if (large && !opts.readsC() && mayImport.getAsBoolean()) {
      return new EngineChoice(Engine.BULK, why + read + ": C written as files and imported",
          true);
    }
    return new EngineChoice(engine, why + read, large);
  }

  /**
   * The partial products when B's rows are all of one length, nnz(A) nnz(B) / rows(B): never more
   * than the estimate from B's row lengths (by Cauchy-Schwarz), so when it exceeds {@link
   * #SCAN_MAX_PRODUCTS} the compaction engine runs whatever B's rows are.
   */
  static long uniformBound(long aEntries, long bEntries, long bRows) {
    return (long) Math.ceil((double) aEntries * bEntries / bRows);
  }

  /** The estimate nnz(A) x Σ r_k² / nnz(B) from B's squared row lengths ({@code bRowSquares}). */
  static long byRowLengths(long aEntries, long bEntries, long bRowSquares) {
    return bEntries == 0 ? 0 : (long) Math.ceil((double) aEntries * bRowSquares / bEntries);
  }

  /**
   * Whether the uniform bound alone sends a multiply to the compaction engine, whatever B's row
   * lengths; false when B's rows are not known ({@code bRows} not positive).
   */
  static boolean beyondScanByBound(long aEntries, long bEntries, long bRows) {
    return bRows > 0 && uniformBound(aEntries, bEntries, bRows) > SCAN_MAX_PRODUCTS;
  }

  /**
   * Whether a multiply goes to the compaction engine when at least {@code bRowSquares} is the sum
   * of B's squared row lengths (from the files' summaries), or, by the uniform bound, whatever it
   * is.
   */
  static boolean beyondScan(long aEntries, long bEntries, long bRowSquares, long bRows) {
    return beyondScanByBound(aEntries, bEntries, bRows)
        || bRowSquares >= 0 && byRowLengths(aEntries, bEntries, bRowSquares) > SCAN_MAX_PRODUCTS;
  }

  /**
   * Whether B's row lengths may put a multiply beyond the scan engine's limit, by what the loader
   * recorded: the estimate from B's squared row lengths ({@code bRowSquares}), or, when those are
   * not recorded (negative), one B row as long as B is wide.
   */
  static boolean mayPassScanByRows(long aEntries, long bEntries, long bCols, long bRowSquares) {
    if (bRowSquares >= 0) {
      return byRowLengths(aEntries, bEntries, bRowSquares) > SCAN_MAX_PRODUCTS;
    }
    double longest = Math.min(bCols, bEntries);
    return bEntries > 0 && aEntries * longest * longest / bEntries > SCAN_MAX_PRODUCTS;
  }

  /**
   * Why the servers should read all of B once (each into its job cache) rather than the B rows
   * of each batch, or null where they should not, in either engine. They should when every
   * server needs most of B, which takes two things:
   * <ul>
   * <li>A names many of B's rows from each server: A has at least as many entries as B (the hub:
   * one A row names all of B), or each server's share of A's entries is at least as many as B
   * has rows ({@code servers} is asked only then). R-MAT 13 and 15 A·B have a few hundred
   * fewer A than B entries and 6.8 and 7.1 A entries per B row on each of 2 servers: row by
   * row they fetched 1.65 and 1.7 times nnz(B) per server, batches fetching again rows that
   * other batches had fetched, where one read fetches nnz(B);
   * <li>most of A's entries name B rows of other tablets ({@code aLocal}: those naming a row of
   * their own tablet, counted only when B shares A's table, else 0). Where A's tablets mostly
   * read their own B rows (a banded matrix, read from the compaction's own files), only if what
   * each server reads beyond its own share of B, (k - 1) nnz(B) / k on k servers, is no more
   * than its share of A's entries, nnz(A) / k (on one server: B no larger than A). Then reading
   * all of B costs a server about what reading its A does, and it saves a nested scan per batch
   * (what amgAP_12, A·P with 1,728 entries in P, mostly waited for) and, in bulk, C's files
   * beyond one per tablet, or the compaction's rewriting of A and B: Poisson 27-point 40³ A·A on
   * 2 servers took 2.9-3.3 s so (bulk) against 5.9-6.4 s in the compaction engine reading its
   * own rows, run by run on one cluster. On more servers the reads grow with k while the
   * compaction engine's do not, and on capped links they cross the network.
   * </ul>
   * On a gRRp copy ({@code pinned}: its parts were placed so that each server reads little of B
   * remotely), the second is its plan's: only when it predicts that the servers fetch, row by
   * row, at least half the B entries whole reads would ((servers - 1) nnz(B)): batches fetch a
   * row again when it is needed again, about twice the prediction on R-MAT, and row by row each
   * entry costs more than in a sequential read. The servers fall back to per-batch reads when B
   * does not fit their cache.
   */
  static String wholeB(long aEntries, long aLocal, long bEntries, long bRows,
      IntSupplier servers, Supplier<TableM.PinnedParts> pinned) {
    if (bEntries <= 0) {
      return null;
    }
    String many;
    if (aEntries >= bEntries) {
      many = "nnz(A) " + aEntries + " >= nnz(B) " + bEntries;
    } else {
      int k = bRows > 0 ? servers.getAsInt() : 0;
      if (k <= 0 || aEntries / k < bRows) {
        return null;
      }
      many = "nnz(A) " + aEntries + " / " + k + " servers >= " + bRows + " rows of B";
    }
    TableM.PinnedParts parts = pinned.get();
    if (parts == null) {
      if (aLocal * 2 < aEntries) {
        return many + ", most of A's B rows in other tablets";
      }
      int k = servers.getAsInt();
      int others = Math.max(1, k - 1);
      return k > 0 && bEntries * others <= aEntries ? "nnz(B) " + bEntries + " x " + others
          + " <= nnz(A) " + aEntries + " on " + k + " servers, most of A's B rows in their own"
          + " tablets" : null;
    }
    return parts.predictedRemoteB() >= 0
        && parts.predictedRemoteB() * 2 >= (parts.servers() - 1) * bEntries
            ? many + ", the plan fetching " + parts.predictedRemoteB() + " B entries remotely"
                + " row by row" : null;
  }

  @Override
  public String toString() {
    return engine.name().toLowerCase(Locale.ROOT) + " (" + why + ")";
  }
}
