package org.spgemm.client;

import java.util.HashMap;
import java.util.Map;
import org.apache.accumulo.core.data.Value;
import org.spgemm.job.JobRecord;

/**
 * The shape of a numeric matrix stored in a family of M, recorded by the loader so a multiply can
 * refuse mismatched shapes and C can be read back in original indices.
 */
public record Shape(int rows, int cols, long nnz, int keyWidth) {


  Value encode() {
    return encode(-1);
  }

  /**
   * The record, with the sum over rows of the squared row length when known ({@code rowSquares}
   * not negative): what the loader knows, so that a multiply can tell from the records alone
   * whether the files' summaries may decide its engine (a hub row).
   */
  Value encode(long rowSquares) {
    Map<String,String> m = new HashMap<>(Map.of("rows", Integer.toString(rows), "cols",
        Integer.toString(cols), "nnz", Long.toString(nnz), "keyWidth",
        Integer.toString(keyWidth)));
    if (rowSquares >= 0) {
      m.put(ROW_SQUARES, Long.toString(rowSquares));
    }
    return JobRecord.encode(m);
  }

  private static final String ROW_SQUARES = "rowSquares";

  /** The sum of squared row lengths the record {@code v} holds, or -1 when it has none. */
  static long rowSquares(Value v) {
    String s = JobRecord.decode(v).get(ROW_SQUARES);
    try {
      return s == null ? -1 : Long.parseLong(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  static Shape decode(Value v) {
    Map<String,String> m = JobRecord.decode(v);
    return new Shape(Integer.parseInt(m.get("rows")), Integer.parseInt(m.get("cols")),
        Long.parseLong(m.get("nnz")), Integer.parseInt(m.get("keyWidth")));
  }

  @Override
  public String toString() {
    return rows + "x" + cols;
  }
}
