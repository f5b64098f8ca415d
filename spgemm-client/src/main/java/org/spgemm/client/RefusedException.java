package org.spgemm.client;

/**
 * A multiply refused before it changed anything (another job holds C, another compaction runs on
 * the table, a check of the tablet servers failed, C is not empty): C and its state are as they
 * were.
 */
public class RefusedException extends ClusterException {

  private static final long serialVersionUID = 1L;

  public RefusedException(String message, Throwable cause) {
    super(message, cause);
  }

  public RefusedException(String message) {
    super(message);
  }
}
