package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.algebra.MaskMode;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;

/**
 * Graph and multigrid algorithms written as sequences of {@link SpGEMM#multiply} calls on the
 * matrices of one table: all matrix algebra runs in the tablet servers; the client holds at most
 * small vectors (a BFS frontier, degrees). Every call records the multiplies it made in {@link
 * Steps}, for {@code --stats}.
 */
public final class Algorithms {

  /** The multiplies one algorithm made, in order, and their total time. */
  public static final class Steps {
    public final List<Map<String,Object>> multiplies = new ArrayList<>();
    public long nanos;

    public MultiplyResult add(String what, MultiplyResult r) {
      notNull("result", r);
      Map<String,Object> m = new LinkedHashMap<>();
      m.put("step", what);
      m.putAll(r.toMap());
      multiplies.add(m);
      nanos += r.wallNanos();
      return r;
    }
  }

  private Algorithms() {}

  /**
   * Checks the arguments of {@link #triangles} without touching the cluster: its multiply's
   * options are built, so a conflict in {@code base} (such as a mask in another table with the
   * scan engine) is refused here.
   *
   * @throws InvalidOptionException naming the argument or option
   */
  public static void checkTriangles(String l, String out, MultiplyOptions.Builder base) {
    trianglesStep(base, l, out);
  }

  /**
   * Triangles of an undirected graph whose strict lower triangle L is family {@code l}:
   * C&lt;L&gt; = L·L over PLUS_PAIR. Each triangle i &gt; k &gt; j forms exactly one product
   * inside the mask, and masked-out products are never formed, so the count is the number of
   * partial products (C itself, in family {@code out}, holds each edge's triangle count).
   */
  public static long triangles(AccumuloClient client, String table, String l, String out,
      MultiplyOptions.Builder base, Steps steps) {
    MultiplyOptions step = trianglesStep(base, l, out);
    check(client, table, steps);
    return steps.add("C<L> = L*L (PLUS_PAIR)", SpGEMM.multiply(client, table, step))
        .partialProducts();
  }

  private static MultiplyOptions trianglesStep(MultiplyOptions.Builder base, String l,
      String out) {
    return base(base).semiring("PLUS_PAIR").families(notNull("l", l), l, notNull("out", out))
        .mask(l, MaskMode.STRUCTURE, false).replace().build();
  }

  /**
   * Checks the arguments of {@link #ktruss} without touching the cluster: k, and the options of
   * its rounds.
   *
   * @throws InvalidOptionException naming the argument or option
   */
  public static void checkKtruss(String g, int k, MultiplyOptions.Builder base) {
    ktrussRound(base, notNull("g", g), g + "_k1", k);
  }

  /**
   * The k-truss of an undirected graph (symmetric, no self-loops) in family {@code g}: repeats
   * C&lt;C&gt; = select(C·C ≥ k-2) over PLUS_PAIR, each round into a new family, until a round
   * drops no edge. Returns the family holding the truss, each edge's value its support. The
   * rounds' families ({@code g + "_k1"}, ...) are scratch: an earlier run's are cleared at the
   * start, and the graph is digested once before the first round and once after the last.
   */
  public static String ktruss(AccumuloClient client, String table, String g, int k,
      MultiplyOptions.Builder base, Steps steps) {
    checkKtruss(g, k, base);
    check(client, table, steps);
    String cur = g;
    long nnz = MatrixStore.shape(client, table, g).map(Shape::nnz).orElse(-1L);
    AlgorithmRun run = AlgorithmRun.start(client, table, List.of(g), numbered(g + "_k", ""),
        List.of(), base(base).build());
    for (int round = 1;; round++) {
      String next = g + "_k" + round;
      MultiplyResult r = steps.add("C<C> = select(C*C >= " + (k - 2) + ") round " + round,
          SpGEMM.multiply(client, table, ktrussRound(base, cur, next, k), run));
      if (r.nnzC() == nnz || r.nnzC() == 0) {
        run.finish();
        return next;
      }
      nnz = r.nnzC();
      cur = next;
    }
  }

  private static MultiplyOptions ktrussRound(MultiplyOptions.Builder base, String cur,
      String next, int k) {
    if (k < 3) {
      throw new InvalidOptionException("k must be at least 3, not " + k + " (the k-truss keeps"
          + " the edges in at least k-2 triangles)");
    }
    return base(base).semiring("PLUS_PAIR").families(cur, cur, next)
        .mask(cur, MaskMode.STRUCTURE, false).replace().select("valuege:" + (k - 2)).build();
  }

  /**
   * Checks the arguments of {@link #jaccard} that need no data, without touching the cluster:
   * the families and the options of its seven multiplies.
   *
   * @throws InvalidOptionException naming the argument or option
   */
  public static void checkJaccard(String g, String out, MultiplyOptions.Builder base) {
    jaccardSteps(base, g, out);
  }

  /**
   * Jaccard coefficients J(i,j) = c / (d_i + d_j - c) of every pair i &lt; j of an undirected
   * graph (family {@code g}, n vertices) with c &gt; 0 common neighbours, into family {@code out},
   * all in the tablet servers; the client holds only the degree vector. Degrees d = G·1; A' =
   * D·G and B' = G·D carry d_i and d_j (D = diag(d)); S = triu(A'·B') over MAX_PLUS is d_i + d_j
   * on the pairs that share a neighbour, and S -= triu(G·G) over PLUS_PAIR makes it d_i + d_j - c;
   * J = triu(G·G) is c, and J /= S·I divides. Scratch families start with {@code out + "_"}.
   */
  public static void jaccard(AccumuloClient client, String table, String g, String out,
      KeyFormat keys, int n, MultiplyOptions.Builder base, Steps steps) {
    Iterator<Map.Entry<String,MultiplyOptions>> step =
        jaccardSteps(base, g, out).entrySet().iterator();
    check(client, table, steps);
    notNull("keys", keys);
    Arguments.between("n", n, 0, Integer.MAX_VALUE);
    String p = out + "_";
    AlgorithmRun run = startJaccard(client, table, g, out, base);
    double[] one = new double[n];
    java.util.Arrays.fill(one, 1);
    MatrixStore.load(client, table, p + "1", column(one), keys, ValueCodecs.DECIMAL);
    run(client, table, step.next(), steps, run);
    SparseMatrix d = MatrixStore.read(client, table, p + "d", n, 1, ValueCodecs.DECIMAL);
    double[] deg = new double[n];
    for (int i = 0; i < n; i++) {
      deg[i] = d.get(i, 0).orElse(0);
    }
    MatrixStore.load(client, table, p + "D", diagonal(deg), keys, ValueCodecs.DECIMAL);
    MatrixStore.load(client, table, p + "I", diagonal(one), keys, ValueCodecs.DECIMAL);
    while (step.hasNext()) {
      run(client, table, step.next(), steps, run);
    }
    run.finish();
  }

  /**
   * Starts a Jaccard run on graph {@code g}: its scratch families ({@code out} and {@code out +
   * "_"} followed by one of Jaccard's names) are emptied once here; the client itself writes
   * {@code _1}, {@code _D} and {@code _I} (no step clears them).
   */
  private static AlgorithmRun startJaccard(AccumuloClient client, String table, String g,
      String out, MultiplyOptions.Builder base) {
    String p = out + "_";
    Set<String> scratch = new HashSet<>(List.of(out));
    for (String f : List.of("1", "d", "D", "I", "a", "b", "s", "g")) {
      scratch.add(p + f);
    }
    return AlgorithmRun.start(client, table, List.of(g), scratch::contains,
        List.of(p + "1", p + "D", p + "I"), base(base).build());
  }

  /**
   * As {@link #jaccard(AccumuloClient, String, String, String, KeyFormat, int,
   * MultiplyOptions.Builder, Steps)} on a family whose keys are any strings (as D4M writes them)
   * and whose values are any: the vertices are the row keys of {@code g} (read once; the client
   * holds them and their degrees), and the pattern of {@code g} is written first by one more
   * multiply, G·I over PLUS_PAIR.
   */
  public static void jaccard(AccumuloClient client, String table, String g, String out,
      MultiplyOptions.Builder base, Steps steps) {
    checkJaccard(g, out, base);
    check(client, table, steps);
    String p = out + "_";
    AlgorithmRun run = startJaccard(client, table, g, out, base);
    java.util.SortedSet<String> vertices = Triples.rowKeys(client, table, g);
    List<Triples.Entry> one = new ArrayList<>();
    List<Triples.Entry> ident = new ArrayList<>();
    for (String v : vertices) {
      one.add(Triples.of(v, "0", 1));
      ident.add(Triples.of(v, v, 1));
    }
    Triples.write(client, table, p + "I", ident, ValueCodecs.DECIMAL);
    // the pattern of G (values 1), as the file mode loads it: a table's values are any
    String pattern = p + "g";
    steps.add("G1 = G*I (PLUS_PAIR, the pattern)", SpGEMM.multiply(client, table,
        base(base).semiring("PLUS_PAIR").families(g, p + "I", pattern).build(), run));
    Iterator<Map.Entry<String,MultiplyOptions>> step =
        jaccardSteps(base, pattern, out).entrySet().iterator();
    Triples.write(client, table, p + "1", one, ValueCodecs.DECIMAL);
    run(client, table, step.next(), steps, run);
    List<Triples.Entry> diag = new ArrayList<>();
    for (Triples.Entry d : Triples.read(client, table, p + "d", ValueCodecs.DECIMAL)) {
      diag.add(Triples.of(d.row(), d.row(), d.value()));
    }
    Triples.write(client, table, p + "D", diag, ValueCodecs.DECIMAL);
    while (step.hasNext()) {
      run(client, table, step.next(), steps, run);
    }
    run.finish();
  }

  /** The multiplies of {@link #jaccard}, in order, by what --stats calls them. */
  private static Map<String,MultiplyOptions> jaccardSteps(MultiplyOptions.Builder base, String g,
      String out) {
    notNull("g", g);
    String p = notNull("out", out) + "_";
    Map<String,MultiplyOptions> s = new LinkedHashMap<>();
    s.put("d = G*1", base(base).semiring("PLUS_PAIR").families(g, p + "1", p + "d").build());
    s.put("A' = D*G", base(base).semiring("PLUS_TIMES").families(p + "D", g, p + "a").build());
    s.put("B' = G*D", base(base).semiring("PLUS_TIMES").families(g, p + "D", p + "b").build());
    s.put("S = triu(A'*B') (MAX_PLUS)", base(base).semiring("MAX_PLUS")
        .families(p + "a", p + "b", p + "s").select("triu").build());
    s.put("S -= triu(G*G) (PLUS_PAIR)", base(base).semiring("PLUS_PAIR").families(g, g, p + "s")
        .select("triu").accum("minus").build());
    s.put("J = triu(G*G) (PLUS_PAIR)", base(base).semiring("PLUS_PAIR").families(g, g, out)
        .select("triu").build());
    s.put("J /= S*I", base(base).semiring("PLUS_TIMES").families(p + "s", p + "I", out)
        .accum("div").build());
    if (s.values().stream().anyMatch(o -> o.engine().scans() && o.readsC())) {
      throw new InvalidOptionException("jaccard accumulates into families it wrote before"
          + " (S -= ..., J /= ...), which the scan engine cannot (it writes C beside what is"
          + " there); use the auto or compaction engine");
    }
    return s;
  }

  /** The n x 1 column holding {@code v}. */
  private static SparseMatrix column(double[] v) {
    int n = v.length;
    int[] r = new int[n];
    for (int i = 0; i < n; i++) {
      r[i] = i;
    }
    return SparseMatrix.fromCoordinates(n, 1, r, new int[n], v.clone(), n);
  }

  /** diag(v), n x n. */
  private static SparseMatrix diagonal(double[] v) {
    int n = v.length;
    int[] r = new int[n];
    for (int i = 0; i < n; i++) {
      r[i] = i;
    }
    return SparseMatrix.fromCoordinates(n, n, r, r.clone(), v.clone(), n);
  }

  /**
   * Checks the arguments of {@link #bfs} that need no data, without touching the cluster: the
   * family and the options of its level multiplies.
   *
   * @throws InvalidOptionException naming the argument or option
   */
  public static void checkBfs(String g, MultiplyOptions.Builder base) {
    bfsLevel(base, notNull("g", g) + "_q0", g, g + "_q1", g + "_v");
  }

  /**
   * BFS levels from vertex {@code source} over the directed edges of family {@code g}: the
   * frontier is row {@code source} of a family, and each level is q&lt;¬v&gt; = q·G over
   * ANY_PAIR, masked by the visited vertices (kept in the same row of family {@code g + "_v"}).
   * Returns the level of every vertex, -1 where unreached.
   */
  public static int[] bfs(AccumuloClient client, String table, String g, int source, int n,
      KeyFormat keys, MultiplyOptions.Builder base, Steps steps) {
    checkBfs(g, base);
    check(client, table, steps);
    notNull("keys", keys);
    Arguments.between("n", n, 1, Integer.MAX_VALUE);
    Arguments.between("source", source, 0, n - 1);
    int[] level = new int[n];
    java.util.Arrays.fill(level, -1);
    level[source] = 0;
    String visited = g + "_v";
    String frontier = g + "_q0";
    AlgorithmRun run = startBfs(client, table, g, visited, g + "_q", "", frontier, base);
    byte[] row = keys.encode(source);
    int[] q = {source};
    FrontierRow.write(client, table, frontier, source, q, keys);
    FrontierRow.write(client, table, visited, source, q, keys);
    run.oneRow(frontier, row, 1);
    run.oneRow(visited, row, 1);
    for (int depth = 1; q.length > 0; depth++) {
      String next = g + "_q" + depth;
      steps.add("q<!v> = q*G level " + depth, SpGEMM.multiply(client, table,
          bfsLevel(base, frontier, g, next, visited), run));
      q = FrontierRow.read(client, table, next, source, keys);
      run.oneRow(next, row, q.length);
      for (int v : q) {
        level[v] = depth;
      }
      FrontierRow.write(client, table, visited, source, q, keys);
      run.rowGrew(visited, row, q.length);
      frontier = next;
    }
    run.finish();
    return level;
  }

  /** The semiring of a {@link #bfsParents} level: min over the frontier of the parent's id. */
  static final String MIN_FIRST = "class:org.spgemm.algebra.MinFirstSemiring";

  /**
   * BFS parents from vertex {@code source} over the directed edges of family {@code g}, as
   * LAGraph's BFS returns them, with the min-parent choice: parent[source] = source, parent[v]
   * the smallest vertex u of the previous level with an edge u -&gt; v, -1 where unreached. The
   * frontier row carries each vertex's own id as its value and each level is q&lt;¬v&gt; = q·G
   * over MIN_FIRST (min over the frontier of q(u)), in the tablet servers as {@link #bfs}.
   */
  public static int[] bfsParents(AccumuloClient client, String table, String g, int source,
      int n, KeyFormat keys, MultiplyOptions.Builder base, Steps steps) {
    checkBfs(g, base);
    check(client, table, steps);
    notNull("keys", keys);
    Arguments.between("n", n, 1, Integer.MAX_VALUE);
    Arguments.between("source", source, 0, n - 1);
    int[] parent = new int[n];
    java.util.Arrays.fill(parent, -1);
    parent[source] = source;
    String visited = g + "_pv";
    String frontier = g + "_p0";
    AlgorithmRun run = startBfs(client, table, g, visited, g + "_p", "(_ids)?", frontier, base);
    byte[] row = keys.encode(source);
    int[] q = {source};
    FrontierRow.write(client, table, frontier, source, q, q, keys);
    FrontierRow.write(client, table, visited, source, q, keys);
    run.oneRow(frontier, row, 1);
    run.oneRow(visited, row, 1);
    for (int depth = 1; q.length > 0; depth++) {
      String next = g + "_p" + depth;
      steps.add("q<!v> = q*G (MIN_FIRST) level " + depth, SpGEMM.multiply(client, table,
          bfsLevel(base, frontier, g, next, visited).toBuilder().semiring(MIN_FIRST).build(),
          run));
      q = FrontierRow.read(client, table, next, source, keys, parent);
      FrontierRow.write(client, table, visited, source, q, keys);
      run.rowGrew(visited, row, q.length);
      // the next level's values are the new frontier's own ids
      frontier = next + "_ids";
      if (!run.takeEmpty(table, frontier)) {
        FrontierRow.clearIfUsed(client, table, frontier, source, keys, g);
      }
      FrontierRow.write(client, table, frontier, source, q, q, keys);
      run.oneRow(frontier, row, q.length);
    }
    run.finish();
    return parent;
  }

  /**
   * As {@link #bfs(AccumuloClient, String, String, int, int, KeyFormat, MultiplyOptions.Builder,
   * Steps)} on a family whose keys are any strings (as D4M writes them): the source is a row key,
   * and the result maps every reached vertex key to its level.
   */
  public static Map<String,Integer> bfs(AccumuloClient client, String table, String g,
      String source, MultiplyOptions.Builder base, Steps steps) {
    checkBfs(g, base);
    check(client, table, steps);
    notNull("source", source);
    Map<String,Integer> level = new java.util.TreeMap<>();
    level.put(source, 0);
    String visited = g + "_v";
    String frontier = g + "_q0";
    AlgorithmRun run = startBfs(client, table, g, visited, g + "_q", "", frontier, base);
    byte[] row = source.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    List<String> q = List.of(source);
    FrontierRow.writeKeys(client, table, frontier, source, q);
    FrontierRow.writeKeys(client, table, visited, source, q);
    run.oneRow(frontier, row, 1);
    run.oneRow(visited, row, 1);
    for (int depth = 1; !q.isEmpty(); depth++) {
      String next = g + "_q" + depth;
      steps.add("q<!v> = q*G level " + depth, SpGEMM.multiply(client, table,
          bfsLevel(base, frontier, g, next, visited), run));
      q = FrontierRow.readKeys(client, table, next, source);
      run.oneRow(next, row, q.size());
      for (String v : q) {
        level.put(v, depth);
      }
      FrontierRow.writeKeys(client, table, visited, source, q);
      run.rowGrew(visited, row, q.size());
      frontier = next;
    }
    run.finish();
    return level;
  }

  /**
   * Starts a BFS over family {@code g}: its scratch families are {@code visited} and {@code
   * levels} followed by a level number and {@code suffix} (a regular expression), emptied once
   * here rather than by every level; {@code frontier} is written before the first level.
   */
  private static AlgorithmRun startBfs(AccumuloClient client, String table, String g,
      String visited, String levels, String suffix, String frontier,
      MultiplyOptions.Builder base) {
    return AlgorithmRun.start(client, table, List.of(g),
        numbered(levels, suffix).or(visited::equals), List.of(visited, frontier),
        base(base).build());
  }

  /**
   * The families named {@code prefix}, a number (a round or level) and {@code suffix}, a regular
   * expression: an iterative algorithm's per-step scratch families.
   */
  private static Predicate<String> numbered(String prefix, String suffix) {
    java.util.regex.Pattern p = java.util.regex.Pattern.compile(
        java.util.regex.Pattern.quote(prefix) + "[0-9]+" + suffix);
    return f -> p.matcher(f).matches();
  }

  private static MultiplyOptions bfsLevel(MultiplyOptions.Builder base, String frontier,
      String g, String next, String visited) {
    return base(base).semiring("ANY_PAIR").families(frontier, g, next)
        .mask(visited, MaskMode.STRUCTURE, true).replace().build();
  }

  /**
   * Checks the arguments of {@link #galerkin} without touching the cluster: the families and the
   * options of its two multiplies.
   *
   * @throws InvalidOptionException naming the argument or option
   */
  public static void checkGalerkin(String a, String p, String out,
      MultiplyOptions.Builder base) {
    galerkinSteps(base, a, p, out);
  }

  /**
   * The Galerkin coarse operator Pᵀ·A·P of family {@code a} with prolongation family {@code p}:
   * AP = A·P into {@code out + "_ap"}, then Pᵀ·AP (Pᵀ by a server-side transpose) into {@code
   * out}; A and P are digested once before the first multiply and once after the second.
   */
  public static void galerkin(AccumuloClient client, String table, String a, String p,
      String out, MultiplyOptions.Builder base, Steps steps) {
    Map<String,MultiplyOptions> s = galerkinSteps(base, a, p, out);
    check(client, table, steps);
    Set<String> scratch = Set.of(out, out + "_ap");
    AlgorithmRun run = AlgorithmRun.start(client, table, List.of(a, p), scratch::contains,
        List.of(), base(base).build());
    for (Map.Entry<String,MultiplyOptions> step : s.entrySet()) {
      run(client, table, step, steps, run);
    }
    run.finish();
  }

  private static Map<String,MultiplyOptions> galerkinSteps(MultiplyOptions.Builder base,
      String a, String p, String out) {
    String ap = notNull("out", out) + "_ap";
    Map<String,MultiplyOptions> s = new LinkedHashMap<>();
    s.put("AP = A*P", base(base).families(notNull("a", a), notNull("p", p), ap).build());
    s.put("C = P'*AP", base(base).families(p, ap, out).transposeA().build());
    return s;
  }

  /** A copy of the caller's options to set one step's on. */
  private static MultiplyOptions.Builder base(MultiplyOptions.Builder base) {
    return notNull("base options", base).copy();
  }

  /** Refuses a null client, table or steps. */
  private static void check(AccumuloClient client, String table, Steps steps) {
    SpGEMM.checkTable(client, table);
    notNull("steps", steps);
  }

  /** Runs one named multiply, a step of {@code run}, and records it. */
  private static void run(AccumuloClient client, String table,
      Map.Entry<String,MultiplyOptions> step, Steps steps, AlgorithmRun run) {
    steps.add(step.getKey(), SpGEMM.multiply(client, table, step.getValue(), run));
  }
}
