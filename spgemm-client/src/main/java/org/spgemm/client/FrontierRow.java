package org.spgemm.client;

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

/** A small vector kept as one row of a family: a BFS frontier or visited set (values 1). */
final class FrontierRow {

  private FrontierRow() {}

  static void write(AccumuloClient client, String table, String family, int row, int[] cols,
      KeyFormat keys) {
    try (BatchWriter w = client.createBatchWriter(table)) {
      Mutation m = new Mutation(keys.encode(row));
      for (int c : cols) {
        m.put(family.getBytes(java.nio.charset.StandardCharsets.UTF_8), keys.encode(c),
            "1".getBytes(java.nio.charset.StandardCharsets.UTF_8));
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
    try (Scanner s = client.createScanner(table, MatrixStore.userAuths(client))) {
      s.setRange(Range.exact(new Text(keys.encode(row))));
      s.fetchColumnFamily(new Text(family));
      java.util.List<Integer> out = new java.util.ArrayList<>();
      for (Map.Entry<Key,Value> e : s) {
        byte[] q = e.getKey().getColumnQualifierData().toArray();
        out.add(keys.decode(q, 0, q.length));
      }
      return out.stream().mapToInt(Integer::intValue).toArray();
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
  }

  /** As {@link #write}, with the row and columns as keys of any bytes (D4M's string keys). */
  static void writeKeys(AccumuloClient client, String table, String family, String row,
      java.util.Collection<String> cols) {
    java.util.List<Triples.Entry> e = new java.util.ArrayList<>();
    for (String c : cols) {
      e.add(Triples.of(row, c, 1));
    }
    Triples.write(client, table, family, e, org.spgemm.codec.ValueCodecs.DECIMAL);
  }

  /** The column keys of row {@code row} of {@code family}. */
  static java.util.List<String> readKeys(AccumuloClient client, String table, String family,
      String row) {
    try (Scanner s = client.createScanner(table, MatrixStore.userAuths(client))) {
      s.setRange(Range.exact(new Text(row.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
      s.fetchColumnFamily(new Text(family));
      java.util.List<String> out = new java.util.ArrayList<>();
      for (Map.Entry<Key,Value> e : s) {
        out.add(e.getKey().getColumnQualifier().toString());
      }
      return out;
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
  }
}
