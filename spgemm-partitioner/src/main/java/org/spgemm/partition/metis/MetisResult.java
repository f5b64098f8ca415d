package org.spgemm.partition.metis;

/** What {@link JMetis#partGraphKway} returns: a part per vertex and the edge cut. */
public final class MetisResult {

  private final int[] parts;
  private final long objective;

  public MetisResult(int[] parts, long objective) {
    this.parts = parts;
    this.objective = objective;
  }

  /** The part of each vertex, in [0, nparts). The array belongs to the caller. */
  public int[] parts() {
    return parts;
  }

  /** The edge cut METIS reports: the total weight of edges whose ends are in different parts. */
  public long objective() {
    return objective;
  }
}
