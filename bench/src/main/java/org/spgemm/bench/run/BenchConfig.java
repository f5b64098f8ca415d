package org.spgemm.bench.run;

import java.nio.file.Path;
import java.util.List;
import org.spgemm.bench.data.Dataset;

/**
 * What to run: datasets × tablet-server counts × methods, each repeated {@code reps} times on one
 * embedded cluster per tablet-server count.
 *
 * @param tabletsPerServer tablets of every table per tablet server (equal row blocks)
 * @param verifyReps repetitions (from the first) whose C is read back and checked
 * @param scanReps repetitions (from the first) whose C is batch-scanned after the multiply; BL's
 *     always is (its combiner runs there), the others' record no scan time
 * @param graphuloJar a Graphulo jar for {@link Method#GRAPHULO}, also put on the tablet servers'
 *     classpath; null when that method is not run
 */
public record BenchConfig(List<Dataset> datasets, List<Integer> tservers, List<Method> methods,
    int reps, int tserverHeapMb, int tabletsPerServer, int verifyReps, int scanReps,
    Path graphuloJar) {

  public BenchConfig {
    if (datasets.isEmpty() || tservers.isEmpty() || methods.isEmpty() || reps < 1) {
      throw new IllegalArgumentException("need at least one dataset, tablet-server count, method"
          + " and repetition");
    }
    if (methods.contains(Method.GRAPHULO) && graphuloJar == null) {
      throw new IllegalArgumentException("method Graphulo needs --graphulo-jar");
    }
    datasets = List.copyOf(datasets);
    tservers = List.copyOf(tservers);
    methods = List.copyOf(methods);
  }

  /** Without Graphulo, C scanned after every repetition. */
  public BenchConfig(List<Dataset> datasets, List<Integer> tservers, List<Method> methods,
      int reps, int tserverHeapMb, int tabletsPerServer, int verifyReps) {
    this(datasets, tservers, methods, reps, tserverHeapMb, tabletsPerServer, verifyReps, reps,
        null);
  }
}
