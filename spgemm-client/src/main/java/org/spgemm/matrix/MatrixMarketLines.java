package org.spgemm.matrix;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * The lines of one Matrix Market text as the parser sees them: a line counter, the current line
 * split on spaces and tabs, and the integer fields of the size line and the entries (counts and
 * 1-based indices), parsed without allocating. Every problem is a {@link MatrixMarketException}
 * naming the source and the current line.
 */
final class MatrixMarketLines {

  private static final int MAX_TOKENS = 8;

  private final BufferedReader in;
  private final String source;
  private long lineNo;
  private String line;
  // Token boundaries of the current line: token t is line[start[t], end[t]).
  private final int[] start = new int[MAX_TOKENS];
  private final int[] end = new int[MAX_TOKENS];
  private int tokens;

  MatrixMarketLines(BufferedReader in, String source) {
    this.in = in;
    this.source = source;
  }

  /** The problem, on the current line (line 1 before any line was read). */
  MatrixMarketException error(String problem) {
    return errorAt(lineNo, problem);
  }

  /** The problem, on the given line (line 1 for 0). */
  MatrixMarketException errorAt(long line, String problem) {
    return new MatrixMarketException(source, Math.max(line, 1), problem);
  }

  /** The 1-based number of the current line. */
  long lineNumber() {
    return lineNo;
  }

  /** Reads the next line without splitting it; false at end of input. */
  boolean nextLine() throws IOException {
    try {
      line = in.readLine();
    } catch (MatrixMarketException e) {
      throw e;
    } catch (IOException e) {
      throw new MatrixMarketException(source, lineNo, (lineNo > 0
          ? "reading stopped after this line: " : "cannot be read: ") + MatrixMarket.describe(e));
    }
    if (line == null) {
      return false;
    }
    lineNo++;
    return true;
  }

  /** Moves to the next line that is neither blank nor a comment, split; false at end of input. */
  boolean nextDataLine() throws IOException {
    while (nextLine()) {
      tokenize();
      if (tokens > 0 && line.charAt(start[0]) != '%') {
        return true;
      }
    }
    return false;
  }

  /** Whether the current line starts with {@code prefix}. */
  boolean startsWith(String prefix) {
    return line.startsWith(prefix);
  }

  /** Drops the first {@code n} characters of the current line, then splits it. */
  void skipAndTokenize(int n) {
    line = line.substring(n);
    tokenize();
  }

  /** Splits the current line on spaces and tabs; counts all tokens, records the first few. */
  void tokenize() {
    tokens = 0;
    int n = line.length();
    int i = 0;
    while (true) {
      while (i < n && isBlank(line.charAt(i))) {
        i++;
      }
      if (i >= n) {
        return;
      }
      int s = i;
      while (i < n && !isBlank(line.charAt(i))) {
        i++;
      }
      if (tokens < MAX_TOKENS) {
        start[tokens] = s;
        end[tokens] = i;
      }
      tokens++;
    }
  }

  private static boolean isBlank(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f';
  }

  /** Number of tokens on the current line (all of them, not only the recorded ones). */
  int tokens() {
    return tokens;
  }

  String token(int t) {
    return line.substring(start[t], end[t]);
  }

  /** Start (inclusive) of token t in the current line. */
  int start(int t) {
    return start[t];
  }

  /** End (exclusive) of token t in the current line. */
  int end(int t) {
    return end[t];
  }

  /** Character k of the current line. */
  char charAt(int k) {
    return line.charAt(k);
  }

  /**
   * Token t as a count in 0..max.
   *
   * @param what the count's name in the message ("row count")
   * @param limit what max is the limit of, for the message
   */
  long parseSize(int t, String what, long max, String limit) throws MatrixMarketException {
    long value = parseDigits(t, max);
    if (value == -1) {
      throw error(what + " '" + token(t) + "' is not a non-negative integer");
    }
    if (value == -2) {
      throw error(what + " " + token(t) + " is too large (at most " + max + ": the limit of "
          + limit + ")");
    }
    return value;
  }

  /** Token t as a 1-based index in 1..max, returned 0-based. */
  int parseIndex(int t, String what, int max) throws MatrixMarketException {
    long value = parseDigits(t, Integer.MAX_VALUE);
    if (value == -1) {
      throw error(what + " index '" + token(t) + "' is not an integer");
    }
    if (value == -2 || value < 1 || value > max) {
      throw error(what + " index " + token(t) + " out of range "
          + (max == 0 ? "(the matrix has no " + what + "s)" : "1.." + max));
    }
    return (int) (value - 1);
  }

  /**
   * Parses token t as an optionally '+'-signed run of ASCII digits without allocating. Returns -1
   * if it is not such a number, -2 if it exceeds max.
   */
  private long parseDigits(int t, long max) {
    int s = start[t];
    int e = end[t];
    if (line.charAt(s) == '+') {
      s++;
    }
    if (s == e) {
      return -1;
    }
    long value = 0;
    boolean tooLarge = false;
    for (int k = s; k < e; k++) {
      char ch = line.charAt(k);
      if (ch < '0' || ch > '9') {
        return -1;
      }
      if (!tooLarge) {
        value = value * 10 + (ch - '0');
        tooLarge = value > max;
      }
    }
    return tooLarge ? -2 : value;
  }
}
