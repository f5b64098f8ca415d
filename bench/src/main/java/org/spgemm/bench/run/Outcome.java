package org.spgemm.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.spgemm.client.MatrixStore;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.progress.BatchStats;

/**
 * What one contender's multiply did, before the runner scans C: the timed multiply, counts, where
 * C is, how to read it back in original indices, and the tables to drop afterwards.
 */
final class Outcome {

  long multiplyNanos;
  /** Entries the method wrote (BL: every partial product; the others: nnz(C)). */
  long entriesWritten;
  /** Partial products the method itself reported (-1: not reported). */
  long partialProducts = -1;
  /** nnz(C) the method itself reported (-1: not reported, BL knows it only after the sum). */
  long nnzC = -1;
  /** B entries fetched by nested scans (-1: not applicable). */
  long bEntriesFetched = -1;
  /** RRp and gRRp only: of those, fetched from a tablet another server hosts. */
  long bEntriesRemote = -1;
  /** RRp and gRRp only: the engine the multiply ran on ({@link Measurement#NO_ENGINE}: none). */
  String engine = Measurement.NO_ENGINE;
  /** RRp and gRRp only: the iterator's counters, summed over its threads on every server. */
  BatchStats workers;
  /** gRRp only: planning (symbolic multiply, graph, METIS) and writing the re-keyed copy. */
  long planNanos = -1;
  long applyNanos = -1;
  final String cTable;
  final String cFamily;
  /** Reads C back in original indices; by default family {@code cFamily} of {@code cTable}. */
  Supplier<SparseMatrix> readC;
  final List<String> tablesToDrop = new ArrayList<>();

  /** C in one family of a table of decimals that is dropped after the run. */
  Outcome(Cell cell, String cTable, String cFamily) {
    this.cTable = cTable;
    this.cFamily = cFamily;
    this.readC = () -> MatrixStore.read(cell.client, cTable, cFamily, cell.a.rows(),
        cell.b.cols(), ValueCodecs.DECIMAL);
    tablesToDrop.add(cTable);
  }
}
