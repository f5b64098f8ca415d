package org.spgemm.partition.metis;

/** METIS returned an error code, or a result that cannot be right. */
public class MetisException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final int code;

  public MetisException(int code, String message) {
    super(message);
    this.code = code;
  }

  public MetisException(String message, Throwable cause) {
    super(message, cause);
    this.code = 0;
  }

  /** The METIS return code ({@code METIS_ERROR_*}), or 0 if the error did not come from one. */
  public int code() {
    return code;
  }

  /** The name of a METIS return code, e.g. {@code METIS_ERROR_INPUT} for -2. */
  public static String codeName(int code) {
    switch (code) {
      case JMetis.METIS_OK:
        return "METIS_OK";
      case JMetis.METIS_ERROR_INPUT:
        return "METIS_ERROR_INPUT";
      case JMetis.METIS_ERROR_MEMORY:
        return "METIS_ERROR_MEMORY";
      case JMetis.METIS_ERROR:
        return "METIS_ERROR";
      default:
        return "unknown METIS return code " + code;
    }
  }
}
