package org.spgemm.client;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.TableLayout;

/**
 * What a multiply checks before it changes anything: that M and B's table exist, that the A and
 * B families are there, and that their shapes fit.
 */
final class InputCheck {

  private final AccumuloClient client;
  private final String table;
  private final String bTable;
  private final String cTable;
  private final MultiplyOptions opts;
  /** The inputs' digest being taken beside the check, or null. */
  private final CompletableFuture<InputDigest> digest;
  /** B's recorded shape, once {@link #check} read it (null: none recorded). */
  private Shape bShape;

  /**
   * @param digest the digest of the inputs being taken meanwhile (null: none): the entries it
   *        counts show A's and B's families there without a scan of their own
   */
  InputCheck(AccumuloClient client, String table, String bTable, String cTable,
      MultiplyOptions opts, CompletableFuture<InputDigest> digest) {
    this.client = client;
    this.table = table;
    this.bTable = bTable;
    this.cTable = cTable;
    this.opts = opts;
    this.digest = digest;
  }

  /** Checks tables, families and shapes; returns C's shape when A's and B's are known. */
  Shape check() {
    notAccumulos(bTable, "B");
    notAccumulos(cTable, "C");
    if (opts.spec.maskTable() != null) {
      notAccumulos(opts.spec.maskTable(), "mask");
    }
    for (String t : new String[] {table, bTable, cTable}) {
      if (!client.tableOperations().exists(t)) {
        throw ClusterException.noTable(t, null);
      }
    }
    requireFamily(table, opts.spec.aFamily(), "A");
    requireFamily(bTable, opts.spec.bFamily(), "B");
    Shape a = MatrixStore.shape(client, table, opts.spec.aFamily()).orElse(null);
    Shape b = MatrixStore.shape(client, bTable, opts.spec.bFamily()).orElse(null);
    bShape = b;
    if (a != null && b != null) {
      if (a.cols() != b.rows()) {
        throw new DimensionMismatchException("shape mismatch: A (" + table + ":" + opts.spec.aFamily()
            + ") is " + a + " but B (" + bTable + ":" + opts.spec.bFamily() + ") is " + b
            + " (A columns must equal B rows)");
      }
      Shape c = new Shape(a.rows(), b.cols(), 0, Math.max(a.keyWidth(), b.keyWidth()));
      checkMxmShapes(c);
      return c;
    }
    checkMxmShapes(null);
    return null;
  }

  /** B's rows as its recorded shape says; -1 when none is recorded (or before {@link #check}). */
  long bRows() {
    return bShape == null ? -1 : bShape.rows();
  }

  /** The mask must exist and have C's shape; a stored C that is merged must have it too. */
  private void checkMxmShapes(Shape c) {
    if (opts.spec.maskFamily() != null) {
      String maskTable = opts.spec.maskTable() == null ? table : opts.spec.maskTable();
      if (!client.tableOperations().exists(maskTable)) {
        throw ClusterException.noTable(maskTable, null);
      }
      requireFamily(maskTable, opts.spec.maskFamily(), "mask");
      Shape m = MatrixStore.shape(client, maskTable, opts.spec.maskFamily()).orElse(null);
      if (c != null && m != null && (m.rows() != c.rows() || m.cols() != c.cols())) {
        throw new DimensionMismatchException("shape mismatch: the mask (" + maskTable + ":"
            + opts.spec.maskFamily() + ") is " + m + " but C = A*B is " + c.rows() + "x" + c.cols());
      }
    }
    if (opts.readsC() && c != null) {
      Shape old = MatrixStore.shape(client, table, opts.spec.cFamily()).orElse(null);
      if (old != null && (old.rows() != c.rows() || old.cols() != c.cols())
          && InputCheck.hasEntries(client, table, opts.spec.cFamily())) {
        throw new DimensionMismatchException("shape mismatch: the stored C (" + table + ":"
            + opts.spec.cFamily() + ") is " + old + " but A*B is " + c.rows() + "x" + c.cols());
      }
    }
  }

  /**
   * The tablet servers never read or write Accumulo's own tables for a multiply (they refuse
   * too); said here before anything starts.
   */
  private static void notAccumulos(String t, String role) {
    if (t.startsWith(TableLayout.SYSTEM_NAMESPACE + ".")) {
      throw new InvalidOptionException(role + " table " + t + " is one of Accumulo's own tables;"
          + " multiplies never read or write those");
    }
  }

  /** Transpose: A's family must be there; returns the transpose's shape when A's is known. */
  Shape checkTranspose() {
    for (String t : new String[] {table, cTable}) {
      if (!client.tableOperations().exists(t)) {
        throw ClusterException.noTable(t, null);
      }
    }
    requireFamily(table, opts.spec.aFamily(), "A");
    return MatrixStore.shape(client, table, opts.spec.aFamily())
        .map(a -> new Shape(a.cols(), a.rows(), 0, a.keyWidth())).orElse(null);
  }

  /** A family must be a locality group of the table or hold at least one entry. */
  private void requireFamily(String t, String family, String role) {
    if (digested(new InputDigest.Input(role, t, family)) || hasEntries(client, t, family)) {
      return;
    }
    try {
      if (client.tableOperations().getLocalityGroups(t).values().stream()
          .anyMatch(g -> g.contains(new Text(family)))) {
        return; // an empty matrix that has its own locality group
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(t, null);
    } catch (AccumuloException e) {
      // reading table configuration takes more than READ; the entries decide then
    }
    throw new InvalidOptionException("family " + family + " (" + role + ") not found in table "
        + t + ": no locality group and no entries");
  }

  /**
   * Whether the digest taken meanwhile counts entries of {@code in} the caller can read (as
   * {@link #hasEntries} would see); false when there is none, or it failed (the scan then says
   * why).
   */
  private boolean digested(InputDigest.Input in) {
    if (digest == null) {
      return false;
    }
    try {
      InputDigest d = digest.join();
      return d.has(in) && d.entries(in) > 0;
    } catch (CompletionException | CancellationException e) {
      return false;
    }
  }

  static boolean hasEntries(AccumuloClient client, String t, String family) {
    try (Scanner s = client.createScanner(t, MatrixStore.userAuths(client))) {
      s.fetchColumnFamily(new Text(family));
      s.setBatchSize(1);
      return s.iterator().hasNext();
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(t, null);
    } catch (RuntimeException e) {
      throw new ClusterException("cannot scan table " + t + " (READ permission needed): "
          + e.getMessage(), e);
    }
  }
}
