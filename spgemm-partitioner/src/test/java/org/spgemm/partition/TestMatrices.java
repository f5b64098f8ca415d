package org.spgemm.partition;

import java.util.Arrays;
import java.util.Random;
import org.spgemm.partition.graph.BipartiteGraph;

/** Sparse patterns for the partitioner tests, built in CSR. */
public final class TestMatrices {

  /** A square pattern in CSR. */
  public static final class Pattern {
    public final int n;
    public final int[] rowPtr;
    public final int[] colIdx;

    Pattern(int n, int[] rowPtr, int[] colIdx) {
      this.n = n;
      this.rowPtr = rowPtr;
      this.colIdx = colIdx;
    }
  }

  private TestMatrices() {}

  /** A pattern from CSR arrays (rows sorted). */
  public static Pattern pattern(int n, int[] rowPtr, int[] colIdx) {
    return new Pattern(n, rowPtr, colIdx);
  }

  /** The 7-point 3-D Poisson stencil pattern on a g×g×g grid (rows sorted). */
  public static Pattern poisson7(int g) {
    int n = g * g * g;
    int[] rowPtr = new int[n + 1];
    int[] cols = new int[7 * n];
    int nnz = 0;
    for (int z = 0; z < g; z++) {
      for (int y = 0; y < g; y++) {
        for (int x = 0; x < g; x++) {
          int row = x + g * (y + g * z);
          if (z > 0) {
            cols[nnz++] = row - g * g;
          }
          if (y > 0) {
            cols[nnz++] = row - g;
          }
          if (x > 0) {
            cols[nnz++] = row - 1;
          }
          cols[nnz++] = row;
          if (x < g - 1) {
            cols[nnz++] = row + 1;
          }
          if (y < g - 1) {
            cols[nnz++] = row + g;
          }
          if (z < g - 1) {
            cols[nnz++] = row + g * g;
          }
          rowPtr[row + 1] = nnz;
        }
      }
    }
    return new Pattern(n, rowPtr, Arrays.copyOf(cols, nnz));
  }

  /** P·A·Pᵀ for a random permutation P: row perm[i] of the result is row i of A. */
  public static Pattern permuteSymmetric(Pattern a, long seed) {
    int n = a.n;
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    Random rnd = new Random(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    int[] inv = new int[n];
    for (int i = 0; i < n; i++) {
      inv[perm[i]] = i;
    }
    int[] rowPtr = new int[n + 1];
    for (int r = 0; r < n; r++) {
      int i = inv[r];
      rowPtr[r + 1] = rowPtr[r] + a.rowPtr[i + 1] - a.rowPtr[i];
    }
    int[] cols = new int[a.colIdx.length];
    for (int r = 0; r < n; r++) {
      int i = inv[r];
      int k = rowPtr[r];
      for (int e = a.rowPtr[i]; e < a.rowPtr[i + 1]; e++) {
        cols[k++] = perm[a.colIdx[e]];
      }
      Arrays.sort(cols, rowPtr[r], k);
    }
    return new Pattern(n, rowPtr, cols);
  }

  /** nnz of each row of C = A·B from the patterns (B given by its CSR over the rows of B). */
  public static long[] symbolicRowNnz(int nA, int[] aRowPtr, int[] aColIdx, int[] bRowPtr,
      int[] bColIdx, int bCols) {
    long[] out = new long[nA];
    int[] mark = new int[bCols];
    Arrays.fill(mark, -1);
    for (int i = 0; i < nA; i++) {
      long count = 0;
      for (int e = aRowPtr[i]; e < aRowPtr[i + 1]; e++) {
        int j = aColIdx[e];
        for (int f = bRowPtr[j]; f < bRowPtr[j + 1]; f++) {
          if (mark[bColIdx[f]] != i) {
            mark[bColIdx[f]] = i;
            count++;
          }
        }
      }
      out[i] = count;
    }
    return out;
  }

  /** The model of C = A·A for a square pattern, with exact nnz(c_i). */
  public static BipartiteGraph squareModel(Pattern a) {
    long[] c = symbolicRowNnz(a.n, a.rowPtr, a.colIdx, a.rowPtr, a.colIdx, a.n);
    return squareGraph(a.n, a.rowPtr, a.colIdx, c);
  }

  /** The model of C = A·A: B is A itself, so nnz(b_j) is the length of row j of A. */
  public static BipartiteGraph squareGraph(int n, int[] rowPtr, int[] colIdx, long[] cRowNnz) {
    int[] rowNnz = new int[n];
    for (int i = 0; i < n; i++) {
      rowNnz[i] = rowPtr[i + 1] - rowPtr[i];
    }
    return BipartiteGraph.fromCsr(n, rowPtr, colIdx, n, rowNnz, cRowNnz);
  }

  /** Fixed-width decimal keys 0..n-1, as numeric loaders write them. */
  public static String[] decimalKeys(int n) {
    int width = Math.max(1, Integer.toString(Math.max(0, n - 1)).length());
    String[] keys = new String[n];
    for (int i = 0; i < n; i++) {
      keys[i] = String.format("%0" + width + "d", i);
    }
    return keys;
  }
}
