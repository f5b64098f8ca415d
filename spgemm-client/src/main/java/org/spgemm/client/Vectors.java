package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semirings;

/**
 * GraphBLAS {@code GrB_vxm} and {@code GrB_mxv} on a table, as one {@link SpGEMM#multiply} each
 * (so in the tablet servers, on either engine): the vector u is one row of a family ({@link
 * Vector}), and the result w is written into the same row of family {@code w}. vxm: w = u ⊕.⊗ A
 * is the row subset u(row,:)·A; mxv: w = A ⊕.⊗ u is computed as u·Aᵀ (Aᵀ written by the
 * server-side transpose into family {@code A^T}), which is A·u because every built-in semiring's
 * multiply is commutative; user semirings ({@code class:}) are refused there.
 *
 * <p>Arguments come in the C API's order: output, mask, accumulator, semiring, inputs, descriptor.
 * The mask is a vector in the same row of its family; {@code desc} (may be null) carries the
 * other options of {@link MultiplyOptions} (engine, codecs, replace, ...); its transpose of A is
 * {@code transposeB()} for vxm and {@code transposeA()} for mxv, as GraphBLAS's INP1 and INP0.
 * Family w holds only w afterwards (unless accumulated into or kept outside the mask).
 */
public final class Vectors {

  /**
   * A vector mask: family {@code family}, row of the output.
   *
   * @param family the mask's family
   * @param mode VALUE (entries not zero) or STRUCTURE (any entry)
   * @param complement true for ¬mask
   */
  public record Mask(String family, MaskMode mode, boolean complement) {
    public static Mask structure(String family, boolean complement) {
      return new Mask(family, MaskMode.STRUCTURE, complement);
    }
  }

  private Vectors() {}

  /** w&lt;mask&gt; = accum(w, u ⊕.⊗ A). Null mask and accum: none. */
  public static MultiplyResult vxm(AccumuloClient client, String table, String w, Mask mask,
      String accum, String semiring, Vector u, String a, MultiplyOptions.Builder desc) {
    MultiplyOptions opts = vxmOptions(w, mask, accum, semiring, u, a, desc);
    return SpGEMM.multiply(client, table, opts);
  }

  /** w&lt;mask&gt; = accum(w, A ⊕.⊗ u). Null mask and accum: none. */
  public static MultiplyResult mxv(AccumuloClient client, String table, String w, Mask mask,
      String accum, String semiring, String a, Vector u, MultiplyOptions.Builder desc) {
    MultiplyOptions opts = mxvOptions(w, mask, accum, semiring, a, u, desc);
    return SpGEMM.multiply(client, table, opts);
  }

  /**
   * The multiply {@link #vxm} runs, built without touching a cluster.
   *
   * @throws InvalidOptionException naming the argument or option
   */
  public static MultiplyOptions vxmOptions(String w, Mask mask, String accum, String semiring,
      Vector u, String a, MultiplyOptions.Builder desc) {
    MultiplyOptions.Builder d = desc == null ? MultiplyOptions.builder() : desc.copy();
    boolean transposeA = d.build().transposeB();
    return options(d, w, mask, accum, semiring, u, a, transposeA);
  }

  /**
   * The multiply {@link #mxv} runs, built without touching a cluster.
   *
   * @throws InvalidOptionException naming the argument or option
   */
  public static MultiplyOptions mxvOptions(String w, Mask mask, String accum, String semiring,
      String a, Vector u, MultiplyOptions.Builder desc) {
    if (notNull("semiring", semiring).startsWith(Semirings.CLASS_PREFIX)) {
      throw new InvalidOptionException("mxv computes u*A' and needs a commutative multiply;"
          + " a user semiring (" + semiring + ") is not known to be one: use vxm on A'");
    }
    MultiplyOptions.Builder d = desc == null ? MultiplyOptions.builder() : desc.copy();
    boolean transposeA = d.build().transposeA();
    return options(d, w, mask, accum, semiring, u, a, !transposeA);
  }

  private static MultiplyOptions options(MultiplyOptions.Builder d, String w, Mask mask,
      String accum, String semiring, Vector u, String a, boolean transposeA) {
    notNull("u", u);
    d.inputs(u.family(), notNull("A", a));
    d.families(u.family(), a, notNull("w", w)).semiring(semiring).rows(u.row(), u.row());
    if (transposeA) {
      d.transposeB();
    }
    if (mask != null) {
      d.mask(mask.family(), mask.mode(), mask.complement());
    }
    if (accum != null) {
      d.accum(accum);
    }
    return d.build();
  }
}
