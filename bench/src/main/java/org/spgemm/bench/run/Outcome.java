package org.spgemm.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
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
  /** RRp and gRRp only: the iterator's counters, summed over its threads on every server. */
  BatchStats workers;
  /** gRRp only: planning (symbolic multiply, graph, METIS) and writing the re-keyed copy. */
  long planNanos = -1;
  long applyNanos = -1;
  String cTable;
  String cFamily;
  Supplier<SparseMatrix> readC;
  final List<String> tablesToDrop = new ArrayList<>();
}
