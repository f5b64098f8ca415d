package org.spgemm.pipeline;

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
}
