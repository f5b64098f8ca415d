package org.spgemm.bench.run;

/**
 * One way of computing C = A·B on the cluster. {@link #prepare} loads what every repetition
 * reuses (untimed); {@link #run} creates fresh output tables (untimed) and times the multiply.
 */
interface Contender {

  Method method();

  /** Once per dataset and cluster, before the first repetition. */
  default void prepare(Cell cell) {}

  Outcome run(Cell cell, int rep);
}
