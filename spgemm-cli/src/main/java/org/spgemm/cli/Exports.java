package org.spgemm.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.Shape;
import org.spgemm.client.Triples;
import org.spgemm.codec.ValueCodec;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.SparseMatrix;

/**
 * Writes a family of a table to a file: TSV triples with the keys as stored, or Matrix Market.
 * A family a Matrix Market load wrote (numeric keys, shape recorded) goes back to its own 1-based
 * indices; any other (string keys, as D4M writes them) is numbered by its sorted vertex keys,
 * rows and columns alike, and the key map is written beside it ({@link #keyMapOf}).
 */
final class Exports {

  private Exports() {}

  /** Where the key map of Matrix Market file {@code mtx} is written: {@code <mtx>.keys}. */
  static Path keyMapOf(Path mtx) {
    return mtx.resolveSibling(FileChecks.nameOf(mtx) + ".keys");
  }

  /** Writes {@code family} as TSV triples {@code row<TAB>col<TAB>value}; returns entries. */
  static long tsv(AccumuloClient client, String table, String family, ValueCodec codec,
      Path out) throws IOException {
    List<Triples.Entry> entries = Triples.read(client, table, family, codec);
    try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      for (Triples.Entry e : entries) {
        checkKey(e.row(), family);
        checkKey(e.col(), family);
        w.write(e.row() + "\t" + e.col() + "\t" + e.valueText() + "\n");
      }
    }
    return entries.size();
  }

  /**
   * Writes {@code family} as Matrix Market; returns the key map's path, or null when the family
   * has numeric keys and a recorded shape (then the file has its own indices).
   */
  static Path mtx(AccumuloClient client, String table, String family, ValueCodec codec,
      Path out) throws IOException {
    java.util.Optional<Shape> shape = MatrixStore.shape(client, table, family);
    if (shape.isPresent()) {
      MatrixMarket.write(out, MatrixStore.read(client, table, family, shape.get().rows(),
          shape.get().cols(), codec));
      return null;
    }
    List<Triples.Entry> entries = Triples.read(client, table, family, codec);
    TreeMap<String,Integer> keys = Triples.keyMap(entries);
    int n = keys.size();
    int[] r = new int[entries.size()];
    int[] c = new int[entries.size()];
    double[] v = new double[entries.size()];
    long[] lv = new long[entries.size()];
    boolean exact = !entries.isEmpty() && entries.get(0).exact();
    for (int k = 0; k < entries.size(); k++) {
      Triples.Entry e = entries.get(k);
      r[k] = keys.get(e.row());
      c[k] = keys.get(e.col());
      v[k] = e.value();
      lv[k] = e.longValue();
    }
    SparseMatrix m = exact ? SparseMatrix.fromCoordinates(n, n, r, c, lv, entries.size())
        : SparseMatrix.fromCoordinates(n, n, r, c, v, entries.size());
    MatrixMarket.write(out, m);
    Path map = keyMapOf(out);
    try (BufferedWriter w = Files.newBufferedWriter(map, StandardCharsets.UTF_8)) {
      for (Map.Entry<String,Integer> k : keys.entrySet()) {
        checkKey(k.getKey(), family);
        w.write(k.getKey() + "\n");
      }
    }
    return map;
  }

  /** Refuses a key a line-oriented file cannot hold. */
  private static void checkKey(String key, String family) {
    if (key.indexOf('\n') >= 0 || key.indexOf('\r') >= 0 || key.indexOf('\t') >= 0) {
      throw new AbstractSpgemmSubcommand.UsageException("family '" + family + "' has a key with"
          + " a tab or line break ('" + key.replace("\n", "\\n").replace("\t", "\\t")
          + "'), which a TSV or key-map line cannot hold");
    }
  }
}
