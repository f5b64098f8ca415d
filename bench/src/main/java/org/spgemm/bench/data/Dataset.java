package org.spgemm.bench.data;

import java.util.function.Supplier;
import org.spgemm.matrix.SparseMatrix;

/**
 * One product C = A·B of the benchmark, generated on demand.
 *
 * @param name short unique name, also a table-name prefix (letters, digits, underscores)
 * @param category what kind of matrix: rmat-AA, rmat-AB, poisson7, poisson27, amg-AP
 * @param size R-MAT scale or grid edge n, for plots over size
 */
public record Dataset(String name, String category, int size, Supplier<Operands> operands) {

  /** The two operands; for A·A, b is a itself. */
  public record Operands(SparseMatrix a, SparseMatrix b) {}

  public boolean isRmat() {
    return category.startsWith("rmat");
  }
}
