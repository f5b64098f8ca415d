package org.spgemm.cli;

import java.io.PrintStream;
import java.util.Locale;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.Partitioner;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.TablePlan;
import org.spgemm.codec.ValueCodec;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.metis.MetisUnavailableException;
import org.spgemm.partition.table.ApplyOptions;
import org.spgemm.partition.table.ApplyResult;

/**
 * The gRRp steps the partition and multiply commands share: plan (symbolic multiply with a
 * progress bar, graph, METIS), apply into the re-keyed table, multiply there, read C back in
 * original keys.
 */
final class GrrpSteps {

  private final AccumuloClient client;
  private final ValueCodec codec;
  private final PrintStream err;

  GrrpSteps(AccumuloClient client, ValueCodec codec, PrintStream err) {
    this.client = client;
    this.codec = codec;
    this.err = err;
  }

  /** Default name of the re-keyed copy of {@code table}. */
  static String defaultTarget(String table) {
    return table + "_grrp";
  }

  /** Symbolic multiply (with a progress bar over {@code aRows} rows), graph, METIS. */
  TablePlan plan(String table, int k, PartitionOptions po, MultiplyOptions.Builder opts,
      long aRows) {
    return plan(table, k, po, opts, aRows, Partitioner.Symbolic.ITERATOR);
  }

  TablePlan plan(String table, int k, PartitionOptions po, MultiplyOptions.Builder opts,
      long aRows, Partitioner.Symbolic symbolic) {
    err.printf(Locale.ROOT, "gRRp: symbolic multiply%s, graph, METIS for K = %d...%n",
        symbolic == Partitioner.Symbolic.CLIENT ? " (in the client)" : "", k);
    ProgressBar bar = new ProgressBar(err, aRows);
    try {
      return Partitioner.plan(client, table, k, po, opts.listener(bar).build(), symbolic);
    } catch (MetisUnavailableException e) {
      throw new AbstractSpgemmSubcommand.UsageException(e.getMessage());
    } finally {
      bar.finish();
      opts.listener(org.spgemm.client.ProgressListener.NONE);
    }
  }

  /** Writes the re-keyed copy and waits for its tablets to spread; warns if they did not. */
  ApplyResult apply(TablePlan plan, String target, int balanceSeconds) {
    err.printf(Locale.ROOT, "gRRp: writing the re-keyed copy %s (%d tablets)...%n", target,
        plan.parts());
    ApplyResult r = plan.apply(client, target, ApplyOptions.defaults()
        .withBalanceTimeout(java.time.Duration.ofSeconds(balanceSeconds)));
    if (!r.balanced()) {
      err.printf(Locale.ROOT, "warning: the tablets of %s were not %s after %d s: %s%n", target,
          r.hosted() ? "balanced over the tablet servers" : "all hosted", balanceSeconds,
          r.tabletsPerServer());
    }
    return r;
  }

  /** RRp on {@code table} (the re-keyed copy or M); a progress bar when A is known. */
  MultiplyResult multiply(String table, MultiplyOptions.Builder opts, SparseMatrix a) {
    if (a == null) {
      return SpGEMM.multiply(client, table, opts.build());
    }
    return new Workflow(client, table, codec).multiply(opts, a, err);
  }

  /** C of the re-keyed table in original indices. */
  SparseMatrix readC(String target, int rows, int cols) {
    return Partitioner.readC(client, target, rows, cols, codec);
  }

  static long nonEmptyRows(SparseMatrix a) {
    return a.nonEmptyRows();
  }
}
