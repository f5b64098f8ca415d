package org.spgemm.cli;

import java.time.Duration;
import org.spgemm.partition.table.ApplyOptions;
import picocli.CommandLine.Option;

/**
 * How gRRp writes the re-keyed copy, shared by {@code partition} and {@code multiply
 * --partition}: a translation onto {@link ApplyOptions}, which checks the values and holds the
 * defaults.
 */
final class ApplyOptionsMixin {

  @Option(names = "--balance-timeout", paramLabel = "SECONDS", description = "seconds to wait"
      + " for the re-keyed copy's tablets to be hosted on their parts' tablet servers (default "
      + ApplyOptions.DEFAULT_BALANCE_SECONDS + ")")
  Long balanceSeconds;

  @Option(names = "--tablets-per-part", paramLabel = "N", description = "split each part of the"
      + " re-keyed copy at A row boundaries into up to N tablets of about equal nnz(A), all on"
      + " the part's tablet server, for as much concurrency as RRp on K*N tablets (default "
      + ApplyOptions.DEFAULT_TABLETS_PER_PART + ")")
  Integer tabletsPerPart;

  /** The defaults with what the user set; a refused value names its flag. */
  ApplyOptions build() {
    ApplyOptions o = ApplyOptions.defaults();
    try {
      if (balanceSeconds != null) {
        o = o.withBalanceTimeout(Duration.ofSeconds(balanceSeconds));
      }
    } catch (IllegalArgumentException e) {
      throw refused("--balance-timeout", balanceSeconds, e);
    }
    try {
      if (tabletsPerPart != null) {
        o = o.withTabletsPerPart(tabletsPerPart);
      }
    } catch (IllegalArgumentException e) {
      throw refused("--tablets-per-part", tabletsPerPart, e);
    }
    return o;
  }

  private static AbstractSpgemmSubcommand.UsageException refused(String flag, Object value,
      IllegalArgumentException e) {
    return new AbstractSpgemmSubcommand.UsageException(flag + " " + value + ": "
        + e.getMessage());
  }
}
