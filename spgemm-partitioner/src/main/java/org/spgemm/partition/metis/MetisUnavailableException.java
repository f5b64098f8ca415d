package org.spgemm.partition.metis;

/**
 * The METIS 5 native library could not be loaded, or it is not a METIS 5 build this binding can
 * drive safely. The message says how to install it.
 */
public class MetisUnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public MetisUnavailableException(String message) {
    super(message);
  }

  public MetisUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
