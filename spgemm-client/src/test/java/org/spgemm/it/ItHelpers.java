package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.DoubleUnaryOperator;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.spgemm.algebra.Semiring;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.iterators.ScanMultiplyIterator;
import org.spgemm.job.JobRecord;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.progress.BatchStats;

/** Helpers shared by the integration tests beyond {@link Fixtures}. */
final class ItHelpers {

  private ItHelpers() {}

  /** Multiplies on the cluster, reads C back with {@code codec}, compares it with the reference. */
  static MultiplyResult multiplyAndCheck(AccumuloClient client, String table, SparseMatrix a,
      SparseMatrix b, MultiplyOptions opts, Semiring semiring, ValueCodec codec) {
    MultiplyResult r = SpGEMM.multiply(client, table, opts);
    SparseMatrix expected = ReferenceMultiply.multiply(a, b, semiring);
    SparseMatrix actual =
        MatrixStore.read(client, table, opts.cFamily(), a.rows(), b.cols(), codec);
    Fixtures.assertSameMatrix(expected, actual);
    assertEquals(expected.nnz(), r.nnzC(), "reported nnz(C)");
    assertEquals(a.partialProducts(b), r.partialProducts(), "reported partial products");
    assertTrue(SpGEMM.isComplete(client, table, opts.cFamily()), "C state COMPLETE");
    return r;
  }

  /** {@code m} with every value mapped through {@code f} (same structure). */
  static SparseMatrix mapValues(SparseMatrix m, DoubleUnaryOperator f) {
    double[] v = m.values().clone();
    for (int p = 0; p < m.nnz(); p++) {
      v[p] = f.applyAsDouble(v[p]);
    }
    return SparseMatrix.ofCsr(m.rows(), m.cols(), m.rowPtr().clone(), m.colIdx().clone(), v);
  }

  /** A condition on one entry of a matrix: its row, column and value. */
  interface EntryTest {
    boolean test(int i, int j, double v);
  }

  /** {@code m} with only the entries that pass {@code keep} (the others become absent). */
  static SparseMatrix entriesWhere(SparseMatrix m, EntryTest keep) {
    int[] r = new int[m.nnz()];
    int[] c = new int[m.nnz()];
    double[] v = new double[m.nnz()];
    int n = 0;
    for (int i = 0; i < m.rows(); i++) {
      for (int p = m.rowStart(i); p < m.rowEnd(i); p++) {
        if (keep.test(i, m.colAt(p), m.valueAt(p))) {
          r[n] = i;
          c[n] = m.colAt(p);
          v[n] = m.valueAt(p);
          n++;
        }
      }
    }
    return SparseMatrix.fromCoordinates(m.rows(), m.cols(), r, c, v, n);
  }

  /** {@code m} without any entry in the given rows or columns (they become empty). */
  static SparseMatrix withoutRowsAndCols(SparseMatrix m, Set<Integer> rows, Set<Integer> cols) {
    return entriesWhere(m, (i, j, v) -> !rows.contains(i) && !cols.contains(j));
  }

  /** Split points every {@code step} rows, as keys of {@code keys}. */
  static List<String> splitsEvery(int rows, int step, KeyFormat keys) {
    List<String> splits = new ArrayList<>();
    for (int i = step; i < rows; i += step) {
      splits.add(keys.encodeString(i));
    }
    return splits;
  }

  /** Writes one entry with a BatchWriter (string row, family, qualifier, value bytes). */
  static void put(AccumuloClient client, String table, String row, String family, String cq,
      byte[] value) {
    try (BatchWriter w = client.createBatchWriter(table)) {
      Mutation m = new Mutation(row);
      m.put(new Text(family), new Text(cq), new Value(value));
      w.addMutation(m);
    } catch (Exception e) {
      fail(e);
    }
  }

  /**
   * Every entry of the table (all families) as row|family|qualifier|timestamp -> value, for
   * before/after comparisons: rewriting an entry with the same value still shows.
   */
  static Map<String,String> snapshotAll(AccumuloClient client, String table) {
    Map<String,String> m = new TreeMap<>();
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      for (Map.Entry<Key,Value> e : s) {
        Key k = e.getKey();
        m.put(k.getRow() + "|" + k.getColumnFamily() + "|" + k.getColumnQualifier() + "|"
            + k.getTimestamp(),
            java.util.Base64.getEncoder().encodeToString(e.getValue().get()));
      }
    } catch (Exception e) {
      fail(e);
    }
    return m;
  }

  /**
   * {@link #entries}, retried for at most 30 s while the tablet servers refuse {@code auths}: a
   * user's authorizations just changed reach them a moment later (once, under load, the scan
   * right after the change was refused with BAD_AUTHORIZATIONS).
   */
  static Map<String,String> entriesOnceAuthorized(AccumuloClient client, String table,
      String family, Authorizations auths) throws Exception {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (true) {
      try {
        return entries(client, table, family, auths);
      } catch (RuntimeException e) {
        if (!String.valueOf(e.getMessage()).contains("BAD_AUTHORIZATIONS")
            || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(100);
      }
    }
  }

  /** Every entry of a family with its visibility, read with {@code auths}. */
  static Map<String,String> entries(AccumuloClient client, String table, String family,
      Authorizations auths) throws Exception {
    Map<String,String> m = new TreeMap<>();
    try (Scanner s = client.createScanner(table, auths)) {
      s.fetchColumnFamily(new Text(family));
      for (Map.Entry<Key,Value> e : s) {
        m.put(e.getKey().getRow() + "|" + e.getKey().getColumnQualifier() + "|"
            + e.getKey().getColumnVisibility(), e.getValue().toString());
      }
    }
    return m;
  }

  /** Number of entries of a family, counting every version an iterator lets through. */
  static int count(AccumuloClient client, String table, String family) {
    return Fixtures.snapshot(client, table, family).size();
  }

  /** Writes a job record exactly as {@code MultiplyRun} does (state RUNNING). */
  static void writeJobRecord(AccumuloClient client, String table, String jobId, String jobKey,
      String cFamily, String bTable, MultiplySpec.Mode mode) {
    writeJobRecord(client, table, jobId, JobRecord.jobFields(JobRecord.State.RUNNING.name(),
        jobKey, cFamily, bTable, mode.name(), null));
  }

  /** Writes a job record with any fields (as a user with WRITE on {@code table} could). */
  static void writeJobRecord(AccumuloClient client, String table, String jobId,
      Map<String,String> fields) {
    Key k = JobRecord.recordKey(jobId);
    try (BatchWriter w = client.createBatchWriter(table)) {
      Mutation m = new Mutation(k.getRow());
      m.put(k.getColumnFamily(), k.getColumnQualifier(), JobRecord.encode(fields));
      w.addMutation(m);
    } catch (Exception e) {
      fail(e);
    }
  }

  /** The iterator setting a multiply attaches, with the given job (none if null) and families. */
  static IteratorSetting iteratorSetting(String jobId, String jobKey, String a, String b,
      String c) {
    IteratorSetting is = new IteratorSetting(100, "spgemm", ScanMultiplyIterator.class);
    if (jobId != null) {
      opts(is, "job", jobId, "jobKey", jobKey);
    }
    opts(is, "mode", "multiply", "aFamily", a, "bFamily", b, "cFamily", c);
    return is;
  }

  /** Adds options to {@code is} as name, value pairs (values as text), as any user could. */
  static void opts(IteratorSetting is, Object... nameValue) {
    for (int i = 0; i < nameValue.length; i += 2) {
      is.addOption((String) nameValue[i], String.valueOf(nameValue[i + 1]));
    }
  }

  /** Creates a user (unique name) with {@code password} and returns its name. */
  static String user(AccumuloClient root, String prefix, String password) throws Exception {
    String name = Fixtures.uniqueTable(prefix);
    root.securityOperations().createLocalUser(name,
        new PasswordToken(password));
    return name;
  }

  /** A client of the shared cluster acting as {@code user}; close it after use. */
  static AccumuloClient as(String user, String password) {
    return Accumulo.newClient()
        .from(SharedCluster.cluster().clientProperties())
        .as(user, new PasswordToken(password))
        .build();
  }

  /**
   * A scanner of family A of {@code table} over {@code range} as {@code client}, with {@code is}
   * attached and one entry per RPC (so Accumulo re-creates the iterator after every entry).
   */
  static Scanner scanA(AccumuloClient client, String table, IteratorSetting is, Range range)
      throws TableNotFoundException {
    Scanner s = client.createScanner(table, Authorizations.EMPTY);
    s.setRange(range);
    s.fetchColumnFamily(new Text("A"));
    s.addScanIterator(is);
    s.setBatchSize(1);
    return s;
  }

  /**
   * Scans family A of {@code table} as {@code client} with {@code is} attached; returns the error
   * texts reported (error entries, or the exception the scan ended with).
   */
  static List<String> attach(AccumuloClient client, String table, IteratorSetting is) {
    return attach(client, table, is, new Range(), Integer.MAX_VALUE);
  }

  /**
   * {@link #attach(AccumuloClient, String, IteratorSetting)} over {@code range}, reading at most
   * {@code limit} entries (a scan that never ends must not hang the test).
   */
  static List<String> attach(AccumuloClient client, String table, IteratorSetting is,
      Range range, int limit) {
    List<String> errors = new ArrayList<>();
    try (Scanner s = scanA(client, table, is, range)) {
      int seen = 0;
      for (var it = s.iterator(); it.hasNext() && seen++ < limit;) {
        BatchStats st = BatchStats.decode(it.next().getValue().get());
        if (st.error != null) {
          errors.add(st.error);
        }
      }
    } catch (RuntimeException | TableNotFoundException e) {
      errors.add(String.valueOf(e));
    }
    return errors;
  }
}
