package org.spgemm.partition;

import java.util.Objects;
import org.spgemm.partition.metis.KwayOptions;

/**
 * What gRRp partitioning needs to know: K (normally the number of tablet servers), the allowed
 * imbalance ε per constraint and the METIS seed. Immutable; {@code with*} returns copies.
 *
 * @param parts K, at least 1
 * @param kwayOptions the METIS options these translate to
 */
public record PartitionOptions(int parts, KwayOptions kwayOptions) {

  public PartitionOptions {
    if (parts < 1) {
      throw new IllegalArgumentException("the number of parts must be at least 1, got " + parts);
    }
    Objects.requireNonNull(kwayOptions, "kwayOptions");
  }

  /** K parts, ε = {@value KwayOptions#DEFAULT_EPSILON}, METIS's default seed. */
  public static PartitionOptions parts(int k) {
    return new PartitionOptions(k, KwayOptions.defaults());
  }

  /** The same options for another K. */
  public PartitionOptions withParts(int k) {
    return k == parts ? this : new PartitionOptions(k, kwayOptions);
  }

  /** The same ε for the three constraints (nnz of A, B and C per part). */
  public PartitionOptions withEpsilon(double epsilon) {
    return new PartitionOptions(parts, kwayOptions.withEpsilon(epsilon));
  }

  /** The METIS seed: non-negative, or -1 for METIS's default. */
  public PartitionOptions withSeed(int seed) {
    return new PartitionOptions(parts, kwayOptions.withSeed(seed));
  }

  @Override
  public String toString() {
    return "PartitionOptions[parts=" + parts + ", " + kwayOptions + "]";
  }
}
