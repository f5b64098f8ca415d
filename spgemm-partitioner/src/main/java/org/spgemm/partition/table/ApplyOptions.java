package org.spgemm.partition.table;

import java.time.Duration;
import java.util.Objects;
import org.apache.accumulo.core.security.Authorizations;
import org.spgemm.iterators.TableLayout;

/**
 * How {@link PlanApplier} copies M: which families hold A and B, how many tablets each part is
 * split into, how long to wait for the new tablets to be spread over the tablet servers, scan
 * threads and authorizations. Immutable; {@code with*} returns copies.
 */
public final class ApplyOptions {

  /** Default bound, in seconds, on the wait for hosted, balanced tablets. */
  public static final int DEFAULT_BALANCE_SECONDS = 60;
  /** {@link #DEFAULT_BALANCE_SECONDS} as a duration. */
  public static final Duration DEFAULT_BALANCE_TIMEOUT =
      Duration.ofSeconds(DEFAULT_BALANCE_SECONDS);
  /** Default threads of the copying BatchScanner. */
  public static final int DEFAULT_SCAN_THREADS = 4;
  /** Default tablets per part: one, the part's rows in a single tablet. */
  public static final int DEFAULT_TABLETS_PER_PART = 1;

  private final String aFamily;
  private final String bFamily;
  private final Duration balanceTimeout;
  private final int scanThreads;
  private final Authorizations auths;
  private final int tabletsPerPart;

  private ApplyOptions(String aFamily, String bFamily, Duration balanceTimeout, int scanThreads,
      Authorizations auths, int tabletsPerPart) {
    this.aFamily = aFamily;
    this.bFamily = bFamily;
    this.balanceTimeout = balanceTimeout;
    this.scanThreads = scanThreads;
    this.auths = auths;
    this.tabletsPerPart = tabletsPerPart;
  }

  /**
   * Families A and B, one tablet per part, a 60 s balance wait, 4 scan threads, the user's
   * authorizations.
   */
  public static ApplyOptions defaults() {
    return new ApplyOptions(TableLayout.A_FAMILY, TableLayout.B_FAMILY,
        DEFAULT_BALANCE_TIMEOUT, DEFAULT_SCAN_THREADS, null, DEFAULT_TABLETS_PER_PART);
  }

  /** The families holding A and B; they must differ. */
  public ApplyOptions withFamilies(String a, String b) {
    Objects.requireNonNull(a, "A family");
    Objects.requireNonNull(b, "B family");
    if (a.equals(b)) {
      throw new IllegalArgumentException("A and B must be different families, both are " + a);
    }
    return new ApplyOptions(a, b, balanceTimeout, scanThreads, auths, tabletsPerPart);
  }

  /** Bound on the wait for balanced tablets; zero skips the wait. */
  public ApplyOptions withBalanceTimeout(Duration timeout) {
    if (timeout == null || timeout.isNegative()) {
      throw new IllegalArgumentException("balance timeout must be zero or positive");
    }
    return new ApplyOptions(aFamily, bFamily, timeout, scanThreads, auths, tabletsPerPart);
  }

  public ApplyOptions withScanThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("scan threads must be positive, got " + threads);
    }
    return new ApplyOptions(aFamily, bFamily, balanceTimeout, threads, auths, tabletsPerPart);
  }

  /** Authorizations of the copying scan (default: all of the user's). */
  public ApplyOptions withAuthorizations(Authorizations a) {
    return new ApplyOptions(aFamily, bFamily, balanceTimeout, scanThreads,
        Objects.requireNonNull(a, "authorizations"), tabletsPerPart);
  }

  /**
   * Splits each part into up to {@code n} tablets for concurrency: at A row boundaries, into
   * runs of about equal nnz(A) (a part with fewer than n A rows gets one tablet per A row). All
   * tablets of a part stay pinned to the part's tablet server. Counting nnz(A) per row takes one
   * extra scan of family A. Default {@value #DEFAULT_TABLETS_PER_PART}.
   */
  public ApplyOptions withTabletsPerPart(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("tablets per part must be positive, got " + n);
    }
    return new ApplyOptions(aFamily, bFamily, balanceTimeout, scanThreads, auths, n);
  }

  public String aFamily() {
    return aFamily;
  }

  public String bFamily() {
    return bFamily;
  }

  public Duration balanceTimeout() {
    return balanceTimeout;
  }

  public int scanThreads() {
    return scanThreads;
  }

  /** Tablets each part is split into, at most (see {@link #withTabletsPerPart}). */
  public int tabletsPerPart() {
    return tabletsPerPart;
  }

  /** The authorizations, or null for the user's own. */
  public Authorizations authorizations() {
    return auths;
  }
}
