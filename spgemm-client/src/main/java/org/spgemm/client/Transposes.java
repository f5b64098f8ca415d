package org.spgemm.client;

import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.iterators.TableLayout;

/**
 * Transposed inputs of a multiply: row-by-row needs rows of Aᵀ (or Bᵀ), so each is first written
 * by a server-side transpose into family {@code X^T} of its own table, and the multiply then
 * reads that family as A (or B). The transpose is rewritten on every call: the family it comes
 * from may have changed since.
 */
final class Transposes {

  private Transposes() {}

  /** Writes the transposes {@code opts} asks for; returns the options naming their families. */
  static MultiplyOptions write(AccumuloClient client, String table, MultiplyOptions opts) {
    if (!opts.transposeA && !opts.transposeB) {
      return opts;
    }
    String a = opts.spec.aFamily();
    String b = opts.spec.bFamily();
    if (opts.transposeA) {
      a = TableLayout.transposed(opts.spec.aFamily());
      SpGEMM.transpose(client, table, opts.spec.aFamily(), a, opts.spec.codecA().name());
    }
    boolean sameAsA = opts.transposeA && opts.transposeB && opts.spec.bTable() == null
        && opts.spec.bFamily().equals(opts.spec.aFamily())
        && opts.spec.codecB().name().equals(opts.spec.codecA().name());
    if (sameAsA) {
      b = a; // Aᵀ·Aᵀ: one transpose serves both
    } else if (opts.transposeB) {
      b = TableLayout.transposed(opts.spec.bFamily());
      SpGEMM.transpose(client, opts.spec.bTableFor(table), opts.spec.bFamily(), b,
          opts.spec.codecB().name());
    }
    return opts.toBuilder().inputs(a, b).build();
  }
}
