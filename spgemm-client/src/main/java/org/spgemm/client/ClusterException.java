package org.spgemm.client;

/** Accumulo could not be reached or refused (missing table, permission, unreachable). */
public class ClusterException extends SpgemmException {

  private static final long serialVersionUID = 1L;

  public ClusterException(String message, Throwable cause) {
    super(message, cause);
  }

  public ClusterException(String message) {
    super(message);
  }

  /** Table {@code table} does not exist (or vanished). */
  public static ClusterException noTable(String table, Throwable cause) {
    return new ClusterException("table " + table + " does not exist", cause);
  }

  /**
   * The error a tablet reported: a refusal (permission, consent, the cluster's set-up) is the
   * cluster's; anything else, such as a malformed value, is the input's.
   */
  static SpgemmException fromTablet(String why, boolean refused) {
    return refused ? new ClusterException(why) : new SpgemmException(why);
  }
}
