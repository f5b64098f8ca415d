package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.TableLayout;

/**
 * A family as D4M holds a matrix: row key = row, column qualifier = column, both any strings
 * (stored as their UTF-8 bytes, untouched), the value through a {@link ValueCodec}; no shape
 * record. Moves such families to and from TSV triples {@code row<TAB>col<TAB>value}.
 */
public final class Triples {

  private Triples() {}

  /** One stored entry: row key, column key, and the value as the codec reads it. */
  public record Entry(String row, String col, double value, long longValue, boolean exact) {
    /** The value as text: an integer without a fraction, else the shortest round-trip form. */
    public String valueText() {
      if (exact) {
        return Long.toString(longValue);
      }
      if (value == Math.rint(value) && Math.abs(value) < 1e15) {
        return Long.toString((long) value);
      }
      return Double.toString(value);
    }
  }

  /**
   * Split points that cut the rows of TSV file {@code tsv} into up to {@code tablets} tablets of
   * about as many triples each, in Accumulo's order of row keys (their UTF-8 bytes): for a table
   * made to hold the file, before it is loaded. A row is never cut, so a file of fewer distinct
   * rows than tablets gets fewer. Lines {@link #loadTsv} would refuse are left to it to report.
   */
  public static List<String> rowSplits(Path tsv, int tablets) throws IOException {
    List<Text> rows = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(notNull("tsv", tsv), StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        int tab = line.indexOf('\t');
        if (tab > 0) {
          rows.add(new Text(line.substring(0, tab)));
        }
      }
    }
    rows.sort(null);
    List<String> splits = new ArrayList<>();
    Text previous = null;
    for (int t = 1; t < tablets; t++) {
      int i = (int) ((long) rows.size() * t / tablets);
      if (i <= 0 || i >= rows.size()) {
        continue;
      }
      // a tablet ends at its split, inclusive: each split is a row of the file, so every tablet
      // holds one, and the last split is below the last row, so the last tablet does too
      Text split = rows.get(i);
      if ((previous == null || split.compareTo(previous) > 0)
          && split.compareTo(rows.get(rows.size() - 1)) < 0) {
        splits.add(split.toString());
        previous = split;
      }
    }
    return splits;
  }

  /**
   * Writes the triples of TSV file {@code tsv} into {@code family} of {@code table} (which must
   * exist). Blank lines are skipped; a later triple for the same (row, col) replaces an earlier
   * one, as in Accumulo. Returns the number of triples read.
   *
   * @throws InvalidOptionException naming the file and line of the first bad triple
   */
  public static long loadTsv(AccumuloClient client, String table, String family, Path tsv,
      ValueCodec codec) throws IOException {
    SpGEMM.checkTable(client, table);
    notNull("family", family);
    notNull("codec", codec);
    byte[] fam = family.getBytes(StandardCharsets.UTF_8);
    long n = 0;
    try (BufferedReader in = Files.newBufferedReader(notNull("tsv", tsv), StandardCharsets.UTF_8);
        BatchWriter w = client.createBatchWriter(table)) {
      String line;
      for (int lineNo = 1; (line = in.readLine()) != null; lineNo++) {
        if (line.isBlank()) {
          continue;
        }
        String[] f = line.split("\t", -1);
        String where = tsv + " line " + lineNo;
        if (f.length != 3) {
          throw new InvalidOptionException(where + ": expected row<TAB>col<TAB>value, found "
              + f.length + " field" + (f.length == 1 ? "" : "s"));
        }
        if (f[0].isEmpty() || f[1].isEmpty()) {
          throw new InvalidOptionException(where + ": the " + (f[0].isEmpty() ? "row" : "column")
              + " key is empty");
        }
        if (f[0].equals(TableLayout.META_ROW)) {
          throw new InvalidOptionException(where + ": row key " + TableLayout.META_ROW
              + " is reserved for the records of spgemm");
        }
        Mutation m = new Mutation(f[0].getBytes(StandardCharsets.UTF_8));
        m.put(fam, f[1].getBytes(StandardCharsets.UTF_8), encode(codec, f[2].trim(), where));
        w.addMutation(m);
        n++;
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (MutationsRejectedException e) {
      throw new ClusterException("writing family '" + family + "' of " + table + " failed: "
          + e.getMessage(), e);
    }
    return n;
  }

  private static byte[] encode(ValueCodec codec, String text, String where) {
    try {
      if (codec.domain() == Domain.INT64) {
        return codec.encodeLong(Long.parseLong(text));
      }
      return codec.encodeDouble(Double.parseDouble(text));
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(where + ": value '" + text + "' cannot be stored with"
          + " codec " + codec.name() + (e instanceof NumberFormatException ? " (not a number)"
              : ": " + e.getMessage()));
    }
  }

  /**
   * Hands every entry of {@code family} to {@code sink} in key order (the records of spgemm
   * skipped).
   *
   * @throws SpgemmException naming the first value the codec cannot read
   */
  public static long forEach(AccumuloClient client, String table, String family,
      ValueCodec codec, Consumer<Entry> sink) {
    SpGEMM.checkTable(client, table);
    notNull("family", family);
    notNull("codec", codec);
    boolean exact = codec.domain() == Domain.INT64;
    long n = 0;
    try (Scanner s = client.createScanner(table, MatrixStore.userAuths(client))) {
      s.fetchColumnFamily(new Text(family));
      for (Map.Entry<Key,Value> e : s) {
        Key k = e.getKey();
        String row = k.getRow().toString();
        if (row.equals(TableLayout.META_ROW)) {
          continue;
        }
        String col = k.getColumnQualifier().toString();
        byte[] v = e.getValue().get();
        try {
          sink.accept(exact ? new Entry(row, col, 0, codec.decodeLong(v), true)
              : new Entry(row, col, codec.decodeDouble(v), 0, false));
        } catch (IllegalArgumentException ex) {
          throw new SpgemmException("cannot read '" + family + "'(" + row + ", " + col + ") of "
              + table + " with codec " + codec.name() + ": " + ex.getMessage());
        }
        n++;
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
    return n;
  }

  /** Writes {@code entries} into {@code family} (values through {@code codec}). */
  public static void write(AccumuloClient client, String table, String family,
      List<Entry> entries, ValueCodec codec) {
    SpGEMM.checkTable(client, table);
    byte[] fam = notNull("family", family).getBytes(StandardCharsets.UTF_8);
    try (BatchWriter w = client.createBatchWriter(table)) {
      for (Entry e : notNull("entries", entries)) {
        Mutation m = new Mutation(e.row().getBytes(StandardCharsets.UTF_8));
        m.put(fam, e.col().getBytes(StandardCharsets.UTF_8), e.exact()
            ? codec.encodeLong(e.longValue()) : codec.encodeDouble(e.value()));
        w.addMutation(m);
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (MutationsRejectedException e) {
      throw new ClusterException("writing family '" + family + "' of " + table + " failed: "
          + e.getMessage(), e);
    }
  }

  /** The entry (row, col) = v, not exact. */
  public static Entry of(String row, String col, double v) {
    return new Entry(row, col, v, 0, false);
  }

  /** The distinct row keys of {@code family} (values are not read). */
  public static java.util.SortedSet<String> rowKeys(AccumuloClient client, String table,
      String family) {
    SpGEMM.checkTable(client, table);
    java.util.SortedSet<String> rows = new java.util.TreeSet<>();
    try (Scanner s = client.createScanner(table, MatrixStore.userAuths(client))) {
      s.fetchColumnFamily(new Text(notNull("family", family)));
      for (Map.Entry<Key,Value> e : s) {
        rows.add(e.getKey().getRow().toString());
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
    rows.remove(TableLayout.META_ROW);
    return rows;
  }

  /** Every entry of {@code family}, in key order. */
  public static List<Entry> read(AccumuloClient client, String table, String family,
      ValueCodec codec) {
    List<Entry> out = new ArrayList<>();
    forEach(client, table, family, codec, out::add);
    return out;
  }

  /**
   * The vertex keys of {@code entries}: the sorted union of their row and column keys, each
   * mapped to its 0-based index (the key map an export writes beside a Matrix Market file).
   */
  public static TreeMap<String,Integer> keyMap(List<Entry> entries) {
    TreeMap<String,Integer> keys = new TreeMap<>();
    for (Entry e : notNull("entries", entries)) {
      keys.put(e.row(), 0);
      keys.put(e.col(), 0);
    }
    int i = 0;
    for (Map.Entry<String,Integer> k : keys.entrySet()) {
      k.setValue(i++);
    }
    return keys;
  }
}
