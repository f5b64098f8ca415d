package org.spgemm.cli;

import java.nio.file.Path;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.MaskMode;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.MultiplyOptions;
import picocli.CommandLine.Option;

/**
 * The GraphBLAS parts of {@code multiply}: C&lt;M&gt; = accum(C, op(A)(I,:) * op(B)(:,J)). Files
 * name the mask and the stored C; everything else is a translation onto {@link
 * MultiplyOptions.Builder}, which checks it.
 */
final class MxmOptionsMixin {

  /** Sorts after every numeric key: a subset starting there is empty. */
  private static final String PAST_EVERY_KEY = "~";

  /** Family of M the --mask file is loaded into. */
  static final String MASK_FAMILY = "MK";

  @Option(names = "--mask", paramLabel = "MK.mtx", description = "mask M of C<M> = A*B, of C's"
      + " shape (loaded into family " + MASK_FAMILY + " of the table): only entries of C where M"
      + " lets them through are computed")
  Path mask;

  @Option(names = "--mask-structure", description = "any stored mask entry lets C(i,j) through"
      + " (default: only entries whose value is not zero)")
  boolean maskStructure;

  @Option(names = "--mask-complement", description = "compute C(i,j) where the mask does not"
      + " let it through")
  boolean maskComplement;

  @Option(names = "--accum", paramLabel = "OP", completionCandidates = AccumNames.class,
      description = "C = C op (A*B), merged with --c-in: ${COMPLETION-CANDIDATES}")
  String accum;

  @Option(names = "--c-in", paramLabel = "C0.mtx", description = "the C stored before the"
      + " multiply (for --accum, or kept outside the mask)")
  Path cIn;

  @Option(names = "--replace", description = "GrB_REPLACE: entries of the stored C outside the"
      + " mask are deleted (kept by default)")
  boolean replace;

  @Option(names = "--transpose-a", description = "multiply by A' (written by a server-side"
      + " transpose into family A^T)")
  boolean transposeA;

  @Option(names = "--transpose-b", description = "multiply by B' (family B^T)")
  boolean transposeB;

  @Option(names = "--rows", paramLabel = "I1:I2", description = "only rows I1..I2 of A (1-based,"
      + " inclusive; either end may be left out)")
  String rows;

  @Option(names = "--cols", paramLabel = "K1:K2", description = "only columns K1..K2 of B"
      + " (1-based, inclusive)")
  String cols;

  /** Sets what the user gave on {@code b}; keys of the subsets are written with {@code keys}. */
  void apply(MultiplyOptions.Builder b, KeyFormat keys, long aRows, long bCols) {
    apply(b, keys, aRows, bCols, mask == null ? null : MASK_FAMILY);
  }

  /**
   * As {@link #apply(MultiplyOptions.Builder, KeyFormat, long, long)} with the mask in family
   * {@code maskFamily} (null: no mask), e.g. --mask-family of a table.
   */
  void apply(MultiplyOptions.Builder b, KeyFormat keys, long aRows, long bCols,
      String maskFamily) {
    try {
      if (maskFamily != null) {
        b.mask(maskFamily, maskStructure ? MaskMode.STRUCTURE : MaskMode.VALUE, maskComplement);
      } else if (maskStructure || maskComplement) {
        throw new AbstractSpgemmSubcommand.UsageException(
            "--mask-structure and --mask-complement need --mask or --mask-family");
      }
      if (accum != null) {
        b.accum(accum);
      }
      if (replace) {
        b.replace();
      }
      if (transposeA) {
        b.transposeA();
      }
      if (transposeB) {
        b.transposeB();
      }
      if (rows != null) {
        String[] r = range("--rows", rows, keys, aRows);
        b.rows(r[0], r[1]);
      }
      if (cols != null) {
        String[] c = range("--cols", cols, keys, bCols);
        b.columns(c[0], c[1]);
      }
    } catch (InvalidOptionException e) {
      throw new AbstractSpgemmSubcommand.UsageException(e.getMessage());
    }
  }

  /**
   * Checks the flags that need no cluster (before anything is loaded), setting them on {@code
   * b} (with keys of the widest format) so that the caller can check them with the rest.
   */
  void validate(MultiplyOptions.Builder b) {
    validate(b, null);
  }

  /**
   * As {@link #validate(MultiplyOptions.Builder)}; with {@code maskFamily} (the table mode) the
   * mask is that family and --accum merges into what the C family holds.
   */
  void validate(MultiplyOptions.Builder b, String maskFamily) {
    apply(b, KeyFormat.ofWidth(19), Long.MAX_VALUE, Long.MAX_VALUE,
        mask != null ? MASK_FAMILY : maskFamily);
    if (accum != null && cIn == null && tableFamilies == null) {
      throw new AbstractSpgemmSubcommand.UsageException("--accum needs --c-in (the C it"
          + " accumulates into)");
    }
  }

  /** Set by a command in the table mode: --accum then merges into the C family as it is. */
  String tableFamilies;

  /** The file options of this mixin that was given, or null (the table mode takes none). */
  String fileOption() {
    return mask != null ? "--mask" : cIn != null ? "--c-in" : rows != null ? "--rows"
        : cols != null ? "--cols" : null;
  }

  /** True when any flag here changes C = A*B into more than a plain product. */
  boolean any() {
    return mask != null || accum != null || cIn != null || replace || transposeA || transposeB
        || rows != null || cols != null;
  }

  /**
   * "I1:I2" (1-based, either end optional) as inclusive keys, null for an open end; an index past
   * {@code limit} selects nothing there.
   */
  static String[] range(String flag, String text, KeyFormat keys, long limit) {
    String[] parts = text.split(":", -1);
    if (parts.length != 2) {
      throw new AbstractSpgemmSubcommand.UsageException(flag + " " + text
          + ": expected FIRST:LAST (1-based, inclusive)");
    }
    String[] out = new String[2];
    long[] index = new long[2];
    for (int k = 0; k < 2; k++) {
      if (parts[k].isBlank()) {
        continue;
      }
      try {
        long v = Long.parseLong(parts[k].trim());
        if (v < 1) {
          throw new NumberFormatException();
        }
        index[k] = v;
        out[k] = v > limit ? (k == 0 ? PAST_EVERY_KEY : null) : keys.encodeString(v - 1);
      } catch (NumberFormatException e) {
        throw new AbstractSpgemmSubcommand.UsageException(flag + " " + text + ": '" + parts[k]
            + "' is not a positive index");
      } catch (IllegalArgumentException e) {
        throw new AbstractSpgemmSubcommand.UsageException(flag + " " + text + ": "
            + e.getMessage());
      }
    }
    if (index[0] > 0 && index[1] > 0 && index[0] > index[1]) {
      throw new AbstractSpgemmSubcommand.UsageException(flag + " " + text + ": the first index "
          + index[0] + " is after the last " + index[1] + " (the range would be empty)");
    }
    return out;
  }

  /** Accumulator names for help, from the registry. */
  static final class AccumNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      java.util.List<String> names = new java.util.ArrayList<>();
      BinaryOps.names().forEach(n -> names.add(n.toLowerCase(java.util.Locale.ROOT)));
      return names.iterator();
    }
  }
}
