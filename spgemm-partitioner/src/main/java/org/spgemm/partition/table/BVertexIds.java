package org.spgemm.partition.table;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps column keys of A to B rows of the model. A key naming a stored B row gets that row's
 * index (0, 1, ... in key order); a key naming no stored B row is a "phantom" and gets -1, -2,
 * ... in order of first appearance. {@link #merge} then places the phantoms among the stored
 * rows in key order and renumbers A's columns to the merged positions.
 */
final class BVertexIds {

  /** The model's B rows: keys ascending and nnz (phantoms weigh 0). */
  record Merged(String[] keys, int[] nnz) {}

  private final List<String> stored;
  private final Map<String,Integer> storedIds;
  private final Map<String,Integer> phantomIds = new HashMap<>();
  private final List<String> phantoms = new ArrayList<>();

  /** @param stored the stored B row keys, ascending */
  BVertexIds(List<String> stored) {
    this.stored = stored;
    this.storedIds = new HashMap<>(stored.size() * 4 / 3 + 16);
    for (int j = 0; j < stored.size(); j++) {
      storedIds.put(stored.get(j), j);
    }
  }

  /** The id of the B row that an A column key names, making it a phantom if none is stored. */
  int idOf(String key) {
    Integer j = storedIds.get(key);
    if (j == null) {
      j = phantomIds.get(key);
      if (j == null) {
        phantoms.add(key);
        j = -phantoms.size();
        phantomIds.put(key, j);
      }
    }
    return j;
  }

  /** Column keys of A that name no stored B row. */
  int phantoms() {
    return phantoms.size();
  }

  /**
   * Merges the phantoms into the stored rows in Accumulo's key order and rewrites the ids in
   * {@code cols} to positions among the merged rows.
   *
   * @param storedNnz nnz of each stored B row
   */
  Merged merge(int[] storedNnz, int[] cols) {
    if (phantoms.isEmpty()) {
      return new Merged(stored.toArray(new String[0]), storedNnz);
    }
    byte[][] pBytes = new byte[phantoms.size()][];
    Integer[] order = new Integer[phantoms.size()];
    for (int p = 0; p < order.length; p++) {
      pBytes[p] = utf8(phantoms.get(p));
      order[p] = p;
    }
    Arrays.sort(order, (x, y) -> Arrays.compareUnsigned(pBytes[x], pBytes[y]));
    String[] keys = new String[stored.size() + phantoms.size()];
    int[] nnz = new int[keys.length];
    int[] storedTo = new int[stored.size()];
    int[] phantomTo = new int[phantoms.size()];
    int s = 0;
    int p = 0;
    byte[] sBytes = stored.isEmpty() ? null : utf8(stored.get(0));
    for (int out = 0; out < keys.length; out++) {
      if (p == order.length || (sBytes != null
          && Arrays.compareUnsigned(sBytes, pBytes[order[p]]) < 0)) {
        keys[out] = stored.get(s);
        nnz[out] = storedNnz[s];
        storedTo[s++] = out;
        sBytes = s < stored.size() ? utf8(stored.get(s)) : null;
      } else {
        keys[out] = phantoms.get(order[p]);
        phantomTo[order[p++]] = out;
      }
    }
    for (int q = 0; q < cols.length; q++) {
      cols[q] = cols[q] >= 0 ? storedTo[cols[q]] : phantomTo[-cols[q] - 1];
    }
    return new Merged(keys, nnz);
  }

  private static byte[] utf8(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
