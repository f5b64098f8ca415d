package org.spgemm.partition.table;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.spgemm.partition.plan.PartitionPlan;

/** Split points that cut each part of a plan into tablets of about equal nnz(A). */
final class PartSplits {

  private PartSplits() {}

  /**
   * The split points inside each part that cut it, at A row keys, into up to {@code n} tablets
   * of about equal nnz(A): for t = 1..n-1, the A row boundary nearest to t/n of the part's nnz(A)
   * (rows in Accumulo's key order). A boundary is never repeated and never follows the part's
   * last A row, so a part with few A rows or one heavy row gets fewer tablets; a part without A
   * entries gets none. Each split point is the new key of the last A row of the lower tablet.
   * B rows of the part fall into whichever tablet their key sorts to; every tablet keeps
   * the part's prefix, so the part balancer places it on the part's server.
   *
   * @param aNnz nnz(a_i) per A row of the plan
   */
  static List<String> inner(PartitionPlan plan, long[] aNnz, int n) {
    if (aNnz.length != plan.numARows()) {
      throw new IllegalArgumentException(aNnz.length + " row counts for " + plan.numARows()
          + " A rows");
    }
    List<String> out = new ArrayList<>();
    if (n < 2) {
      return out;
    }
    List<List<Integer>> rowsOf = new ArrayList<>();
    for (int p = 0; p < plan.parts(); p++) {
      rowsOf.add(new ArrayList<>());
    }
    for (int i = 0; i < plan.numARows(); i++) {
      rowsOf.get(plan.aPart(i)).add(i);
    }
    for (List<Integer> rows : rowsOf) {
      Map<Integer,byte[]> key = new HashMap<>();
      rows.forEach(i -> key.put(i, plan.aRowKey(i).getBytes(StandardCharsets.UTF_8)));
      rows.sort((x, y) -> Arrays.compareUnsigned(key.get(x), key.get(y)));
      long total = 0;
      for (int i : rows) {
        total += aNnz[i];
      }
      if (total == 0) {
        continue;
      }
      int lastCut = -1;
      int t = 1;
      long cum = 0;
      for (int q = 0; q < rows.size() - 1 && t < n; q++) {
        long before = cum;
        cum += aNnz[rows.get(q)];
        while (t < n && cum * n >= t * total) {
          // boundary after row q-1 (nnz before) or after row q (cum): the nearer to t/n
          boolean earlier = q - 1 > lastCut && t * total - before * n < cum * n - t * total;
          int cut = earlier ? q - 1 : q;
          if (cut > lastCut) {
            out.add(plan.newARowKey(rows.get(cut)));
            lastCut = cut;
          }
          t++;
        }
      }
    }
    return out;
  }
}
