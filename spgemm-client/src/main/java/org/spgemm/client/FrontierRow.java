package org.spgemm.client;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.spgemm.codec.ValueCodecs;

/** A small vector kept as one row of a family: a BFS frontier or visited set (values 1). */
final class FrontierRow {

  private FrontierRow() {}

  static void write(AccumuloClient client, String table, String family, int row, int[] cols,
      KeyFormat keys) {
    write(client, table, family, row, cols, null, keys);
  }

  /** As above with value {@code values[k]} at column {@code cols[k]} (null: every value 1). */
  static void write(AccumuloClient client, String table, String family, int row, int[] cols,
      int[] values, KeyFormat keys) {
    try (BatchWriter w = client.createBatchWriter(table)) {
      Mutation m = new Mutation(keys.encode(row));
      for (int k = 0; k < cols.length; k++) {
        m.put(family.getBytes(UTF_8), keys.encode(cols[k]),
            (values == null ? "1" : Integer.toString(values[k]))
                .getBytes(UTF_8));
      }
      if (cols.length > 0) {
        w.addMutation(m);
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (Exception e) {
      throw new ClusterException("cannot write family " + family + " of " + table + ": "
          + e.getMessage(), e);
    }
  }

  static int[] read(AccumuloClient client, String table, String family, int row,
      KeyFormat keys) {
    return read(client, table, family, row, keys, null);
  }

  /**
   * The columns of the row, ascending; with {@code values} non-null each column's value (a
   * decimal integer) is also put there, at the column's index.
   */
  static int[] read(AccumuloClient client, String table, String family, int row,
      KeyFormat keys, int[] values) {
    try (Scanner s = client.createScanner(table, MatrixStore.userAuths(client))) {
      s.setRange(Range.exact(new Text(keys.encode(row))));
      s.fetchColumnFamily(new Text(family));
      List<Integer> out = new ArrayList<>();
      for (Map.Entry<Key,Value> e : s) {
        byte[] q = e.getKey().getColumnQualifierData().toArray();
        int col = keys.decode(q, 0, q.length);
        out.add(col);
        if (values != null) {
          values[col] = (int) Double.parseDouble(e.getValue().toString());
        }
      }
      return out.stream().mapToInt(Integer::intValue).toArray();
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
  }

  /**
   * Empties scratch family {@code family} when row {@code row} holds entries (left by an earlier
   * run): by a sweeping compaction, so that entries written next are not hidden by deletes of the
   * same timestamp. {@code other} is any other family of the table.
   */
  static void clearIfUsed(AccumuloClient client, String table, String family, int row,
      KeyFormat keys, String other) {
    if (read(client, table, family, row, keys).length > 0) {
      new CFamily(client, table, MultiplyOptions.builder().families(other, other, family)
          .build()).clear();
    }
  }

  /** As {@link #write}, with the row and columns as keys of any bytes (D4M's string keys). */
  static void writeKeys(AccumuloClient client, String table, String family, String row,
      Collection<String> cols) {
    List<Triples.Entry> e = new ArrayList<>();
    for (String c : cols) {
      e.add(Triples.of(row, c, 1));
    }
    Triples.write(client, table, family, e, ValueCodecs.DECIMAL);
  }

  /** The column keys of row {@code row} of {@code family}. */
  static List<String> readKeys(AccumuloClient client, String table, String family,
      String row) {
    try (Scanner s = client.createScanner(table, MatrixStore.userAuths(client))) {
      s.setRange(Range.exact(new Text(row.getBytes(UTF_8))));
      s.fetchColumnFamily(new Text(family));
      List<String> out = new ArrayList<>();
      for (Map.Entry<Key,Value> e : s) {
        out.add(e.getKey().getColumnQualifier().toString());
      }
      return out;
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
  }
}
