package org.spgemm.client;

/** A multiply could not be done; the message says why and where, in one line. */
public class SpgemmException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public SpgemmException(String message) {
    super(message);
  }

  public SpgemmException(String message, Throwable cause) {
    super(message, cause);
  }
}
