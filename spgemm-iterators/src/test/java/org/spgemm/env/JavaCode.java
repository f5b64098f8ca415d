package org.spgemm.env;

/** Java source text with its comments and literals blanked, for matching names in code. */
final class JavaCode {

  private enum State { CODE, LINE_COMMENT, BLOCK_COMMENT, STRING, CHAR, TEXT_BLOCK }

  private JavaCode() {}

  /**
   * The source with every character of a comment, string, text block or char literal replaced
   * by a space, except line breaks: line i of the result is line i of the source.
   */
  static String withoutCommentsAndLiterals(String source) {
    StringBuilder out = new StringBuilder(source.length());
    State state = State.CODE;
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      State next = state;
      int skip = 0; // further characters that belong to the token just recognised
      switch (state) {
        case CODE -> {
          if (source.startsWith("//", i)) {
            next = State.LINE_COMMENT;
          } else if (source.startsWith("/*", i)) {
            next = State.BLOCK_COMMENT;
            skip = 1;
          } else if (source.startsWith("\"\"\"", i)) {
            next = State.TEXT_BLOCK;
            skip = 2;
          } else if (c == '"') {
            next = State.STRING;
          } else if (c == '\'') {
            next = State.CHAR;
          }
        }
        case LINE_COMMENT -> next = c == '\n' ? State.CODE : state;
        case BLOCK_COMMENT -> {
          if (source.startsWith("*/", i)) {
            next = State.CODE;
            skip = 1;
          }
        }
        case TEXT_BLOCK, STRING, CHAR -> {
          String end = state == State.TEXT_BLOCK ? "\"\"\"" : state == State.STRING ? "\"" : "'";
          if (c == '\\') {
            skip = 1;
          } else if (source.startsWith(end, i)) {
            next = State.CODE;
            skip = end.length() - 1;
          }
        }
      }
      boolean blank = state != State.CODE || next != State.CODE;
      for (int k = i; k <= i + skip && k < source.length(); k++) {
        char ch = source.charAt(k);
        out.append(blank && ch != '\n' ? ' ' : ch);
      }
      i += skip;
      state = next;
    }
    return out.toString();
  }
}
