package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.io.Text;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.Monoids;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.ElementWiseIterator;
import org.spgemm.iterators.ElementWiseSpec;
import org.spgemm.iterators.ElementWiseSpec.Kind;
import org.spgemm.iterators.TableLayout;
import org.spgemm.kernel.DomainValues;

/**
 * GraphBLAS element-wise operations on the families of one table, computed in the tablet servers
 * by a scan carrying {@link ElementWiseIterator}: it reads the input families of each row with the
 * runner's authorizations and returns the result row, which the client writes into the output
 * family (cleared first, whatever its labels). A result entry carries the conjunction of the
 * visibilities of the entries it comes from. Values are computed in the domain of {@code codec}
 * (INT64 for long, FP64 otherwise), which every family involved is read and written with.
 *
 * <p>Arguments follow the C API's order (output, operator, inputs); no mask or accumulator: the
 * output family is replaced. The output must be a family other than the inputs'. Recorded shapes
 * of the inputs must agree (else {@link DimensionMismatchException}) and the output's is
 * recorded.
 */
public final class ElementWise {

  private ElementWise() {}

  /** C = A ⊕ B over the union of the patterns (GrB_eWiseAdd). Returns entries written. */
  public static long add(AccumuloClient client, String table, String c, String op, String a,
      String b, String codec) {
    return run(client, table, c, null, addSpec(c, op, a, b, codec));
  }

  /** C = A ⊗ B over the intersection of the patterns (GrB_eWiseMult). */
  public static long mult(AccumuloClient client, String table, String c, String op, String a,
      String b, String codec) {
    return run(client, table, c, null, multSpec(c, op, a, b, codec));
  }

  /** C = op(A) entry by entry (GrB_apply with a unary operator, {@code UnaryOps} names). */
  public static long apply(AccumuloClient client, String table, String c, String unaryOp,
      String a, String codec) {
    return run(client, table, c, null, applySpec(c, unaryOp, a, codec));
  }

  /** C = op(s, A) entry by entry (GrB_apply with a BinaryOp bound first). */
  public static long apply1st(AccumuloClient client, String table, String c, String op, double s,
      String a, String codec) {
    return run(client, table, c, null, boundSpec(c, op, s, true, a, codec));
  }

  /** C = op(A, s) entry by entry (GrB_apply with a BinaryOp bound second). */
  public static long apply2nd(AccumuloClient client, String table, String c, String op, String a,
      double s, String codec) {
    return run(client, table, c, null, boundSpec(c, op, s, false, a, codec));
  }

  /**
   * w(i) = ⊕_j A(i,j) for every row i of A with an entry (GrB_reduce to a vector): written as
   * row {@code w.row()} of family {@code w.family()}, entry i at column key i (A's row key).
   * Returns entries written.
   */
  public static long reduceRows(AccumuloClient client, String table, Vector w, String monoid,
      String a, String codec) {
    notNull("w", w);
    return run(client, table, w.family(), w.row(), reduceSpec(w.family(), monoid, a, codec));
  }

  /**
   * s = ⊕ A(i,j) over every entry (GrB_reduce to a scalar): the tablet servers reduce each row,
   * the client folds the rows. The monoid's identity for an empty A.
   */
  public static Scalar reduce(AccumuloClient client, String table, String monoid, String a,
      String codec) {
    ElementWiseSpec spec = reduceSpec(null, monoid, a, codec);
    SpGEMM.checkTable(client, table);
    Monoid m = Monoids.forName(monoid);
    Domain d = spec.domain();
    long[] acc = {DomainValues.identity(m, d)};
    scan(client, table, spec, (k, v) -> acc[0] = DomainValues.apply(m, d, acc[0],
        DomainValues.decode(ValueCodecs.forName(codec), d, v.get())));
    return new Scalar(d, acc[0]);
  }

  /**
   * The spec of {@link #add}, checked without touching a cluster.
   *
   * @throws InvalidOptionException naming the argument or option
   */
  public static ElementWiseSpec addSpec(String c, String op, String a, String b, String codec) {
    return spec(Kind.ADD, c, a, b, op, null, null, false, null, codec);
  }

  /** The spec of {@link #mult}, checked without touching a cluster. */
  public static ElementWiseSpec multSpec(String c, String op, String a, String b, String codec) {
    return spec(Kind.MULT, c, a, b, op, null, null, false, null, codec);
  }

  /** The spec of {@link #apply}, checked without touching a cluster. */
  public static ElementWiseSpec applySpec(String c, String unaryOp, String a, String codec) {
    return spec(Kind.APPLY, c, a, null, null, notNull("unary operator", unaryOp), null, false,
        null, codec);
  }

  /** The spec of {@link #apply1st} (first true) or {@link #apply2nd}, checked. */
  public static ElementWiseSpec boundSpec(String c, String op, double s, boolean first, String a,
      String codec) {
    if (!Double.isFinite(s)) {
      throw new InvalidOptionException("scalar must be a finite number, not " + s);
    }
    return spec(Kind.APPLY, c, a, null, notNull("binary operator", op), null,
        Double.toString(s), first, null, codec);
  }

  /** The spec of {@link #reduceRows} (and, with a null c, {@link #reduce}), checked. */
  public static ElementWiseSpec reduceSpec(String c, String monoid, String a, String codec) {
    return spec(Kind.REDUCE, c, a, null, null, null, null, false, notNull("monoid", monoid),
        codec);
  }

  private static ElementWiseSpec spec(Kind kind, String c, String a, String b, String op,
      String unary, String scalar, boolean first, String monoid, String codec) {
    family("A", a);
    if (kind == Kind.ADD || kind == Kind.MULT) {
      family("B", b);
    }
    if (kind != Kind.REDUCE || c != null) {
      family("C", c);
      if (c.equals(a) || c.equals(b)) {
        throw new InvalidOptionException("the output family " + c + " must differ from the"
            + " input families (it is cleared before it is written)");
      }
    }
    notNull("codec", codec);
    try {
      return new ElementWiseSpec(kind, a, b, op, unary, scalar, first, monoid, codec, codec,
          codec);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
  }

  private static void family(String what, String f) {
    if (notNull("family of " + what, f).isEmpty()) {
      throw new InvalidOptionException("family of " + what + " must not be empty");
    }
    if (f.equals(TableLayout.META_FAMILY)) {
      throw new InvalidOptionException("family of " + what + " must not be "
          + TableLayout.META_FAMILY + " (the library's own records)");
    }
  }

  /** Checks shapes, clears c, scans and writes; vectorRow non-null: reduce to that row. */
  private static long run(AccumuloClient client, String table, String c, String vectorRow,
      ElementWiseSpec spec) {
    SpGEMM.checkTable(client, table);
    Optional<Shape> shape = shapes(client, table, spec);
    new CFamily(client, table, MultiplyOptions.builder().families(spec.x(), spec.x(), c)
        .build()).clear();
    byte[] fam = c.getBytes(StandardCharsets.UTF_8);
    long[] written = {0};
    try (BatchWriter w = client.createBatchWriter(table)) {
      scan(client, table, spec, (k, v) -> {
        Mutation m;
        if (vectorRow == null) {
          m = new Mutation(k.getRowData().toArray());
          m.put(fam, k.getColumnQualifierData().toArray(),
              new ColumnVisibility(k.getColumnVisibilityData().toArray()), v.get());
        } else {
          m = new Mutation(vectorRow);
          m.put(fam, k.getRowData().toArray(),
              new ColumnVisibility(k.getColumnVisibilityData().toArray()), v.get());
        }
        try {
          w.addMutation(m);
        } catch (MutationsRejectedException e) {
          throw new ClusterException("writing " + c + " into " + table + " failed: "
              + e.getMessage(), e);
        }
        written[0]++;
      });
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (MutationsRejectedException e) {
      throw new ClusterException("writing " + c + " into " + table + " failed: "
          + e.getMessage(), e);
    }
    if (vectorRow == null && shape.isPresent()) {
      Shape s = shape.get();
      MatrixStore.recordShape(client, table, c, new Shape(s.rows(), s.cols(), written[0],
          s.keyWidth()));
    }
    return written[0];
  }

  /** The inputs' recorded shape (x's), refusing two that differ. */
  private static Optional<Shape> shapes(AccumuloClient client, String table,
      ElementWiseSpec spec) {
    Optional<Shape> x = MatrixStore.shape(client, table, spec.x());
    if (spec.y() != null && x.isPresent()) {
      Optional<Shape> y = MatrixStore.shape(client, table, spec.y());
      if (y.isPresent() && (y.get().rows() != x.get().rows()
          || y.get().cols() != x.get().cols())) {
        throw new DimensionMismatchException("shape mismatch: " + spec.x() + " is " + x.get()
            + " but " + spec.y() + " is " + y.get());
      }
    }
    return x;
  }

  /** Scans the input families through the iterator, with the runner's authorizations. */
  private static void scan(AccumuloClient client, String table, ElementWiseSpec spec,
      java.util.function.BiConsumer<Key,Value> each) {
    try (BatchScanner s = client.createBatchScanner(table, MatrixStore.userAuths(client), 4)) {
      s.setRanges(List.of(new Range()));
      s.fetchColumnFamily(new Text(spec.x()));
      if (spec.y() != null) {
        s.fetchColumnFamily(new Text(spec.y()));
      }
      s.addScanIterator(ElementWiseIterator.setting(spec));
      for (Map.Entry<Key,Value> e : s) {
        if (e.getKey().getColumnFamilyData().toString()
            .equals(ElementWiseIterator.ERROR_FAMILY)) {
          throw new SpgemmException(new String(e.getValue().get(), StandardCharsets.UTF_8));
        }
        each.accept(e.getKey(), e.getValue());
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
  }
}
