package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobRecord;
import org.spgemm.matrix.SparseMatrix;

/**
 * Moves numeric matrices between memory and a family of M: rows and columns as fixed-width
 * decimal keys ({@link KeyFormat}), values through a {@link ValueCodec}, and the shape recorded
 * beside them.
 */
public final class MatrixStore {

  private MatrixStore() {}

  /** Writes {@code m} into {@code family} and records its shape. Returns entries written. */
  public static long load(AccumuloClient client, String table, String family, SparseMatrix m,
      KeyFormat keys, ValueCodec codec) {
    return write(client, table, family, m, keys, codec, true);
  }

  /**
   * As {@link #load(AccumuloClient, String, String, SparseMatrix, KeyFormat, ValueCodec)}, the
   * values stored as {@code values} says (its codec, at its value size).
   */
  public static long load(AccumuloClient client, String table, String family, SparseMatrix m,
      KeyFormat keys, LoadOptions values) {
    return write(client, table, family, m, keys, notNull("values", values).writer(), true);
  }

  /**
   * Writes only the entries of {@code m}, as a plain D4M/Graphulo table holds them: no shape
   * record, so tools that read every entry of the table as a number can take it.
   */
  public static long loadEntriesOnly(AccumuloClient client, String table, String family,
      SparseMatrix m, KeyFormat keys, ValueCodec codec) {
    return write(client, table, family, m, keys, codec, false);
  }

  private static long write(AccumuloClient client, String table, String family, SparseMatrix m,
      KeyFormat keys, ValueCodec codec, boolean recordShape) {
    checkFamily(client, table, family);
    notNull("matrix", m);
    notNull("keys", keys);
    notNull("codec", codec);
    byte[] fam = family.getBytes(StandardCharsets.UTF_8);
    boolean exact = m.domain() == Domain.INT64;
    try (BatchWriter w = client.createBatchWriter(table)) {
      // Walks the stored rows only: O(nnz) whatever the shape (keys are encoded per entry, so
      // nothing is sized by the column count).
      for (int s = 0; s < m.storedRows(); s++) {
        if (m.storedRowEnd(s) == m.storedRowStart(s)) {
          continue;
        }
        int i = m.storedRow(s);
        Mutation mut = new Mutation(keys.encode(i));
        for (int p = m.storedRowStart(s); p < m.storedRowEnd(s); p++) {
          int j = m.colAt(p);
          try {
            // INT64 matrices go through encodeLong: exact in the long and decimal codecs
            mut.put(fam, keys.encode(j), exact ? codec.encodeLong(m.longAt(p))
                : codec.encodeDouble(m.valueAt(p)));
          } catch (IllegalArgumentException e) {
            throw new InvalidOptionException(family + "(" + (i + 1) + ", " + (j + 1) + ") = "
                + (exact ? Long.toString(m.longAt(p)) : Double.toString(m.valueAt(p)))
                + " cannot be stored with codec " + codec.name() + ": " + e.getMessage());
          }
        }
        w.addMutation(mut);
      }
      if (recordShape) {
        Mutation meta = new Mutation(TableLayout.META_ROW);
        long squares = 0;
        for (int s = 0; s < m.storedRows(); s++) {
          long n = m.storedRowEnd(s) - m.storedRowStart(s);
          squares += n * n;
        }
        meta.put(TableLayout.META_FAMILY, TableLayout.SHAPE_PREFIX + family,
            new Shape(m.rows(), m.cols(), m.nnz(), keys.width()).encode(squares));
        w.addMutation(meta);
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (MutationsRejectedException e) {
      throw new ClusterException("writing " + family + " into " + table + " failed: "
          + e.getMessage(), e);
    }
    return m.nnz();
  }

  /** The shape recorded for {@code family}, if a numeric loader wrote it. */
  public static Optional<Shape> shape(AccumuloClient client, String table, String family) {
    checkFamily(client, table, family);
    return Optional.ofNullable(shapes(client, table, List.of(family)).get(family));
  }

  /**
   * The recorded shapes of {@code families} of {@code table}, read in one scan, by family (those
   * with none recorded are left out).
   */
  static Map<String,Shape> shapes(AccumuloClient client, String table, List<String> families) {
    Map<String,Shape> out = new HashMap<>();
    shapeRecords(client, table, families).forEach((f, v) -> out.put(f, Shape.decode(v)));
    return out;
  }

  /** The shape records of {@code families} of {@code table} as stored, by family. */
  static Map<String,Value> shapeRecords(AccumuloClient client, String table,
      List<String> families) {
    Map<String,Value> out = new HashMap<>();
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.setRange(new Range(TableLayout.META_ROW));
      for (String f : families) {
        s.fetchColumn(new Text(TableLayout.META_FAMILY), new Text(TableLayout.SHAPE_PREFIX + f));
      }
      for (Map.Entry<Key,Value> e : s) {
        out.put(e.getKey().getColumnQualifier().toString()
            .substring(TableLayout.SHAPE_PREFIX.length()), e.getValue());
      }
      return out;
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
  }

  static void recordShape(AccumuloClient client, String table, String family, Shape s) {
    writeMeta(client, table, TableLayout.SHAPE_PREFIX + family, s.encode());
  }

  /**
   * Reads a numeric family back into memory with the given shape (0-based indices from the keys).
   * A family a multiply writes is read only as one finished product: its state must read
   * COMPLETE, and the same job's COMPLETE, before and after the entries are read (the read starts
   * again, up to three times, when a multiply rewrote it meanwhile); the protocol for any reader
   * is in docs/security.md, "Reading C".
   * A codec of the INT64 domain (long) gives an INT64 matrix with exact values; memory follows
   * the entries read, not the shape.
   *
   * @throws SpgemmException naming the first key or value that is not numeric or out of shape
   */
  public static SparseMatrix read(AccumuloClient client, String table, String family, int rows,
      int cols, ValueCodec codec) {
    return read(client, table, family, rows, cols, codec, null, null, "");
  }

  /**
   * As {@link #read(AccumuloClient, String, String, int, int, ValueCodec)}, but row and column
   * keys pass through {@code rowKey} and {@code colKey} before they are parsed (null: parsed as
   * stored); {@code context} ends the error message (e.g. " in original keys").
   */
  static SparseMatrix read(AccumuloClient client, String table, String family, int rows,
      int cols, ValueCodec codec, UnaryOperator<String> rowKey, UnaryOperator<String> colKey,
      String context) {
    checkFamily(client, table, family);
    notNull("codec", codec);
    for (int attempt = 1; ; attempt++) {
      Map<String,String> before = CState.read(client, table, family);
      String state = before.get("state");
      if (state != null && !JobRecord.State.COMPLETE.name().equals(state)) {
        throw new SpgemmException("family " + family + " of " + table + " is " + state
            + (before.containsKey("error") ? " (" + before.get("error") + ")" : "")
            + " (job " + before.get("job") + "): not a finished product");
      }
      SparseMatrix m = readEntries(client, table, family, rows, cols, codec, rowKey, colKey,
          context);
      if (before.equals(CState.read(client, table, family))) {
        return m;
      }
      if (attempt == READ_ATTEMPTS) {
        throw new SpgemmException("family " + family + " of " + table + " was rewritten while it"
            + " was read, " + READ_ATTEMPTS + " times: no one finished product could be read");
      }
    }
  }

  /** How often a read starts again when a multiply rewrote the family meanwhile. */
  private static final int READ_ATTEMPTS = 3;

  private static SparseMatrix readEntries(AccumuloClient client, String table, String family,
      int rows, int cols, ValueCodec codec, UnaryOperator<String> rowKey,
      UnaryOperator<String> colKey, String context) {
    KeyFormat parse = KeyFormat.ofWidth(1); // decoding accepts any width
    boolean integer = codec.domain() == Domain.INT64;
    int cap = 1024;
    int n = 0;
    int[] r = new int[cap];
    int[] c = new int[cap];
    double[] v = integer ? null : new double[cap];
    long[] lv = integer ? new long[cap] : null;
    try (BatchScanner s = client.createBatchScanner(table, userAuths(client), 4)) {
      s.setRanges(java.util.List.of(new Range()));
      s.fetchColumnFamily(new Text(family));
      for (Map.Entry<Key,Value> e : s) {
        Key k = e.getKey();
        if (k.getRowData().toString().equals(TableLayout.META_ROW)) {
          continue;
        }
        if (n == cap) {
          cap *= 2;
          r = java.util.Arrays.copyOf(r, cap);
          c = java.util.Arrays.copyOf(c, cap);
          if (integer) {
            lv = java.util.Arrays.copyOf(lv, cap);
          } else {
            v = java.util.Arrays.copyOf(v, cap);
          }
        }
        try {
          r[n] = decode(parse, k.getRowData().toArray(), rowKey);
          c[n] = decode(parse, k.getColumnQualifierData().toArray(), colKey);
          byte[] vb = e.getValue().get();
          if (integer) {
            lv[n] = codec.decodeLong(vb);
          } else {
            v[n] = codec.decodeDouble(vb);
          }
        } catch (IllegalArgumentException ex) {
          throw new SpgemmException("cannot read " + family + "(" + k.getRow() + ", "
              + k.getColumnQualifier() + ") of " + table + context + ": " + ex.getMessage());
        }
        n++;
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
    try {
      return integer ? SparseMatrix.fromCoordinates(rows, cols, r, c, lv, n)
          : SparseMatrix.fromCoordinates(rows, cols, r, c, v, n);
    } catch (IllegalArgumentException e) {
      throw new SpgemmException("family " + family + " of " + table + " does not fit "
          + rows + "x" + cols + ": " + e.getMessage());
    }
  }

  /** Refuses a null client, table or family, naming it. */
  private static void checkFamily(AccumuloClient client, String table, String family) {
    SpGEMM.checkTable(client, table);
    notNull("family", family);
  }

  private static int decode(KeyFormat parse, byte[] key, UnaryOperator<String> map) {
    if (map != null) {
      key = map.apply(new String(key, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
    }
    return parse.decode(key, 0, key.length);
  }

  static Authorizations userAuths(AccumuloClient client) {
    try {
      return client.securityOperations().getUserAuthorizations(client.whoami());
    } catch (AccumuloException | AccumuloSecurityException e) {
      return Authorizations.EMPTY;
    }
  }

  static Value readMeta(AccumuloClient client, String table, String qualifier) {
    return readMeta(client, table, qualifier, 0);
  }

  /**
   * As above, giving up after {@code timeoutMillis} (0: waits for the tablet as long as it
   * takes).
   */
  static Value readMeta(AccumuloClient client, String table, String qualifier,
      long timeoutMillis) {
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      if (timeoutMillis > 0) {
        s.setTimeout(timeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
      }
      s.setRange(new Range(TableLayout.META_ROW));
      s.fetchColumn(new Text(TableLayout.META_FAMILY), new Text(qualifier));
      for (Map.Entry<Key,Value> e : s) {
        return e.getValue();
      }
      return null;
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
  }

  static void writeMeta(AccumuloClient client, String table, String qualifier, Value value) {
    try (BatchWriter w = client.createBatchWriter(table)) {
      Mutation m = new Mutation(TableLayout.META_ROW);
      if (value == null) {
        m.putDelete(TableLayout.META_FAMILY, qualifier);
      } else {
        m.put(TableLayout.META_FAMILY, qualifier, value);
      }
      w.addMutation(m);
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (MutationsRejectedException e) {
      throw new ClusterException("cannot write to " + table + " (WRITE permission needed): "
          + e.getMessage(), e);
    }
  }
}
