package org.spgemm.algebra;

/**
 * An associative, commutative {@link BinaryOp} with an identity in each domain, and optionally a
 * terminal value (an annihilator: once reached, further additions cannot change the result).
 */
public final class Monoid implements BinaryOp {

  private final String name;
  private final BinaryOp op;
  private final double identityFp;
  private final long identityInt;
  private final boolean hasTerminal;
  private final double terminalFp;
  private final long terminalInt;

  private Monoid(String name, BinaryOp op, double identityFp, long identityInt, boolean hasTerminal,
      double terminalFp, long terminalInt) {
    this.name = name;
    this.op = op;
    this.identityFp = identityFp;
    this.identityInt = identityInt;
    this.hasTerminal = hasTerminal;
    this.terminalFp = terminalFp;
    this.terminalInt = terminalInt;
  }

  public static Monoid of(String name, BinaryOp op, double identityFp, long identityInt) {
    return new Monoid(name, op, identityFp, identityInt, false, 0, 0);
  }

  public static Monoid withTerminal(String name, BinaryOp op, double identityFp, long identityInt,
      double terminalFp, long terminalInt) {
    return new Monoid(name, op, identityFp, identityInt, true, terminalFp, terminalInt);
  }

  public String name() {
    return name;
  }

  @Override
  public double applyAsDouble(double x, double y) {
    return op.applyAsDouble(x, y);
  }

  @Override
  public long applyAsLong(long x, long y) {
    return op.applyAsLong(x, y);
  }

  public double identityFp() {
    return identityFp;
  }

  public long identityInt() {
    return identityInt;
  }

  public boolean hasTerminal() {
    return hasTerminal;
  }

  public double terminalFp() {
    return terminalFp;
  }

  public long terminalInt() {
    return terminalInt;
  }

  @Override
  public String toString() {
    return name;
  }
}
