package org.spgemm.cli;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.spgemm.client.Algorithms;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.SpGEMM;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.GraphAlgorithms;
import org.spgemm.matrix.Multigrid;
import org.spgemm.matrix.SparseMatrix;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The algorithm subcommands: each a sequence of multiplies in the tablet servers. */
final class AlgorithmCommands {

  private AlgorithmCommands() {}

  /** The undirected simple graph of {@code a} (A and B: loaded once, as family A). */
  private static SparseMatrix[] undirected(SparseMatrix a) {
    SparseMatrix g = GraphAlgorithms.undirected(a);
    return new SparseMatrix[] {g, g};
  }

  @Command(name = "triangles", mixinStandardHelpOptions = true, description = "Counts the"
      + " triangles of the undirected simple graph of G (made symmetric, self-loops ignored):"
      + " C<L> = L*L over PLUS_PAIR with L its strict lower triangle; prints 'triangles: N'.")
  static final class Triangles extends AlgorithmCommand {
    @Override
    void check(MultiplyOptions.Builder base) {
      Algorithms.checkTriangles(TableLayout.A_FAMILY, COUNTS, base);
    }

    @Override
    SparseMatrix[] inputs(SparseMatrix a) {
      SparseMatrix l = lower(GraphAlgorithms.undirected(a));
      return new SparseMatrix[] {l, l};
    }

    @Override
    Map<String,Object> run(Workflow w, MultiplyOptions.Builder base, Algorithms.Steps steps,
        SparseMatrix a) {
      count = Algorithms.triangles(w.client, w.table, TableLayout.A_FAMILY, COUNTS, base, steps);
      out.println("triangles: " + count);
      return Map.of("triangles", count);
    }

    /** Family of each edge's triangle count. */
    private static final String COUNTS = "T";

    @Override
    boolean requiresOut() {
      return false;
    }

    @Override
    Map<String,Object> runOnTable(Workflow w, MultiplyOptions.Builder base,
        Algorithms.Steps steps) {
      // C<G> = G*G over the whole symmetric G: each triangle is formed once per ordered edge
      String counts = aFamily + "_" + COUNTS;
      long products = Algorithms.triangles(w.client, w.table, aFamily, counts, base, steps);
      out.println("triangles: " + products / 6 + " (family '" + counts + "' of table " + w.table
          + " holds each edge's count)");
      return Map.of("triangles", products / 6);
    }

    private long count;

    @Override
    String verify(SparseMatrix a) {
      long expected = GraphAlgorithms.triangles(a);
      return expected == count ? null : "the reference counts " + expected;
    }

    private static SparseMatrix lower(SparseMatrix g) {
      int[] r = new int[g.nnz()];
      int[] c = new int[g.nnz()];
      long[] v = new long[g.nnz()];
      int n = 0;
      for (int i = 0; i < g.rows(); i++) {
        for (int p = g.rowStart(i); p < g.rowEnd(i) && g.colAt(p) < i; p++) {
          r[n] = i;
          c[n] = g.colAt(p);
          v[n++] = 1;
        }
      }
      return SparseMatrix.fromCoordinates(g.rows(), g.cols(), r, c, v, n);
    }
  }

  @Command(name = "ktruss", mixinStandardHelpOptions = true, description = "The k-truss of the"
      + " undirected simple graph of G: rounds of C<C> = select(C*C >= k-2) over PLUS_PAIR until"
      + " no edge drops; writes its edges with their support.")
  static final class Ktruss extends AlgorithmCommand {
    @Option(names = "--k", required = true, description = "k (at least 3)")
    int k;

    @Option(names = "--out", paramLabel = "T.mtx", description = "where the result is written; required with --a (with --a-family: the result family as TSV triples, optional)")
    void setOutFile(Path file) {
      outFile = file;
    }

    @Override
    void check(MultiplyOptions.Builder base) {
      Algorithms.checkKtruss(TableLayout.A_FAMILY, k, base);
    }

    @Override
    SparseMatrix[] inputs(SparseMatrix a) {
      return undirected(a);
    }

    @Override
    Map<String,Object> run(Workflow w, MultiplyOptions.Builder base, Algorithms.Steps steps,
        SparseMatrix a) throws Exception {
      String f = Algorithms.ktruss(w.client, w.table, TableLayout.A_FAMILY, k, base, steps);
      SparseMatrix t = save(w, f, a.rows(), a.cols());
      out.printf("%d-truss: %d edges (%d entries) written to %s%n", k, t.nnz() / 2, t.nnz(),
          outFile);
      return Map.of("k", k, "edges", t.nnz() / 2);
    }

    @Override
    String verify(SparseMatrix a) {
      return differences(GraphAlgorithms.ktruss(a, k), saved);
    }

    @Override
    Map<String,Object> runOnTable(Workflow w, MultiplyOptions.Builder base,
        Algorithms.Steps steps) throws Exception {
      String f = Algorithms.ktruss(w.client, w.table, aFamily, k, base, steps);
      out.printf("%d-truss: family '%s' of table %s%n", k, f, w.table);
      exportTsv(w, f);
      return Map.of("k", k, "family", f);
    }
  }

  @Command(name = "jaccard", mixinStandardHelpOptions = true, description = "Jaccard"
      + " coefficients J = c / (d_i + d_j - c) of every pair i<j of vertices of the undirected"
      + " graph of G that share c > 0 neighbours, all in the tablet servers (degrees, D*G, G*D,"
      + " triu(A'*B') over MAX_PLUS, triu(G*G) over PLUS_PAIR, minus and div accumulators).")
  static final class Jaccard extends AlgorithmCommand {
    @Option(names = "--out", paramLabel = "J.mtx", description = "where the result is written; required with --a (with --a-family: the result family as TSV triples, optional)")
    void setOutFile(Path file) {
      outFile = file;
    }

    /** Family of J. */
    private static final String J = "J";

    @Override
    void check(MultiplyOptions.Builder base) {
      Algorithms.checkJaccard(TableLayout.A_FAMILY, J, base);
    }

    @Override
    SparseMatrix[] inputs(SparseMatrix a) {
      return undirected(a);
    }

    @Override
    Map<String,Object> run(Workflow w, MultiplyOptions.Builder base, Algorithms.Steps steps,
        SparseMatrix a) throws Exception {
      int n = a.rows();
      Algorithms.jaccard(w.client, w.table, TableLayout.A_FAMILY, J, w.keys, n, base, steps);
      SparseMatrix jac = save(w, J, n, n);
      out.printf("Jaccard: %d pairs written to %s%n", jac.nnz(), outFile);
      return Map.of("pairs", jac.nnz());
    }

    @Override
    String verify(SparseMatrix a) {
      return differences(GraphAlgorithms.jaccard(a), saved);
    }

    @Override
    Map<String,Object> runOnTable(Workflow w, MultiplyOptions.Builder base,
        Algorithms.Steps steps) throws Exception {
      String j = aFamily + "_" + J;
      Algorithms.jaccard(w.client, w.table, aFamily, j, base, steps);
      out.printf("Jaccard: family '%s' of table %s%n", j, w.table);
      exportTsv(w, j);
      return Map.of("family", j);
    }
  }

  @Command(name = "bfs", mixinStandardHelpOptions = true, description = "BFS levels from a"
      + " source over the edges i->j of G: per level q<!v> = q*G over ANY_PAIR on a frontier"
      + " row; writes 'vertex level' (1-based vertex, source at level 0) for every reached"
      + " vertex.")
  static final class Bfs extends AlgorithmCommand {
    @Option(names = "--source", required = true, paramLabel = "V", description = "source"
        + " vertex: 1-based with --a, its row key with --a-family")
    String sourceText;

    /** The 1-based source of the file mode. */
    int source;

    @Option(names = "--parents", description = "write each reached vertex's BFS parent instead"
        + " of its level (the smallest parent on the previous level; the source is its own)")
    boolean parents;

    @Override
    boolean outRequiredOnTable() {
      return true;
    }

    @Override
    Map<String,Object> runOnTable(Workflow w, MultiplyOptions.Builder base,
        Algorithms.Steps steps) throws Exception {
      Map<String,Integer> levels = Algorithms.bfs(w.client, w.table, aFamily, sourceText, base,
          steps);
      int depth = 0;
      try (BufferedWriter bw = Files.newBufferedWriter(outFile, StandardCharsets.UTF_8)) {
        for (Map.Entry<String,Integer> e : levels.entrySet()) {
          bw.write(e.getKey() + "\t" + e.getValue() + "\n");
          depth = Math.max(depth, e.getValue());
        }
      }
      out.printf("BFS from '%s': %d vertices reached, %d levels; written to %s (frontiers in"
          + " families '%s_q*' of table %s)%n", sourceText, levels.size(), depth, outFile,
          aFamily, w.table);
      return Map.of("reached", levels.size(), "depth", depth);
    }

    @Option(names = "--out", paramLabel = "levels.txt", description = "where the result is written; required with --a (with --a-family: the result family as TSV triples, optional)")
    void setOutFile(Path file) {
      outFile = file;
    }

    @Override
    void check(MultiplyOptions.Builder base) {
      if (!tableMode()) {
        try {
          source = Integer.parseInt(sourceText.trim());
        } catch (NumberFormatException e) {
          throw new UsageException("--source " + sourceText + " is not a vertex number (with --a"
              + " they are numbered from 1; a key needs --a-family)");
        }
      }
      if (!tableMode() && source < 1) {
        throw new UsageException("--source " + source + " is not a vertex (they are numbered"
            + " from 1)");
      }
      if (parents && tableMode()) {
        throw new UsageException("--parents needs --a (on a table with --a-family, bfs writes"
            + " each vertex key's level)");
      }
      Algorithms.checkBfs(TableLayout.A_FAMILY, base);
    }

    @Override
    SparseMatrix[] inputs(SparseMatrix a) {
      if (a.rows() != a.cols()) {
        throw new UsageException("bfs needs a square matrix, not " + a.rows() + "x" + a.cols());
      }
      if (source < 1 || source > a.rows()) {
        throw new UsageException("--source " + source + " is not a vertex of G (1.."
            + a.rows() + ")");
      }
      return new SparseMatrix[] {a, a};
    }

    @Override
    Map<String,Object> run(Workflow w, MultiplyOptions.Builder base, Algorithms.Steps steps,
        SparseMatrix a) throws Exception {
      if (parents) {
        level = Algorithms.bfsParents(w.client, w.table, TableLayout.A_FAMILY, source - 1,
            a.rows(), w.keys, base, steps);
      } else {
        level = Algorithms.bfs(w.client, w.table, TableLayout.A_FAMILY, source - 1,
            a.rows(), w.keys, base, steps);
      }
      int reached = 0;
      int depth = 0;
      try (BufferedWriter bw = Files.newBufferedWriter(outFile, StandardCharsets.UTF_8)) {
        for (int v = 0; v < level.length; v++) {
          if (level[v] >= 0) {
            // --parents: "vertex parent", both 1-based (the source is its own parent)
            bw.write((v + 1) + " " + (parents ? level[v] + 1 : level[v]) + "\n");
            reached++;
            depth = Math.max(depth, level[v]);
          }
        }
      }
      if (parents) {
        out.printf("BFS parents from %d: %d vertices reached; written to %s%n", source, reached,
            outFile);
        return Map.of("reached", reached);
      }
      out.printf("BFS from %d: %d vertices reached, %d levels; written to %s%n", source,
          reached, depth, outFile);
      return Map.of("reached", reached, "depth", depth);
    }

    private int[] level;

    @Override
    String verify(SparseMatrix a) {
      int[] expected = parents ? GraphAlgorithms.bfsParents(a, source - 1)
          : GraphAlgorithms.bfsLevels(a, source - 1);
      for (int v = 0; v < expected.length; v++) {
        if (expected[v] != level[v]) {
          return "vertex " + (v + 1) + (parents ? " has parent " : " at level ") + level[v]
              + ", the reference says " + expected[v];
        }
      }
      return null;
    }
  }

  @Command(name = "galerkin", mixinStandardHelpOptions = true, description = "The AMG coarse"
      + " operator P'*A*P: AP = A*P, then P'*AP with P' written by a server-side transpose.")
  static final class Galerkin extends AlgorithmCommand {
    @Option(names = "--p", paramLabel = "P.mtx", description = "the prolongation P (Matrix"
        + " Market); required with --a")
    Path pFile;

    @Option(names = "--p-family", paramLabel = "F", description = "P is family F of --table"
        + " (with --a-family)")
    String pFamily;

  @Option(names = "--semiring", paramLabel = "NAME",
      completionCandidates = MultiplyOptionsMixin.SemiringNames.class,
      description = MultiplyOptionsMixin.SEMIRING_HELP)
  void setSemiring(String name) {
    multiply.semiring = name;
  }


    @Option(names = "--out", paramLabel = "C.mtx", description = "where the result is written; required with --a (with --a-family: the result family as TSV triples, optional)")
    void setOutFile(Path file) {
      outFile = file;
    }

    @Override
    void check(MultiplyOptions.Builder base) {
      if (tableMode() ? pFamily == null || pFile != null : pFile == null || pFamily != null) {
        throw new UsageException(tableMode() ? "galerkin --a-family needs --p-family (P as a"
            + " family of --table), not --p" : "galerkin --a needs --p FILE (P), not --p-family");
      }
      Algorithms.checkGalerkin(TableLayout.A_FAMILY, TableLayout.B_FAMILY, TableLayout.C_FAMILY,
          base);
    }

    @Override
    Map<String,Object> runOnTable(Workflow w, MultiplyOptions.Builder base,
        Algorithms.Steps steps) throws Exception {
      String c = aFamily + "_PtAP";
      Algorithms.galerkin(w.client, w.table, aFamily, pFamily, c, base, steps);
      out.printf("P'AP: family '%s' of table %s%n", c, w.table);
      exportTsv(w, c);
      return Map.of("family", c);
    }

    @Override
    SparseMatrix[] inputs(SparseMatrix a) throws Exception {
      SparseMatrix p = readInput(pFile, "P");
      FileChecks.checkShapes("A", a, aFile, "P", p, pFile);
      return new SparseMatrix[] {a, p};
    }

    @Override
    Path inputFile(int k) {
      return k == 1 ? pFile : aFile;
    }

    @Override
    Map<String,Object> run(Workflow w, MultiplyOptions.Builder base, Algorithms.Steps steps,
        SparseMatrix a) throws Exception {
      Algorithms.galerkin(w.client, w.table, TableLayout.A_FAMILY, TableLayout.B_FAMILY,
          TableLayout.C_FAMILY, base, steps);
      int m = MatrixStore.shape(w.client, w.table, TableLayout.B_FAMILY).orElseThrow().cols();
      SparseMatrix c = save(w, TableLayout.C_FAMILY, m, m);
      out.printf("P'AP: %dx%d, %d nonzeros, written to %s%n", m, m, c.nnz(), outFile);
      return Map.of("rows", m, "nnz", c.nnz());
    }

    @Override
    String verify(SparseMatrix a) throws Exception {
      SparseMatrix p = readInput(pFile, "P");
      return differences(Multigrid.galerkin(a, p), saved);
    }
  }

  @Command(name = "transpose", mixinStandardHelpOptions = true, description = "A' by a"
      + " server-side transpose (family A^T of M), written as Matrix Market.")
  static final class Transpose extends AlgorithmCommand {
    @Option(names = "--out", paramLabel = "AT.mtx", description = "where the result is written; required with --a (with --a-family: the result family as TSV triples, optional)")
    void setOutFile(Path file) {
      outFile = file;
    }

    @Override
    void check(MultiplyOptions.Builder base) {
      // one server-side transpose with the codec of --codec: the options built are all it uses
    }

    @Override
    SparseMatrix[] inputs(SparseMatrix a) {
      return new SparseMatrix[] {a, SparseMatrix.empty(a.cols(), 1)};
    }

    @Override
    Map<String,Object> run(Workflow w, MultiplyOptions.Builder base, Algorithms.Steps steps,
        SparseMatrix a) throws Exception {
      String t = TableLayout.transposed(TableLayout.A_FAMILY);
      steps.add("A' (transpose)", SpGEMM.transpose(w.client, w.table, TableLayout.A_FAMILY, t,
          w.codec.name()));
      SparseMatrix at = save(w, t, a.cols(), a.rows());
      out.printf("A': %dx%d, %d nonzeros, written to %s%n", at.rows(), at.cols(), at.nnz(),
          outFile);
      return Map.of("nnz", at.nnz());
    }

    @Override
    String verify(SparseMatrix a) {
      return differences(a.transpose(), saved);
    }

    @Override
    Map<String,Object> runOnTable(Workflow w, MultiplyOptions.Builder base,
        Algorithms.Steps steps) throws Exception {
      String t = TableLayout.transposed(aFamily);
      steps.add("A' (transpose)", SpGEMM.transpose(w.client, w.table, aFamily, t,
          w.codec.name()));
      out.printf("A': family '%s' of table %s%n", t, w.table);
      exportTsv(w, t);
      return Map.of("family", t);
    }
  }
}
