package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.matrix.GraphAlgorithms;
import org.spgemm.matrix.MatrixComparison;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.Multigrid;
import org.spgemm.matrix.ReferenceMxm;
import org.spgemm.matrix.SparseMatrix;

/**
 * A new user's walk on data already in Accumulo (issue 24, item 1): a D4M-style TSV with string
 * keys is loaded into the empty family, then multiply (plain and masked), bfs, ktruss and jaccard
 * run on that table by families, and export writes the results; every result is compared entry
 * by entry with the in-memory references on the same graph numbered by its sorted keys.
 */
@ClusterTest
class CliTablesIT extends CliOnSharedCluster {

  /** An undirected graph on string vertices: two triangles sharing an edge, a tail, a 4-clique. */
  private static final String[][] EDGES = {{"alice", "bob"}, {"alice", "carol"},
      {"bob", "carol"}, {"bob", "dave"}, {"carol", "dave"}, {"dave", "erin"}, {"erin", "frank"},
      {"gina", "hal"}, {"gina", "ivan"}, {"gina", "judy"}, {"hal", "ivan"}, {"hal", "judy"},
      {"ivan", "judy"}, {"frank", "gina"}};

  private static final TreeMap<String,Integer> KEYS = new TreeMap<>();

  static {
    for (String[] e : EDGES) {
      KEYS.put(e[0], 0);
      KEYS.put(e[1], 0);
    }
    int i = 0;
    for (Map.Entry<String,Integer> k : KEYS.entrySet()) {
      k.setValue(i++);
    }
  }

  /** The graph G as the references take it: symmetric, values 1..., numbered by sorted key. */
  private static SparseMatrix graph() {
    int n = EDGES.length * 2;
    int[] r = new int[n];
    int[] c = new int[n];
    double[] v = new double[n];
    for (int k = 0; k < EDGES.length; k++) {
      int a = KEYS.get(EDGES[k][0]);
      int b = KEYS.get(EDGES[k][1]);
      r[2 * k] = a;
      c[2 * k] = b;
      r[2 * k + 1] = b;
      c[2 * k + 1] = a;
      v[2 * k] = k + 1;
      v[2 * k + 1] = k + 1;
    }
    return SparseMatrix.fromCoordinates(KEYS.size(), KEYS.size(), r, c, v, n);
  }

  private static String tsv(SparseMatrix m) {
    List<String> keys = new ArrayList<>(KEYS.keySet());
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < m.rows(); i++) {
      for (int p = m.rowStart(i); p < m.rowEnd(i); p++) {
        s.append(keys.get(i)).append('\t').append(keys.get(m.colAt(p))).append('\t')
            .append((long) m.valueAt(p)).append('\n');
      }
    }
    return s.toString();
  }

  /** A TSV (row, col, value) file read back, numbered by {@link #KEYS}. */
  private static SparseMatrix readTsv(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    int[] r = new int[lines.size()];
    int[] c = new int[lines.size()];
    double[] v = new double[lines.size()];
    for (int k = 0; k < lines.size(); k++) {
      String[] f = lines.get(k).split("\t");
      assertEquals(3, f.length, lines.get(k));
      r[k] = KEYS.get(f[0]);
      c[k] = KEYS.get(f[1]);
      v[k] = Double.parseDouble(f[2]);
    }
    return SparseMatrix.fromCoordinates(KEYS.size(), KEYS.size(), r, c, v, lines.size());
  }

  private static void assertSame(SparseMatrix expected, SparseMatrix actual) {
    MatrixComparison c = MatrixComparison.compare(expected, actual, 1e-9);
    assertTrue(c.equal(), String.join("; ", c.firstDifferences()));
  }

  @Test
  void everyCommandOnTheEmptyFamilyOfOneTable() throws IOException {
    String t = "clitables";
    SparseMatrix g = graph();
    Path gTsv = file("g.tsv", tsv(g));
    String out = succeed(t, "load", "--in", gTsv.toString(), "--family", "");
    assertTrue(out.contains("loaded " + g.nnz() + " entries of " + gTsv + " into family '' of"
        + " table " + t + " (created)"), out);

    // C = G*G into family C2
    out = succeed(t, "multiply", "--a-family", "", "--c-family", "C2");
    assertTrue(out.contains("C is family 'C2' of table " + t), out);
    SparseMatrix expected = ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES,
        g, g, false, Domain.FP64);
    assertSame(expected, exportTsv(t, "C2"));

    // C<M> = G*G with the mask in family M (a structural mask of some pairs)
    SparseMatrix mask = SparseMatrix.fromCoordinates(KEYS.size(), KEYS.size(),
        new int[] {0, 1, 3, 7, 8}, new int[] {0, 3, 1, 8, 9}, new double[] {1, 1, 1, 1, 1}, 5);
    succeed(t, "load", "--in", file("mask.tsv", tsv(mask)).toString(), "--family", "M");
    succeed(t, "multiply", "--a-family", "", "--mask-family", "M", "--mask-structure",
        "--c-family", "CM");
    assertSame(ReferenceMxm.mxm(null, mask, MaskMode.STRUCTURE, false, null,
        Semirings.PLUS_TIMES, g, g, false, Domain.FP64), exportTsv(t, "CM"));

    // BFS from a vertex given by its key
    Path levels = dir.resolve("levels.tsv");
    out = succeed(t, "bfs", "--a-family", "", "--source", "alice", "--out", levels.toString());
    int[] ref = GraphAlgorithms.bfsLevels(g, KEYS.get("alice"));
    Map<String,Integer> got = new TreeMap<>();
    for (String line : Files.readAllLines(levels)) {
      String[] f = line.split("\t");
      got.put(f[0], Integer.parseInt(f[1]));
    }
    Map<String,Integer> want = new TreeMap<>();
    KEYS.forEach((k, i) -> {
      if (ref[i] >= 0) {
        want.put(k, ref[i]);
      }
    });
    assertEquals(want, got, out);

    // k-truss and Jaccard of the pattern, written by --out as TSV
    Path truss = dir.resolve("truss.tsv");
    out = succeed(t, "ktruss", "--a-family", "", "--k", "4", "--out", truss.toString());
    assertTrue(out.contains("4-truss: family '_k"), out);
    SparseMatrix refTruss = GraphAlgorithms.ktruss(g, 4);
    assertTrue(refTruss.nnz() > 0, "the 4-clique is a 4-truss");
    assertSame(refTruss, readTsv(truss));
    Path jac = dir.resolve("jaccard.tsv");
    succeed(t, "jaccard", "--a-family", "", "--out", jac.toString());
    assertSame(GraphAlgorithms.jaccard(g), readTsv(jac));

    // triangles of G, and the transpose of the (unsymmetric) mask family
    out = succeed(t, "triangles", "--a-family", "");
    assertTrue(out.contains("triangles: " + GraphAlgorithms.triangles(g) + " "), out);
    Path mt = dir.resolve("mt.tsv");
    out = succeed(t, "transpose", "--a-family", "M", "--out", mt.toString());
    assertTrue(out.contains("A': family 'M^T' of table " + t), out);
    assertSame(mask.transpose(), readTsv(mt));

    // export as Matrix Market with its key map, and as TSV: the loaded graph comes back
    Path mtx = dir.resolve("g.mtx");
    out = succeed(t, "export", "--family", "", "--out", mtx.toString());
    assertTrue(out.contains("key map " + mtx + ".keys"), out);
    assertEquals(new ArrayList<>(KEYS.keySet()), Files.readAllLines(dir.resolve("g.mtx.keys")));
    assertSame(g, MatrixMarket.read(mtx));
    Path c2 = dir.resolve("c2.mtx");
    succeed(t, "export", "--family", "C2", "--out", c2.toString());
    assertEquals(new ArrayList<>(KEYS.keySet()), Files.readAllLines(dir.resolve("c2.mtx.keys")),
        "G*G of this graph reaches every vertex");
    assertSame(expected, MatrixMarket.read(c2));
    // kept for docs/python.md's check (target/ is build output)
    Path keep = Path.of("target", "cli-tables-export");
    Files.createDirectories(keep);
    for (String f : List.of("g.mtx", "g.mtx.keys", "c2.mtx", "c2.mtx.keys")) {
      Files.copy(dir.resolve(f), keep.resolve(f), StandardCopyOption.REPLACE_EXISTING);
    }
    Files.copy(dir.resolve(t + "-C2.tsv"), keep.resolve("c2.tsv"),
        StandardCopyOption.REPLACE_EXISTING);
  }

  /** The file-based command and the table command agree (ktruss, k = 3). */
  @Test
  void tableAndFileCommandsAgree() throws IOException {
    String t = "clitables2";
    SparseMatrix g = graph();
    // split by the triples of the file: 28 triples (each edge twice) in 3 tablets of about 9
    succeed(t, "load", "--in", file("g2.tsv", tsv(g)).toString(), "--family", "", "--tablets",
        "3");
    List<String> splits = splits(t);
    assertEquals(2, splits.size(), splits::toString);
    for (String row : List.of(splits.get(0), splits.get(1))) {
      assertTrue(KEYS.containsKey(row), row);
    }
    Path fromTable = dir.resolve("k3-table.tsv");
    succeed(t, "ktruss", "--a-family", "", "--k", "3", "--out", fromTable.toString());
    Path gMtx = write("g2.mtx", g);
    Path fromFile = dir.resolve("k3-file.mtx");
    succeed("clitables3", "ktruss", "--a", gMtx.toString(), "--k", "3", "--out",
        fromFile.toString());
    assertSame(MatrixMarket.read(fromFile), readTsv(fromTable));
  }

  /** The split points of {@code table}. */
  private static List<String> splits(String table) {
    try (AccumuloClient client = SharedCluster.client()) {
      return client.tableOperations().listSplits(table).stream().map(Text::toString).toList();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** galerkin on families loaded from Matrix Market (numeric keys), P'AP written as TSV. */
  @Test
  void galerkinOnFamilies() throws IOException {
    String t = "clitables4";
    SparseMatrix a = SparseMatrix.fromCoordinates(5, 5, new int[] {0, 0, 1, 1, 2, 3, 3, 4, 4},
        new int[] {0, 1, 0, 1, 2, 3, 4, 3, 4}, new double[] {4, -1, -1, 4, 2, 3, -1, -1, 3}, 9);
    SparseMatrix p = SparseMatrix.fromCoordinates(5, 2, new int[] {0, 1, 2, 2, 3, 4},
        new int[] {0, 0, 0, 1, 1, 1}, new double[] {1, 1, 0.5, 0.5, 1, 1}, 6);
    succeed(t, "load", "--in", write("ga.mtx", a).toString(), "--family", "A", "--tablets", "2");
    assertEquals(List.of("2"), splits(t)); // rows 0-2 and 3-4, keys one digit wide
    // --tablets on a table that exists: refused before anything is written
    Path gp = write("gp.mtx", p);
    Object[] refused = onCluster(t, "load", "--in", gp.toString(), "--family", "P", "--tablets",
        "2");
    assertEquals(ExitCode.USAGE.code, (int) refused[0], (String) refused[1]);
    assertTrue(((String) refused[1]).contains("--tablets 2: table " + t + " exists"),
        (String) refused[1]);
    try (AccumuloClient client = SharedCluster.client()) {
      assertTrue(stored(client, t, "P").isEmpty());
    }
    succeed(t, "load", "--in", gp.toString(), "--family", "P");
    Path c = dir.resolve("ptap.tsv");
    String out = succeed(t, "galerkin", "--a-family", "A", "--p-family", "P", "--out",
        c.toString());
    assertTrue(out.contains("P'AP: family 'A_PtAP' of table " + t), out);
    List<String> lines = Files.readAllLines(c);
    int[] r = new int[lines.size()];
    int[] col = new int[lines.size()];
    double[] v = new double[lines.size()];
    for (int k = 0; k < lines.size(); k++) {
      String[] f = lines.get(k).split("\t");
      r[k] = Integer.parseInt(f[0]); // the fixed-width decimal keys of a Matrix Market load
      col[k] = Integer.parseInt(f[1]);
      v[k] = Double.parseDouble(f[2]);
    }
    assertSame(Multigrid.galerkin(a, p), SparseMatrix.fromCoordinates(2, 2, r, col, v,
        lines.size()));
  }

  @Test
  void partitionOnTheEmptyFamilyOfATableWithStringKeys() throws IOException {
    String t = "clitables5";
    SparseMatrix g = graph();
    Path g4 = file("g4.tsv", tsv(g));
    succeed(t, "load", "--in", g4.toString(), "--family", "");
    succeed(t, "load", "--in", g4.toString(), "--family", "GB"); // gRRp re-keys B on its own
    String out = succeed(t, "partition", "--a-family", "", "--b-family", "GB", "--parts", "2",
        "--multiply", "--target", t + "_g");
    SparseMatrix expected = ReferenceMxm.mxm(null, null, null, false, null, Semirings.PLUS_TIMES,
        g, g, false, Domain.FP64);
    assertTrue(out.contains("nnz(C): gRRp " + expected.nnz() + ", RRp " + expected.nnz()), out);
    assertSame(expected, exportTsv(t, "C"));
  }

  private static SparseMatrix exportTsv(String table, String family) throws IOException {
    Path p = dir.resolve(table + "-" + family + ".tsv");
    succeed(table, "export", "--family", family, "--out", p.toString());
    return readTsv(p);
  }
}
