package org.spgemm.pipeline;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.data.ArrayByteSequence;

/** Numbers distinct byte strings densely, in the order first seen (Φ's B rows, visibilities). */
final class Interning {

  private Interning() {}

  /**
   * The id of {@code value}: its index in {@code values}, where it is appended (and its id
   * recorded in {@code ids}) when first seen. The array is kept, not copied.
   */
  static int id(byte[] value, List<byte[]> values, Map<ArrayByteSequence,Integer> ids) {
    ArrayByteSequence k = new ArrayByteSequence(value);
    Integer id = ids.get(k);
    if (id == null) {
      id = values.size();
      values.add(value);
      ids.put(k, id);
    }
    return id;
  }

  /**
   * {@code values} in unsigned byte order; {@code rank[id]} is set to the position of the value
   * numbered {@code id}.
   */
  static byte[][] sorted(List<byte[]> values, int[] rank) {
    int n = values.size();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Arrays.compareUnsigned(values.get(x), values.get(y)));
    byte[][] out = new byte[n][];
    for (int r = 0; r < n; r++) {
      rank[order[r]] = r;
      out[r] = values.get(order[r]);
    }
    return out;
  }
}
