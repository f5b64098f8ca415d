package org.spgemm.partition.table;

import java.time.Duration;
import java.util.Objects;
import org.apache.accumulo.core.security.Authorizations;
import org.spgemm.iterators.TableLayout;

/**
 * How {@link PlanApplier} copies M: which families hold A and B, how long to wait for the new
 * tablets to be spread over the tablet servers, scan threads and authorizations. Immutable;
 * {@code with*} returns copies.
 */
public final class ApplyOptions {

  /** Default bound on the wait for hosted, balanced tablets. */
  public static final Duration DEFAULT_BALANCE_TIMEOUT = Duration.ofSeconds(60);
  /** Default threads of the copying BatchScanner. */
  public static final int DEFAULT_SCAN_THREADS = 4;

  private final String aFamily;
  private final String bFamily;
  private final Duration balanceTimeout;
  private final int scanThreads;
  private final Authorizations auths;

  private ApplyOptions(String aFamily, String bFamily, Duration balanceTimeout, int scanThreads,
      Authorizations auths) {
    this.aFamily = aFamily;
    this.bFamily = bFamily;
    this.balanceTimeout = balanceTimeout;
    this.scanThreads = scanThreads;
    this.auths = auths;
  }

  /** Families A and B, a 60 s balance wait, 4 scan threads, the user's authorizations. */
  public static ApplyOptions defaults() {
    return new ApplyOptions(TableLayout.A_FAMILY, TableLayout.B_FAMILY,
        DEFAULT_BALANCE_TIMEOUT, DEFAULT_SCAN_THREADS, null);
  }

  /** The families holding A and B; they must differ. */
  public ApplyOptions withFamilies(String a, String b) {
    Objects.requireNonNull(a, "A family");
    Objects.requireNonNull(b, "B family");
    if (a.equals(b)) {
      throw new IllegalArgumentException("A and B must be different families, both are " + a);
    }
    return new ApplyOptions(a, b, balanceTimeout, scanThreads, auths);
  }

  /** Bound on the wait for balanced tablets; zero skips the wait. */
  public ApplyOptions withBalanceTimeout(Duration timeout) {
    if (timeout == null || timeout.isNegative()) {
      throw new IllegalArgumentException("balance timeout must be zero or positive");
    }
    return new ApplyOptions(aFamily, bFamily, timeout, scanThreads, auths);
  }

  public ApplyOptions withScanThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("scan threads must be positive, got " + threads);
    }
    return new ApplyOptions(aFamily, bFamily, balanceTimeout, threads, auths);
  }

  /** Authorizations of the copying scan (default: all of the user's). */
  public ApplyOptions withAuthorizations(Authorizations a) {
    return new ApplyOptions(aFamily, bFamily, balanceTimeout, scanThreads,
        Objects.requireNonNull(a, "authorizations"));
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

  /** The authorizations, or null for the user's own. */
  public Authorizations authorizations() {
    return auths;
  }
}
