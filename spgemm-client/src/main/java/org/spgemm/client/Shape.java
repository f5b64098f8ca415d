package org.spgemm.client;

import java.util.Map;
import org.apache.accumulo.core.data.Value;
import org.spgemm.job.JobRecord;

/**
 * The shape of a numeric matrix stored in a family of M, recorded by the loader so a multiply can
 * refuse mismatched shapes and C can be read back in original indices.
 */
public record Shape(int rows, int cols, long nnz, int keyWidth) {


  Value encode() {
    return JobRecord.encode(Map.of("rows", Integer.toString(rows), "cols", Integer.toString(cols),
        "nnz", Long.toString(nnz), "keyWidth", Integer.toString(keyWidth)));
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
