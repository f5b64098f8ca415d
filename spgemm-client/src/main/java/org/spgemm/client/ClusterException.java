package org.spgemm.client;

/** Accumulo could not be reached or refused (missing table, permission, unreachable). */
public class ClusterException extends SpgemmException {

  private static final long serialVersionUID = 1L;

  public ClusterException(String message, Throwable cause) {
    super(message, cause);
  }
}
