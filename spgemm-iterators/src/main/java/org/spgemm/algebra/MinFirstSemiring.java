package org.spgemm.algebra;

/**
 * MIN_FIRST (GraphBLAS GrB_MIN_FIRST_SEMIRING): C(i,k) = min over j of A(i,j), whatever B's
 * value. With a BFS frontier whose values are the frontier vertices' own ids, q·G gives each
 * newly reached vertex its smallest parent. Named {@code class:org.spgemm.algebra.MinFirstSemiring}
 * (it ships in the iterators jar, so every tablet server has it).
 */
public final class MinFirstSemiring implements Semiring {

  private static final BinaryOp FIRST = Semirings.op((x, y) -> x, (x, y) -> x);

  @Override
  public String name() {
    return "MIN_FIRST";
  }

  @Override
  public Monoid add() {
    return Semirings.MIN;
  }

  @Override
  public BinaryOp multiply() {
    return FIRST;
  }
}
