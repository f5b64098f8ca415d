package org.spgemm.client;

/** An option or argument is not acceptable (unknown semiring, bad limit, missing family...). */
public class InvalidOptionException extends SpgemmException {

  private static final long serialVersionUID = 1L;

  public InvalidOptionException(String message) {
    super(message);
  }
}
