package org.spgemm.partition.table;

/**
 * The cluster failed or refused while reading a table into the model or writing a re-keyed copy
 * (unreachable, permission denied, rejected mutations). Bad arguments, such as a missing source
 * table or an existing target, are {@link IllegalArgumentException}s instead.
 */
public class TablePartitionException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public TablePartitionException(String message, Throwable cause) {
    super(message, cause);
  }
}
