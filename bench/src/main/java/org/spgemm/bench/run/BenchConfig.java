package org.spgemm.bench.run;

import java.util.List;
import org.spgemm.bench.data.Dataset;

/**
 * What to run: datasets × tablet-server counts × methods, each repeated {@code reps} times on one
 * embedded cluster per tablet-server count.
 *
 * @param tabletsPerServer tablets of every table per tablet server (equal row blocks)
 * @param verifyReps repetitions (from the first) whose C is read back and checked
 */
public record BenchConfig(List<Dataset> datasets, List<Integer> tservers, List<Method> methods,
    int reps, int tserverHeapMb, int tabletsPerServer, int verifyReps) {

  public BenchConfig {
    if (datasets.isEmpty() || tservers.isEmpty() || methods.isEmpty() || reps < 1) {
      throw new IllegalArgumentException("need at least one dataset, tablet-server count, method"
          + " and repetition");
    }
    datasets = List.copyOf(datasets);
    tservers = List.copyOf(tservers);
    methods = List.copyOf(methods);
  }
}
