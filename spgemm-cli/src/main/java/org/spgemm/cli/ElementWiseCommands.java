package org.spgemm.cli;

import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Monoids;
import org.spgemm.client.ElementWise;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.Scalar;
import org.spgemm.client.Vector;
import org.spgemm.client.Vectors;
import org.spgemm.iterators.MultiplySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The GraphBLAS vector and element-wise commands (ewise-add, ewise-mult, apply, reduce, vxm,
 * mxv) on families of a table already in Accumulo. Each only builds the API's arguments, which
 * the API checks ({@link ElementWise}, {@link Vectors}) before any connection is made.
 */
final class ElementWiseCommands {

  private ElementWiseCommands() {}

  /** Shared shape: a real instance and table M, options checked first, then run. */
  abstract static class OnTable extends AbstractSpgemmSubcommand {

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--table", required = true, description = "table M holding the families")
    String table;

    /** Checks the command's arguments through the API; throws InvalidOptionException. */
    abstract void check();

    /** Runs on the connected cluster and prints what it wrote where. */
    abstract void run(Session s) throws Exception;

    @Override
    final void validate() {
      cluster.validate(table);
      if (cluster.isEmbedded()) {
        throw new UsageException(name() + " works on families of a table already in Accumulo;"
            + " give the instance's -c/--config-file (an embedded cluster starts empty; see spgemm embedded up)");
      }
      try {
        check();
      } catch (InvalidOptionException e) {
        throw new UsageException(name() + ": " + e.getMessage());
      }
    }

    @Override
    final ExitCode execute() throws Exception {
      try (Session s = cluster.open(err)) {
        run(s);
      }
      return ExitCode.OK;
    }

    String name() {
      return getClass().getAnnotation(Command.class).name();
    }

    void wrote(long entries, String family) {
      out.printf("%s: %d entries written into family %s of table %s%n", name(), entries,
          family, table);
    }
  }

  /** Shared options of ewise-add and ewise-mult. */
  abstract static class Ewise extends OnTable {
    @Option(names = "--a-family", required = true, paramLabel = "F")
    String a;

    @Option(names = "--b-family", required = true, paramLabel = "F")
    String b;

    @Option(names = "--c-family", required = true, paramLabel = "F",
        description = "the result (replaced)")
    String c;

    @Option(names = "--op", required = true, paramLabel = "OP",
        completionCandidates = BinaryOpNames.class,
        description = "binary operator: ${COMPLETION-CANDIDATES}")
    String op;

    @Option(names = "--codec", paramLabel = "NAME", defaultValue = MultiplySpec.DEFAULT_CODEC,
        description = "value codec of every family (default ${DEFAULT-VALUE})")
    String codec;
  }

  @Command(name = "ewise-add", mixinStandardHelpOptions = true, description = "C = A (+) B over"
      + " the union of the patterns (GrB_eWiseAdd), in the tablet servers.")
  static final class Add extends Ewise {
    @Override
    void check() {
      ElementWise.addSpec(c, op, a, b, codec);
    }

    @Override
    void run(Session s) {
      wrote(ElementWise.add(s.client, table, c, op, a, b, codec), c);
    }
  }

  @Command(name = "ewise-mult", mixinStandardHelpOptions = true, description = "C = A (x) B"
      + " over the intersection of the patterns (GrB_eWiseMult), in the tablet servers.")
  static final class Mult extends Ewise {
    @Override
    void check() {
      ElementWise.multSpec(c, op, a, b, codec);
    }

    @Override
    void run(Session s) {
      wrote(ElementWise.mult(s.client, table, c, op, a, b, codec), c);
    }
  }

  @Command(name = "apply", mixinStandardHelpOptions = true, description = "C = op(A) entry by"
      + " entry (GrB_apply): a unary operator, or a binary operator with --scalar bound second"
      + " (op(a, s)) or, with --scalar-first, first (op(s, a)).")
  static final class Apply extends OnTable {
    @Option(names = "--a-family", required = true, paramLabel = "F")
    String a;

    @Option(names = "--c-family", required = true, paramLabel = "F",
        description = "the result (replaced)")
    String c;

    @Option(names = "--op", required = true, paramLabel = "OP", description = "a unary"
        + " operator (identity, ainv, negate, minv, abs, one, lnot), or with --scalar a binary"
        + " one (plus, minus, times, div, min, max, first, second)")
    String op;

    @Option(names = "--scalar", paramLabel = "S", description = "the bound scalar")
    Double scalar;

    @Option(names = "--scalar-first", description = "op(s, a) instead of op(a, s)")
    boolean first;

    @Option(names = "--codec", paramLabel = "NAME", defaultValue = MultiplySpec.DEFAULT_CODEC,
        description = "value codec of A and C (default ${DEFAULT-VALUE})")
    String codec;

    @Override
    void check() {
      if (scalar == null) {
        if (first) {
          throw new InvalidOptionException("--scalar-first needs --scalar");
        }
        ElementWise.applySpec(c, op, a, codec);
      } else {
        ElementWise.boundSpec(c, op, scalar, first, a, codec);
      }
    }

    @Override
    void run(Session s) {
      long n = scalar == null ? ElementWise.apply(s.client, table, c, op, a, codec)
          : first ? ElementWise.apply1st(s.client, table, c, op, scalar, a, codec)
              : ElementWise.apply2nd(s.client, table, c, op, a, scalar, codec);
      wrote(n, c);
    }
  }

  @Command(name = "reduce", mixinStandardHelpOptions = true, description = "Reduces A with a"
      + " monoid (GrB_reduce): with --c-family and --row, each row to an entry of the vector in"
      + " that row (column = A's row key); without, the whole of A to a scalar, printed.")
  static final class Reduce extends OnTable {
    @Option(names = "--a-family", required = true, paramLabel = "F")
    String a;

    @Option(names = "--monoid", required = true, paramLabel = "M",
        completionCandidates = MonoidNames.class,
        description = "${COMPLETION-CANDIDATES}")
    String monoid;

    @Option(names = "--c-family", paramLabel = "F", description = "the vector w (replaced)")
    String c;

    @Option(names = "--row", paramLabel = "KEY", description = "w's row key")
    String row;

    @Option(names = "--codec", paramLabel = "NAME", defaultValue = MultiplySpec.DEFAULT_CODEC,
        description = "value codec (default ${DEFAULT-VALUE})")
    String codec;

    @Override
    void check() {
      if ((c == null) != (row == null)) {
        throw new InvalidOptionException("--c-family and --row go together (without both, A is"
            + " reduced to a scalar)");
      }
      if (row != null) {
        Vector.of(c, row);
      }
      ElementWise.reduceSpec(c, monoid, a, codec);
    }

    @Override
    void run(Session s) {
      if (c == null) {
        Scalar v = ElementWise.reduce(s.client, table, monoid, a, codec);
        out.println(v);
      } else {
        wrote(ElementWise.reduceRows(s.client, table, Vector.of(c, row), monoid, a, codec), c);
      }
    }
  }

  /** Shared options of vxm and mxv. */
  abstract static class VectorMultiply extends OnTable {
    @Option(names = "--u-family", required = true, paramLabel = "F",
        description = "family holding the vector u")
    String u;

    @Option(names = "--row", required = true, paramLabel = "KEY", description = "u's row key;"
        + " w is written into the same row")
    String row;

    @Option(names = "--a-family", required = true, paramLabel = "F")
    String a;

    @Option(names = "--c-family", required = true, paramLabel = "F",
        description = "the result vector w")
    String c;

    @Option(names = "--mask-family", paramLabel = "F", description = "a vector mask in the same"
        + " row")
    String mask;

    @Option(names = "--structure", description = "the mask lets through any entry (default:"
        + " entries that are not zero)")
    boolean structure;

    @Option(names = "--complement", description = "complement the mask")
    boolean complement;

    @Option(names = "--accum", paramLabel = "OP", description = "accumulate into the stored w")
    String accum;

    @Mixin
    MultiplyOptionsMixin multiply;

    @Option(names = "--semiring", paramLabel = "NAME",
        completionCandidates = MultiplyOptionsMixin.SemiringNames.class,
        description = MultiplyOptionsMixin.SEMIRING_HELP)
    void setSemiring(String name) {
      multiply.semiring = name;
    }

    Vectors.Mask maskArg() {
      if (mask == null) {
        if (structure || complement) {
          throw new InvalidOptionException("--structure and --complement need --mask-family");
        }
        return null;
      }
      return new Vectors.Mask(mask, structure ? MaskMode.STRUCTURE : MaskMode.VALUE,
          complement);
    }

    MultiplyOptions.Builder desc() {
      return multiply.options();
    }

    void report(MultiplyResult r) {
      out.printf("%s: w in row %s of family %s of table %s (%d entries)%n", name(), row, c,
          table, r.nnzC());
    }
  }

  @Command(name = "vxm", mixinStandardHelpOptions = true, description = "w<mask> = accum(w, u"
      + " (+).(x) A) (GrB_vxm), u one row of a family: a multiply of that row in the tablet"
      + " servers.")
  static final class Vxm extends VectorMultiply {
    @Override
    void check() {
      Vectors.vxmOptions(c, maskArg(), accum, multiply.semiringName(), Vector.of(u, row), a,
          desc());
    }

    @Override
    void run(Session s) {
      report(Vectors.vxm(s.client, table, c, maskArg(), accum, multiply.semiringName(),
          Vector.of(u, row), a, desc()));
    }
  }

  @Command(name = "mxv", mixinStandardHelpOptions = true, description = "w<mask> = accum(w, A"
      + " (+).(x) u) (GrB_mxv), computed as u*A' (A' by a server-side transpose into A^T).")
  static final class Mxv extends VectorMultiply {
    @Override
    void check() {
      Vectors.mxvOptions(c, maskArg(), accum, multiply.semiringName(), a, Vector.of(u, row),
          desc());
    }

    @Override
    void run(Session s) {
      report(Vectors.mxv(s.client, table, c, maskArg(), accum, multiply.semiringName(), a,
          Vector.of(u, row), desc()));
    }
  }

  /** Names for help and completion. */
  static final class BinaryOpNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return BinaryOps.names().iterator();
    }
  }

  static final class MonoidNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Monoids.names().iterator();
    }
  }
}
