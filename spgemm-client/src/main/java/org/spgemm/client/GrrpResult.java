package org.spgemm.client;

import java.util.LinkedHashMap;
import java.util.Map;
import org.spgemm.partition.table.ApplyResult;

/**
 * What one gRRp multiply did ({@link TablePlan#multiply}): where the re-keyed copy went, how
 * writing it went, and the multiply on it. Its C is in the copy, in part-prefixed keys; {@link
 * Partitioner#readC} reads it in original ones.
 */
public record GrrpResult(String table, ApplyResult applied, long applyNanos,
    MultiplyResult multiply) {

  /** The multiply's JSON tree ({@link MultiplyResult#toMap()}) with the copy and apply time. */
  public Map<String,Object> toMap() {
    Map<String,Object> m = new LinkedHashMap<>();
    m.put("rekeyedTable", table);
    m.put("applySeconds", applyNanos / 1e9);
    m.put("balanced", applied.balanced());
    m.put("multiply", multiply.toMap());
    return m;
  }
}
