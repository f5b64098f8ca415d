package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.job.JobRecord;
import org.spgemm.progress.Counter;

/**
 * C = A·B inside the tablet servers. A, B and C are column families of table M (see
 * {@link TableM}); C rows are computed next to their A rows, by default in a user compaction of M
 * that writes them straight into each tablet's new file ({@link Engine}).
 *
 * <pre>{@code
 * MultiplyResult r = SpGEMM.multiply(client, "M",
 *     MultiplyOptions.builder().semiring("MIN_PLUS").build());
 * }</pre>
 *
 * <p>On failure nothing of A or B has changed, the partial C is removed, the state of C reads
 * FAILED, and the exception names the problem.
 */
public final class SpGEMM {

  private SpGEMM() {}

  public static MultiplyResult multiply(AccumuloClient client, String table,
      MultiplyOptions opts) {
    checkTable(client, table);
    notNull("options", opts);
    return multiply(client, table, opts, null);
  }

  /** As above, as a step of {@code algorithm} (null: none). */
  static MultiplyResult multiply(AccumuloClient client, String table, MultiplyOptions opts,
      AlgorithmRun algorithm) {
    MultiplyOptions given = Transposes.write(client, table, opts);
    return new MultiplyRun(client, table, given, MultiplySpec.Mode.MULTIPLY, algorithm)
        .run(null);
  }

  /**
   * Server-side transpose: every entry (i, j) of family {@code family} of {@code table} is
   * written as entry (j, i) of family {@code toFamily} by the tablet servers (a scan whose
   * iterator writes with a BatchWriter), replacing what that family held. The shape is
   * recorded transposed; the state of {@code toFamily} reads COMPLETE or FAILED like a C.
   */
  public static MultiplyResult transpose(AccumuloClient client, String table, String family,
      String toFamily, String codec) {
    checkTable(client, table);
    notNull("family", family);
    notNull("toFamily", toFamily);
    MultiplyOptions opts = MultiplyOptions.builder().codec(codec)
        .families(family, family, toFamily).engine(Engine.SCAN).build();
    return new MultiplyRun(client, table, opts, MultiplySpec.Mode.TRANSPOSE)
        .run(null);
  }

  /**
   * Symbolic multiply: nnz of every row of C = A·B, computed by the iterator in count mode without
   * writing C. Keys are A's row keys.
   */
  public static Map<String,Long> countRowNnz(AccumuloClient client, String table,
      MultiplyOptions opts) {
    checkTable(client, table);
    notNull("options", opts);
    Map<String,Long> counts = new java.util.concurrent.ConcurrentHashMap<>();
    new MultiplyRun(client, table, opts, MultiplySpec.Mode.COUNT)
        .run((row, stats) -> counts.put(row, stats.get(Counter.ROW_NNZ)));
    return new java.util.TreeMap<>(counts);
  }

  /** State of a C family: RUNNING, COMPLETE or FAILED (with details), or empty if never set. */
  public static Map<String,String> cState(AccumuloClient client, String table, String cFamily) {
    checkTable(client, table);
    notNull("cFamily", cFamily);
    return CState.read(client, table, cFamily);
  }

  /** True when the C family holds the finished result of a multiply. */
  public static boolean isComplete(AccumuloClient client, String table, String cFamily) {
    return JobRecord.State.COMPLETE.name().equals(cState(client, table, cFamily).get("state"));
  }

  /** Refuses a null client or table, naming it. */
  static void checkTable(AccumuloClient client, String table) {
    notNull("client", client);
    notNull("table", table);
  }
}
