package org.spgemm.progress;

import java.util.HexFormat;

/**
 * One C file a piece of engine bulk wrote: its name in the job's directory and its first and
 * last row, which the client's load plan needs. Travels in {@link BatchStats#file} as {@code name
 * firstRow lastRow}, rows in hex.
 */
public record CFile(String name, byte[] firstRow, byte[] lastRow) {

  private static final HexFormat HEX = HexFormat.of();

  String encode() {
    return name + " " + HEX.formatHex(firstRow) + " " + HEX.formatHex(lastRow);
  }

  static CFile decode(String text) {
    String[] p = text.split(" ");
    if (p.length != 3) {
      throw new IllegalArgumentException("not a C file (name firstRow lastRow): " + text);
    }
    return new CFile(p[0], HEX.parseHex(p[1]), HEX.parseHex(p[2]));
  }
}
