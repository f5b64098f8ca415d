package org.spgemm.partition.plan;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON reader the plan file needs (RFC 8259), to avoid a dependency (plans are written by
 * {@link org.spgemm.json.JsonWriter}): a recursive-descent reader of the values a plan holds,
 * producing
 * {@code Map<String,Object>} (insertion ordered), {@code List<Object>}, {@code String},
 * {@code Long} (integers) or {@code Double} (numbers with a fraction or exponent). The literals
 * true, false and null never occur in a plan and are rejected.
 */
final class Json {

  private final Reader in;
  private int peeked = -2;
  private long offset;

  private Json(Reader in) {
    this.in = in;
  }

  /**
   * Reads one JSON value, which must be the whole input apart from white space.
   *
   * @throws IllegalArgumentException if the text is not valid JSON
   */
  static Object parse(Reader in) throws IOException {
    Json p = new Json(in);
    Object value = p.value();
    p.skipSpace();
    if (p.peek() != -1) {
      throw p.error("unexpected text after the JSON value");
    }
    return value;
  }

  private Object value() throws IOException {
    skipSpace();
    int c = peek();
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case -1:
        throw error("unexpected end of input");
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("unexpected character '" + (char) c + "'");
    }
  }

  private Map<String, Object> object() throws IOException {
    expect('{');
    Map<String, Object> map = new LinkedHashMap<>();
    skipSpace();
    if (peek() == '}') {
      next();
      return map;
    }
    while (true) {
      skipSpace();
      if (peek() != '"') {
        throw error("expected a string key");
      }
      String key = string();
      skipSpace();
      expect(':');
      if (map.containsKey(key)) {
        throw error("duplicate key \"" + key + "\"");
      }
      map.put(key, value());
      skipSpace();
      int c = next();
      if (c == '}') {
        return map;
      }
      if (c != ',') {
        throw error("expected ',' or '}' in an object");
      }
    }
  }

  private List<Object> array() throws IOException {
    expect('[');
    List<Object> list = new ArrayList<>();
    skipSpace();
    if (peek() == ']') {
      next();
      return list;
    }
    while (true) {
      list.add(value());
      skipSpace();
      int c = next();
      if (c == ']') {
        return list;
      }
      if (c != ',') {
        throw error("expected ',' or ']' in an array");
      }
    }
  }

  private String string() throws IOException {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      int c = next();
      if (c == -1) {
        throw error("unterminated string");
      }
      if (c == '"') {
        return sb.toString();
      }
      if (c < 0x20) {
        throw error("unescaped control character in a string");
      }
      if (c != '\\') {
        sb.append((char) c);
        continue;
      }
      int e = next();
      switch (e) {
        case '"':
        case '\\':
        case '/':
          sb.append((char) e);
          break;
        case 'b':
          sb.append('\b');
          break;
        case 'f':
          sb.append('\f');
          break;
        case 'n':
          sb.append('\n');
          break;
        case 'r':
          sb.append('\r');
          break;
        case 't':
          sb.append('\t');
          break;
        case 'u':
          int v = 0;
          for (int k = 0; k < 4; k++) {
            int h = Character.digit(next(), 16);
            if (h < 0) {
              throw error("bad \\u escape");
            }
            v = v * 16 + h;
          }
          sb.append((char) v);
          break;
        default:
          throw error("bad escape in a string");
      }
    }
  }

  private Object number() throws IOException {
    StringBuilder sb = new StringBuilder();
    boolean fraction = false;
    while (true) {
      int c = peek();
      if ((c >= '0' && c <= '9') || c == '-' || c == '+') {
        sb.append((char) next());
      } else if (c == '.' || c == 'e' || c == 'E') {
        fraction = true;
        sb.append((char) next());
      } else {
        break;
      }
    }
    String text = sb.toString();
    if (!text.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
      throw error("malformed number " + text);
    }
    try {
      return fraction ? (Object) Double.valueOf(text) : (Object) Long.valueOf(text);
    } catch (NumberFormatException e) {
      throw error("number out of range: " + text);
    }
  }

  private void expect(char c) throws IOException {
    if (next() != c) {
      throw error("expected '" + c + "'");
    }
  }

  private void skipSpace() throws IOException {
    int c;
    while ((c = peek()) == ' ' || c == '\t' || c == '\n' || c == '\r') {
      next();
    }
  }

  private int peek() throws IOException {
    if (peeked == -2) {
      peeked = in.read();
    }
    return peeked;
  }

  private int next() throws IOException {
    int c = peek();
    peeked = -2;
    if (c != -1) {
      offset++;
    }
    return c;
  }

  private IllegalArgumentException error(String message) {
    return new IllegalArgumentException("malformed JSON at character " + offset + ": " + message);
  }
}
