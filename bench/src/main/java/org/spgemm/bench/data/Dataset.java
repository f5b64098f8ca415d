package org.spgemm.bench.data;

import java.util.function.Supplier;
import org.spgemm.matrix.SparseMatrix;

/**
 * One product C = A·B of the benchmark, generated on demand, its operands' values stored at
 * {@code valueBytes} bytes each (0: the decimal codec's normal form).
 *
 * @param name short unique name, also a table-name prefix (letters, digits, underscores)
 * @param category what kind of matrix: rmat-AA, rmat-AB, poisson7, poisson27, amg-AP
 * @param size R-MAT scale or grid edge n, for plots over size
 * @param valueBytes the size every stored value of A and B has, or 0 for the normal form
 */
public record Dataset(String name, String category, int size, Supplier<Operands> operands,
    int valueBytes) {

  /** The two operands; for A·A, b is a itself. */
  public record Operands(SparseMatrix a, SparseMatrix b) {}

  /** A dataset stored in the codec's normal form. */
  public Dataset(String name, String category, int size, Supplier<Operands> operands) {
    this(name, category, size, operands, 0);
  }

  /**
   * The same product with its values stored at {@code bytes} bytes each, named {@code
   * <name>_v<bytes>} (so its runs and tables are its own).
   */
  public Dataset withValueBytes(int bytes) {
    String base = valueBytes == 0 ? name : name.substring(0, name.lastIndexOf("_v"));
    return new Dataset(bytes == 0 ? base : base + "_v" + bytes, category, size, operands, bytes);
  }

  public boolean isRmat() {
    return category.startsWith("rmat");
  }
}
