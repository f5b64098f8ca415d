package org.spgemm.pipeline;

import org.apache.accumulo.core.data.Key;
import org.spgemm.progress.BatchStats;

/**
 * A problem with the data or the set-up that the client must report to the user. The iterator
 * turns it into an error entry at {@link #at()} (a key inside the scanned range) instead of
 * failing the scan, so the message reaches the client intact.
 */
public final class BadInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;
  private final transient Key at;

  public BadInputException(String message, Key at) {
    super(message);
    this.at = at;
  }

  /** A refusal: permission, consent or cluster set-up, not the data ({@link BatchStats#REFUSED}). */
  public static BadInputException refusal(String why, Key at) {
    return new BadInputException(BatchStats.REFUSED + why, at);
  }

  public Key at() {
    return at;
  }
}
