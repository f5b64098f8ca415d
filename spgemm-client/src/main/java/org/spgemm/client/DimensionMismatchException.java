package org.spgemm.client;

/** The shapes of A and B do not allow A·B (A's columns must equal B's rows). */
public class DimensionMismatchException extends SpgemmException {

  private static final long serialVersionUID = 1L;

  public DimensionMismatchException(String message) {
    super(message);
  }
}
