package org.spgemm.client;

/**
 * The two argument checks the API and the command line share, so that every refusal reads the
 * same: "table must not be null", "threads must be between 1 and 256, not 100000". Each throws
 * {@link InvalidOptionException} naming the argument (a command-line flag when the caller is the
 * command line).
 */
public final class Arguments {

  private Arguments() {}

  /** {@code value}, unless it is null. */
  public static <T> T notNull(String name, T value) {
    if (value == null) {
      throw new InvalidOptionException(name + " must not be null");
    }
    return value;
  }

  /** {@code value}, unless it lies outside [{@code min}, {@code max}]. */
  public static long between(String name, long value, long min, long max) {
    if (value < min || value > max) {
      throw new InvalidOptionException(name + " must be between " + min + " and " + max
          + ", not " + value);
    }
    return value;
  }

  /** As {@link #between(String, long, long, long)} for an int. */
  public static int between(String name, int value, int min, int max) {
    return (int) between(name, (long) value, min, (long) max);
  }
}
