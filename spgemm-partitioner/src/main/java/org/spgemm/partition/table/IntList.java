package org.spgemm.partition.table;

import java.util.Arrays;

/** A growable int array. */
final class IntList {
  private int[] a;
  private int n;

  IntList(int capacity) {
    a = new int[Math.max(4, capacity)];
  }

  void add(int v) {
    if (n == a.length) {
      a = Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 16L, a.length * 2L));
    }
    a[n++] = v;
  }

  int get(int i) {
    return a[i];
  }

  void set(int i, int v) {
    a[i] = v;
  }

  int size() {
    return n;
  }

  int[] toArray() {
    return Arrays.copyOf(a, n);
  }
}
