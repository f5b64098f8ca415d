package org.spgemm.partition.graph;

/**
 * An undirected graph in the CSR form METIS takes: the neighbours of vertex v are
 * {@code adjncy[xadj[v] .. xadj[v+1])}, every edge appears in both directions with the same
 * weight in {@code adjwgt}, and vertex v's {@code ncon} weights are
 * {@code vwgt[v*ncon .. v*ncon+ncon)} (interleaved). Numbering starts at 0.
 *
 * <p>This is a plain carrier: the arrays are shared, not copied, because they can be large (do
 * not modify them). The constructor only checks that they are present; {@code JMetis} validates
 * the whole structure before handing it to native code. {@code vwgt} and {@code adjwgt} may be
 * {@code null}, meaning unit weights as in METIS.
 *
 * @param nvtxs number of vertices
 * @param ncon number of weights per vertex (balance constraints), at least 1
 * @param xadj row pointers, length nvtxs + 1
 * @param adjncy neighbour lists
 * @param vwgt interleaved vertex weights, length nvtxs * ncon, or {@code null} for all 1
 * @param adjwgt edge weights parallel to adjncy, or {@code null} for all 1
 */
public record CsrGraph(int nvtxs, int ncon, int[] xadj, int[] adjncy, long[] vwgt,
    int[] adjwgt) {

  public CsrGraph {
    if (xadj == null || adjncy == null) {
      throw new IllegalArgumentException("xadj and adjncy must not be null");
    }
  }

  /** Number of adjacency entries, i.e. twice the number of undirected edges. */
  public int adjacencyLength() {
    return xadj[nvtxs];
  }

  /** Weight of vertex v under constraint c (1 if there are no vertex weights). */
  public long vertexWeight(int v, int c) {
    return vwgt == null ? 1 : vwgt[v * ncon + c];
  }
}
