package org.spgemm.partition.graph;

import java.util.Arrays;

/**
 * The gRRp partitioning model of C = A·B: an undirected bipartite graph with one vertex per row
 * of A and one per row of B (Demirci &amp; Aykanat 2019, Section 4).
 *
 * <ul>
 *   <li>Vertex u_i (id {@code i}, 0 &le; i &lt; nA) stands for row i of A and row i of C; vertex
 *       v_j (id {@code nA + j}, 0 &le; j &lt; nB) stands for row j of B. For C = A·A the same
 *       matrix gives both vertex sets: they are still separate vertices.
 *   <li>Each nonzero a(i,j) is an edge (u_i, v_j) whose cost is nnz(b_j), the number of B entries
 *       row i needs from row j. Cutting it means that many entries cross between parts.
 *   <li>Three weights per vertex, one per balance constraint: u_i has (nnz(a_i), 0, nnz(c_i)),
 *       v_j has (0, nnz(b_j), 0). Constraint {@link #W_A} balances storage of A, {@link #W_B}
 *       storage of B, {@link #W_C} the C rows each part writes.
 * </ul>
 *
 * <p>A is held once in CSR (row lists sorted ascending, no duplicates) together with its
 * transpose (for each B row j, the A rows that reference it), so memory is linear in
 * nA + nB + nnz(A). Instances are immutable; build them with {@link #fromCsr}.
 *
 * <p><b>Empty B rows.</b> If nnz(b_j) = 0, every edge (u_i, v_j) costs 0. {@link #toCsrGraph()}
 * leaves such edges out of the METIS input: a zero-cost edge adds nothing to the cut objective
 * and moves no data (b_j has nothing to fetch), so dropping it leaves the objective unchanged,
 * whereas clamping it to 1 would invent traffic that steers the partitioner. libmetis 5.1.0
 * accepted zero weights in a probe, but that is undocumented behaviour, so the METIS input never
 * contains them. The model itself keeps the nonzero: it still counts in nnz(a_i), and v_j keeps
 * its (zero) weights, so METIS may place it anywhere, which costs nothing.
 */
public final class BipartiteGraph {

  /** Number of balance constraints (weights per vertex). */
  public static final int NCON = 3;
  /** Constraint index of w1 = nnz(a_i) (A rows only). */
  public static final int W_A = 0;
  /** Constraint index of w2 = nnz(b_j) (B rows only). */
  public static final int W_B = 1;
  /** Constraint index of w3 = nnz(c_i) (A rows only). */
  public static final int W_C = 2;
  /**
   * Largest nnz(A) the model accepts: the METIS adjacency holds every edge twice in one
   * int-indexed array.
   */
  public static final int MAX_NNZ = (Integer.MAX_VALUE - 16) / 2;
  /** Largest nA + nB the model accepts: the METIS vertex weights hold NCON values per vertex. */
  public static final int MAX_VERTICES = (Integer.MAX_VALUE - 16) / NCON;

  private final int nA;
  private final int nB;
  private final int[] aRowPtr;
  private final int[] aColIdx;
  private final int[] bRowNnz;
  private final long[] cRowNnz;
  /** Transpose of A's pattern: for B row j, the A rows i with a(i,j) != 0, ascending. */
  private final int[] tColPtr;
  private final int[] tRowIdx;

  /** Takes ownership of the arrays; rows must already be sorted, unique and in range. */
  private BipartiteGraph(int nA, int nB, int[] aRowPtr, int[] aColIdx, int[] bRowNnz,
      long[] cRowNnz) {
    this.nA = nA;
    this.nB = nB;
    this.aRowPtr = aRowPtr;
    this.aColIdx = aColIdx;
    this.bRowNnz = bRowNnz;
    this.cRowNnz = cRowNnz;
    this.tColPtr = new int[nB + 1];
    int nnz = aRowPtr[nA];
    for (int k = 0; k < nnz; k++) {
      tColPtr[aColIdx[k] + 1]++;
    }
    for (int j = 0; j < nB; j++) {
      tColPtr[j + 1] += tColPtr[j];
    }
    this.tRowIdx = new int[nnz];
    int[] next = Arrays.copyOf(tColPtr, nB);
    for (int i = 0; i < nA; i++) {
      for (int k = aRowPtr[i]; k < aRowPtr[i + 1]; k++) {
        tRowIdx[next[aColIdx[k]]++] = i;
      }
    }
  }

  /**
   * The model of C = A·B from A's pattern in CSR and the row counts of B and C.
   *
   * @param nA number of rows of A (and of C)
   * @param aRowPtr CSR row pointers of A, length nA + 1, starting at 0, non-decreasing
   * @param aColIdx column indices of A; column j of A names row j of B, so 0 &le; j &lt; nB. Rows
   *     may be unsorted but must not repeat a column. Not modified.
   * @param nB number of rows of B
   * @param bRowNnz nnz(b_j) for each row of B, length nB, non-negative
   * @param cRowNnz nnz(c_i) for each row of C (from a symbolic multiply), length nA, non-negative;
   *     {@code null} when unknown, which makes w3 zero
   * @throws IllegalArgumentException naming the first problem found
   */
  public static BipartiteGraph fromCsr(int nA, int[] aRowPtr, int[] aColIdx, int nB,
      int[] bRowNnz, long[] cRowNnz) {
    checkSizes(nA, nB);
    if (aRowPtr == null || aColIdx == null) {
      throw new IllegalArgumentException("aRowPtr and aColIdx must not be null");
    }
    if (aRowPtr.length != nA + 1) {
      throw new IllegalArgumentException(
          "aRowPtr has length " + aRowPtr.length + ", expected nA + 1 = " + (nA + 1));
    }
    if (aRowPtr[0] != 0) {
      throw new IllegalArgumentException("aRowPtr[0] must be 0, got " + aRowPtr[0]);
    }
    int nnz = CsrPointers.checkNonDecreasing(aRowPtr, nA, "aRowPtr", "row", "nA",
        aColIdx.length, "aColIdx");
    checkNnz(nnz);
    int[] cols = Arrays.copyOf(aColIdx, nnz);
    for (int i = 0; i < nA; i++) {
      sortAndCheckRow(i, cols, aRowPtr[i], aRowPtr[i + 1], nB);
    }
    return new BipartiteGraph(nA, nB, aRowPtr.clone(), cols, checkBRowNnz(bRowNnz, nB),
        checkCRowNnz(cRowNnz, nA));
  }

  private static void checkSizes(int nA, int nB) {
    if (nA < 0 || nB < 0) {
      throw new IllegalArgumentException("row counts must be non-negative, got nA = " + nA
          + ", nB = " + nB);
    }
    if ((long) nA + nB > MAX_VERTICES) {
      throw new IllegalArgumentException("nA + nB = " + ((long) nA + nB)
          + " vertices exceed the model's limit of " + MAX_VERTICES
          + " (METIS vertex weights hold " + NCON + " values per vertex in one array)");
    }
  }

  private static void checkNnz(long nnz) {
    if (nnz > MAX_NNZ) {
      throw new IllegalArgumentException("nnz(A) = " + nnz + " exceeds the model's limit of "
          + MAX_NNZ + " (the METIS adjacency stores every edge twice)");
    }
  }

  /** Sorts cols[from, to) and rejects out-of-range or repeated columns of A row i. */
  private static void sortAndCheckRow(int i, int[] cols, int from, int to, int nB) {
    Arrays.sort(cols, from, to);
    for (int k = from; k < to; k++) {
      int j = cols[k];
      if (j < 0 || j >= nB) {
        throw new IllegalArgumentException("A row " + i + " has column " + j
            + ", outside the B rows 0.." + (nB - 1));
      }
      if (k > from && cols[k - 1] == j) {
        throw new IllegalArgumentException("A row " + i + " repeats column " + j);
      }
    }
  }

  private static int[] checkBRowNnz(int[] bRowNnz, int nB) {
    if (bRowNnz == null || bRowNnz.length != nB) {
      throw new IllegalArgumentException("bRowNnz must have length nB = " + nB + ", got "
          + (bRowNnz == null ? "null" : String.valueOf(bRowNnz.length)));
    }
    for (int j = 0; j < nB; j++) {
      if (bRowNnz[j] < 0) {
        throw new IllegalArgumentException("nnz of B row " + j + " is negative: " + bRowNnz[j]);
      }
    }
    return bRowNnz.clone();
  }

  private static long[] checkCRowNnz(long[] cRowNnz, int nA) {
    if (cRowNnz == null) {
      return new long[nA];
    }
    if (cRowNnz.length != nA) {
      throw new IllegalArgumentException("cRowNnz must have length nA = " + nA + ", got "
          + cRowNnz.length);
    }
    for (int i = 0; i < nA; i++) {
      if (cRowNnz[i] < 0) {
        throw new IllegalArgumentException("nnz of C row " + i + " is negative: " + cRowNnz[i]);
      }
    }
    return cRowNnz.clone();
  }

  /** Number of rows of A (and of C): the vertices 0..nA-1. */
  public int numARows() {
    return nA;
  }

  /** Number of rows of B: the vertices nA..nA+nB-1. */
  public int numBRows() {
    return nB;
  }

  /** nA + nB. */
  public int numVertices() {
    return nA + nB;
  }

  /** nnz(A), the number of edges of the model (including zero-cost ones). */
  public int nnzA() {
    return aRowPtr[nA];
  }

  /** nnz(a_i). */
  public int aRowNnz(int i) {
    checkARow(i);
    return aRowPtr[i + 1] - aRowPtr[i];
  }

  /** nnz(b_j), also the cost of every edge incident to v_j. */
  public int bRowNnz(int j) {
    checkBRow(j);
    return bRowNnz[j];
  }

  /** nnz(c_i) as given (0 when unknown). */
  public long cRowNnz(int i) {
    checkARow(i);
    return cRowNnz[i];
  }

  /** Start of row i's columns for {@link #aColumnAt}; row i is [aRowBegin(i), aRowEnd(i)). */
  public int aRowBegin(int i) {
    return aRowPtr[i];
  }

  /** End (exclusive) of row i's columns for {@link #aColumnAt}. */
  public int aRowEnd(int i) {
    return aRowPtr[i + 1];
  }

  /** The column (B row index) stored at position k of A's CSR; rows are sorted ascending. */
  public int aColumnAt(int k) {
    return aColIdx[k];
  }

  /** Start of the A rows referencing B row j for {@link #bReferenceAt}. */
  public int bRefBegin(int j) {
    return tColPtr[j];
  }

  /** End (exclusive) of the A rows referencing B row j. */
  public int bRefEnd(int j) {
    return tColPtr[j + 1];
  }

  /** The A row stored at position k of the transpose; each B row's list is ascending. */
  public int bReferenceAt(int k) {
    return tRowIdx[k];
  }

  /** Sum of all edge costs: the number of partial products (flops) of C = A·B. */
  public long totalEdgeCost() {
    long sum = 0;
    for (int k = 0, nnz = aRowPtr[nA]; k < nnz; k++) {
      sum += bRowNnz[aColIdx[k]];
    }
    return sum;
  }

  /** Number of edges with a positive cost, i.e. the undirected edges METIS sees. */
  private int positiveCostEdges() {
    int count = 0;
    for (int j = 0; j < nB; j++) {
      if (bRowNnz[j] > 0) {
        count += tColPtr[j + 1] - tColPtr[j];
      }
    }
    return count;
  }

  /**
   * The METIS input: CSR adjacency with both directions of each positive-cost edge, edge
   * weights = costs, and {@link #NCON} interleaved vertex weights. Adjacency lists are sorted
   * ascending. Zero-cost edges are left out (see the class comment).
   */
  public CsrGraph toCsrGraph() {
    int n = nA + nB;
    int m = positiveCostEdges();
    int[] xadj = new int[n + 1];
    int[] adjncy = new int[2 * m];
    int[] adjwgt = new int[2 * m];
    long[] vwgt = new long[n * NCON];
    int pos = 0;
    for (int i = 0; i < nA; i++) {
      for (int k = aRowPtr[i]; k < aRowPtr[i + 1]; k++) {
        int j = aColIdx[k];
        if (bRowNnz[j] > 0) {
          adjncy[pos] = nA + j;
          adjwgt[pos++] = bRowNnz[j];
        }
      }
      xadj[i + 1] = pos;
      vwgt[i * NCON + W_A] = aRowPtr[i + 1] - aRowPtr[i];
      vwgt[i * NCON + W_C] = cRowNnz[i];
    }
    for (int j = 0; j < nB; j++) {
      if (bRowNnz[j] > 0) {
        for (int k = tColPtr[j]; k < tColPtr[j + 1]; k++) {
          adjncy[pos] = tRowIdx[k];
          adjwgt[pos++] = bRowNnz[j];
        }
      }
      xadj[nA + j + 1] = pos;
      vwgt[(nA + j) * NCON + W_B] = bRowNnz[j];
    }
    return new CsrGraph(n, NCON, xadj, adjncy, vwgt, adjwgt);
  }

  private void checkARow(int i) {
    if (i < 0 || i >= nA) {
      throw new IndexOutOfBoundsException("A row " + i + " outside 0.." + (nA - 1));
    }
  }

  private void checkBRow(int j) {
    if (j < 0 || j >= nB) {
      throw new IndexOutOfBoundsException("B row " + j + " outside 0.." + (nB - 1));
    }
  }
}
