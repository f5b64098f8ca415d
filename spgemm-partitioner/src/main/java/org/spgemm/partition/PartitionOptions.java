package org.spgemm.partition;

import org.spgemm.partition.metis.KwayOptions;

/**
 * What gRRp partitioning needs to know: K (normally the number of tablet servers), the allowed
 * imbalance ε per constraint and the METIS seed. Immutable; {@code with*} returns copies.
 */
public final class PartitionOptions {

  private final int parts;
  private final KwayOptions kway;

  private PartitionOptions(int parts, KwayOptions kway) {
    this.parts = parts;
    this.kway = kway;
  }

  /** K parts, ε = {@value KwayOptions#DEFAULT_EPSILON}, METIS's default seed. */
  public static PartitionOptions parts(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("the number of parts must be at least 1, got " + k);
    }
    return new PartitionOptions(k, KwayOptions.defaults());
  }

  /** The same options for another K. */
  public PartitionOptions withParts(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("the number of parts must be at least 1, got " + k);
    }
    return k == parts ? this : new PartitionOptions(k, kway);
  }

  /** The same ε for the three constraints (nnz of A, B and C per part). */
  public PartitionOptions withEpsilon(double epsilon) {
    return new PartitionOptions(parts, kway.withEpsilon(epsilon));
  }

  /** The METIS seed: non-negative, or -1 for METIS's default. */
  public PartitionOptions withSeed(int seed) {
    return new PartitionOptions(parts, kway.withSeed(seed));
  }

  /** K. */
  public int parts() {
    return parts;
  }

  /** The METIS options these translate to. */
  public KwayOptions kwayOptions() {
    return kway;
  }

  @Override
  public String toString() {
    return "PartitionOptions[parts=" + parts + ", " + kway + "]";
  }
}
