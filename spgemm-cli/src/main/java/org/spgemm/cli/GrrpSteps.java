package org.spgemm.cli;

import java.io.PrintStream;
import java.util.Locale;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.client.GrrpResult;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.Partitioner;
import org.spgemm.client.TablePlan;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.metis.MetisUnavailableException;
import org.spgemm.partition.table.ApplyOptions;
import org.spgemm.partition.table.ApplyResult;

/**
 * What the partition and multiply commands add around the API's gRRp calls ({@link
 * Partitioner#plan}, {@link TablePlan#multiply}): progress bars, step messages and the warning
 * when the re-keyed copy's tablets did not spread.
 */
final class GrrpSteps {

  /** The re-keyed copy of table T is T + this unless named. */
  static final String TARGET_SUFFIX = "_grrp";

  private final AccumuloClient client;
  private final PrintStream err;

  GrrpSteps(AccumuloClient client, PrintStream err) {
    this.client = client;
    this.err = err;
  }

  static String defaultTarget(String table) {
    return table + TARGET_SUFFIX;
  }

  /** Symbolic multiply (with a progress bar over {@code aRows} rows), graph, METIS. */
  TablePlan plan(String table, PartitionOptions po, MultiplyOptions.Builder opts, long aRows,
      Partitioner.Symbolic symbolic) {
    err.printf(Locale.ROOT, "gRRp: symbolic multiply%s, graph, METIS for K = %d...%n",
        symbolic == Partitioner.Symbolic.CLIENT ? " (in the client)" : "", po.parts());
    try {
      return ProgressBar.around(err, aRows, opts,
          o -> Partitioner.plan(client, table, po.parts(), po, o.build(), symbolic));
    } catch (MetisUnavailableException e) {
      throw new AbstractSpgemmSubcommand.UsageException(e.getMessage());
    }
  }

  /** Writes the re-keyed copy and waits for its tablets to spread; warns if they did not. */
  ApplyResult apply(TablePlan plan, String target, ApplyOptions apply) {
    announce(plan, target, apply);
    return warnIfUnbalanced(plan.apply(client, target, apply), apply);
  }

  /** Writes the re-keyed copy and multiplies there, with a progress bar over {@code aRows}. */
  GrrpResult multiply(TablePlan plan, String target, ApplyOptions apply,
      MultiplyOptions.Builder opts, long aRows) {
    announce(plan, target, apply);
    GrrpResult r = ProgressBar.around(err, aRows, opts,
        o -> plan.multiply(client, target, apply, o.build()));
    warnIfUnbalanced(r.applied(), apply);
    return r;
  }

  private void announce(TablePlan plan, String target, ApplyOptions apply) {
    err.printf(Locale.ROOT, "gRRp: writing the re-keyed copy %s (%d parts%s)...%n", target,
        plan.parts(), apply.tabletsPerPart() == 1 ? ", a tablet each"
            : ", up to " + apply.tabletsPerPart() + " tablets each");
  }

  private ApplyResult warnIfUnbalanced(ApplyResult r, ApplyOptions apply) {
    if (!r.balanced()) {
      err.printf(Locale.ROOT, "warning: the tablets of %s were not %s after %d s: %s%n",
          r.table(), r.hosted() ? "balanced over the tablet servers" : "all hosted",
          apply.balanceTimeout().getSeconds(), r.tabletsPerServer());
    }
    return r;
  }
}
