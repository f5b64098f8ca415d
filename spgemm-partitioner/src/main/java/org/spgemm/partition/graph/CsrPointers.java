package org.spgemm.partition.graph;

/** The check every CSR pointer array needs, with messages that name the caller's arrays. */
public final class CsrPointers {

  private CsrPointers() {}

  /**
   * Checks that the pointers {@code ptr[0..n]} never decrease from one {@code unit} (row,
   * vertex) to the next and that the last one fits an index array of {@code indexLength}.
   *
   * @param ptrName the name of {@code ptr} in messages, e.g. "xadj"
   * @param countName the name of {@code n} in messages, e.g. "nvtxs"
   * @param indexName the name of the index array in messages, e.g. "adjncy"
   * @return {@code ptr[n]}, the number of indices the pointers cover
   * @throws IllegalArgumentException naming the first problem found
   */
  public static int checkNonDecreasing(int[] ptr, int n, String ptrName, String unit,
      String countName, int indexLength, String indexName) {
    for (int i = 0; i < n; i++) {
      if (ptr[i + 1] < ptr[i]) {
        throw new IllegalArgumentException(ptrName + " decreases at " + unit + " " + i + ": "
            + ptr[i] + " then " + ptr[i + 1]);
      }
    }
    int last = ptr[n];
    if (last > indexLength) {
      throw new IllegalArgumentException(ptrName + "[" + countName + "] = " + last + " exceeds "
          + indexName + ".length = " + indexLength);
    }
    return last;
  }
}
