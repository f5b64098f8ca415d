package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.partition.GraphPartitioner;
import org.spgemm.partition.PartitionOptions;
import org.spgemm.partition.graph.BipartiteGraph;
import org.spgemm.partition.metis.JMetis;
import org.spgemm.partition.plan.PartitionPlan;
import org.spgemm.partition.plan.PlanChoice;
import org.spgemm.partition.plan.PlanIO;
import org.spgemm.partition.table.PlanMatch;
import org.spgemm.partition.table.TableGraph;
import org.spgemm.partition.table.TableGraphReader;
import org.spgemm.partition.table.TablePartitionException;

/**
 * gRRp on a table: plans the 3-constraint partitioning of C = A·B for table M, and reads results
 * of the re-keyed copy back in original keys.
 *
 * <pre>{@code
 * TablePlan plan = Partitioner.plan(client, "M", 4, PartitionOptions.parts(4).withSeed(1));
 * plan.multiply(client, "M_grrp", ApplyOptions.defaults(), // re-keyed copy, one tablet per
 *     MultiplyOptions.defaults());                     // part, and the multiply there
 * SparseMatrix c = Partitioner.readC(client, "M_grrp", rows, cols, ValueCodecs.DECIMAL);
 * }</pre>
 *
 * <p>{@link #plan} runs three steps and times each: (a) the symbolic multiply
 * ({@link SpGEMM#countRowNnz}: nnz of every C row, nothing written), (b) {@link TableGraphReader}
 * (scans of A and B into the bipartite model), (c) METIS through {@link GraphPartitioner} (not
 * for K = 1), then (d) chooses among METIS's assignment, its refinement, the natural order and
 * the equal-rows split ({@link PlanChoice}) and builds the plan of the winner.
 */
public final class Partitioner {

  /** Where nnz(c_i), the third vertex weight, is counted. */
  public enum Symbolic {
    /** By the iterator in count mode inside the tablet servers (the design's way; default). */
    ITERATOR,
    /**
     * In the client, from the same scans that build the graph ({@link
     * TableGraphReader#readCountingC()}): memory grows by nnz(B), time is that of the partial
     * products on one client thread. A fallback for when the count mode is unavailable or slow.
     */
    CLIENT
  }

  private Partitioner() {}

  /** {@link #plan(AccumuloClient, String, int, PartitionOptions)} with default options. */
  public static TablePlan plan(AccumuloClient client, String table, int k) {
    return plan(client, table, k, null);
  }

  /**
   * Plans gRRp for C = A·B in families A and B of {@code table}, in {@code k} parts.
   *
   * @param opts ε and METIS seed; its K is replaced by {@code k}; null for defaults
   * @throws InvalidOptionException on a bad argument or table
   * @throws ClusterException if the cluster fails or refuses
   * @throws org.spgemm.partition.metis.MetisUnavailableException if k &gt; 1 and the METIS
   *     library is not installed (the message says how to install it)
   */
  public static TablePlan plan(AccumuloClient client, String table, int k,
      PartitionOptions opts) {
    return plan(client, table, k, opts, MultiplyOptions.defaults());
  }

  /**
   * As {@link #plan(AccumuloClient, String, int, PartitionOptions)}; {@code multiply} gives the
   * families, codecs and semiring of the symbolic multiply (B must be in the same table).
   */
  public static TablePlan plan(AccumuloClient client, String table, int k,
      PartitionOptions opts, MultiplyOptions multiply) {
    return plan(client, table, k, opts, multiply, Symbolic.ITERATOR);
  }

  /** As above, choosing where nnz(c_i) is counted. */
  public static TablePlan plan(AccumuloClient client, String table, int k,
      PartitionOptions opts, MultiplyOptions multiply, Symbolic symbolic) {
    SpGEMM.checkTable(client, table);
    notNull("multiply options", multiply);
    notNull("symbolic", symbolic);
    if (k < 1) {
      throw new InvalidOptionException("the number of parts must be at least 1, got " + k);
    }
    checkBInTable(multiply, table);
    if (!client.tableOperations().exists(table)) {
      throw ClusterException.noTable(table, null);
    }
    PartitionOptions po = (opts == null ? PartitionOptions.parts(k) : opts).withParts(k);
    if (k > 1) {
      JMetis.load(); // fail before the expensive steps if the library is missing
    }
    try {
      long t0 = System.nanoTime();
      TableGraphReader reader =
          new TableGraphReader(client, table).families(multiply.aFamily(), multiply.bFamily());
      TableGraph tg;
      long symbolicNanos;
      long graphNanos;
      if (symbolic == Symbolic.ITERATOR) {
        Map<String,Long> counts = SpGEMM.countRowNnz(client, table, multiply);
        long t1 = System.nanoTime();
        symbolicNanos = t1 - t0;
        tg = reader.read(counts);
        graphNanos = System.nanoTime() - t1;
      } else {
        tg = reader.readCountingC();
        symbolicNanos = tg.symbolicNanos();
        graphNanos = System.nanoTime() - t0 - symbolicNanos;
      }
      BipartiteGraph g = tg.graph();
      long t2 = System.nanoTime();
      int[] parts = GraphPartitioner.partitionVertices(g, po);
      long t3 = System.nanoTime();
      PlanChoice choice = GraphPartitioner.choose(g, parts, po, tg.aRowKeys(), tg.bRowKeys());
      long t4 = System.nanoTime();
      return new TablePlan(table, multiply.aFamily(), multiply.bFamily(), choice.plan(), choice, g,
          tg.phantomBRows(), symbolic, null, symbolicNanos, graphNanos, k == 1 ? 0 : t3 - t2,
          t4 - t3);
    } catch (TablePartitionException e) {
      throw new ClusterException(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
  }

  /**
   * Reads a plan that {@link TablePlan#write} saved for {@code table} and checks that it still
   * fits the table ({@link PlanMatch}: same row keys, same nnz(A) and nnz(B) per part), so that
   * {@link TablePlan#apply} writes what was planned. Nothing is written here.
   *
   * @param multiply gives the families of A and B (B must be in the same table)
   * @throws InvalidOptionException if the file is not a valid plan or does not fit the table
   * @throws ClusterException if the cluster fails or refuses
   * @throws IOException if the file cannot be read
   */
  public static TablePlan readPlan(AccumuloClient client, String table, Path file,
      MultiplyOptions multiply) throws IOException {
    SpGEMM.checkTable(client, table);
    notNull("file", file);
    notNull("multiply options", multiply);
    checkBInTable(multiply, table);
    try {
      PartitionPlan plan = PlanIO.read(file);
      long t0 = System.nanoTime();
      TableGraph tg = new TableGraphReader(client, table)
          .families(multiply.aFamily(), multiply.bFamily()).read(null);
      checkFits(plan, tg, file, table);
      return new TablePlan(table, multiply.aFamily(), multiply.bFamily(), plan, null, tg.graph(),
          tg.phantomBRows(), null, file, 0, System.nanoTime() - t0, 0, 0);
    } catch (TablePartitionException e) {
      throw new ClusterException(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
  }

  private static void checkFits(PartitionPlan plan, TableGraph tg, Path file, String table) {
    try {
      PlanMatch.check(plan, tg);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException("the plan in " + file + " does not fit table " + table
          + " as it is now (made for another table, or the table changed): " + e.getMessage());
    }
  }

  private static void checkBInTable(MultiplyOptions multiply, String table) {
    if (multiply.spec.bTable() != null && !multiply.spec.bTable().equals(table)) {
      throw new InvalidOptionException("gRRp re-keys A and B together: B must be in table "
          + table + ", not in " + multiply.spec.bTable());
    }
  }

  /** C (family C) of a re-keyed table in original numeric indices. */
  public static SparseMatrix readC(AccumuloClient client, String table, int rows, int cols,
      ValueCodec codec) {
    return read(client, table, TableLayout.C_FAMILY, rows, cols, codec);
  }

  /**
   * A numeric family of a re-keyed table in original indices: the part prefix is stripped from
   * every row key ({@link PartitionPlan#originalKey}) and from column keys that carry one (those
   * of A, which name B's new row keys); the rest are numeric keys as the loaders write them.
   *
   * @throws SpgemmException naming the first key that is not a partitioned numeric key
   */
  public static SparseMatrix read(AccumuloClient client, String table, String family, int rows,
      int cols, ValueCodec codec) {
    return MatrixStore.read(client, table, family, rows, cols, codec, PartitionPlan::originalKey,
        col -> isPartitioned(col) ? PartitionPlan.originalKey(col) : col, " in original keys");
  }

  private static boolean isPartitioned(String key) {
    if (key.isEmpty() || key.charAt(0) != PartitionPlan.PART_MARK) {
      return false;
    }
    try {
      PartitionPlan.partOf(key);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
