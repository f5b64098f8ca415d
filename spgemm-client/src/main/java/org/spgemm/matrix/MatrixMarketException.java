package org.spgemm.matrix;

import java.io.IOException;

/**
 * A Matrix Market file that cannot be read. The message is one line, {@code source:line: problem},
 * so a CLI can print it as is and an editor can jump to the line; a problem with the file itself
 * (missing, a directory, not gzip data) has line 0 and reads {@code source: problem}.
 */
public class MatrixMarketException extends IOException {

  private static final long serialVersionUID = 1L;

  private final String source;
  private final long line;
  private final String problem;

  public MatrixMarketException(String source, long line, String problem) {
    super(line > 0 ? source + ":" + line + ": " + problem : source + ": " + problem);
    this.source = source;
    this.line = line;
    this.problem = problem;
  }

  /** The file name (or other source name) given to the reader. */
  public String source() {
    return source;
  }

  /** The 1-based line number the problem was found on, or 0 for the file as a whole. */
  public long line() {
    return line;
  }

  /** The problem without the source and line prefix. */
  public String problem() {
    return problem;
  }
}
