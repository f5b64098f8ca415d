package org.spgemm.cli;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.InvalidOptionException;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.MultiplySpec;
import picocli.CommandLine.Option;

/**
 * The options of the multiply itself, shared by every command that multiplies. Each is only a
 * translation onto {@link MultiplyOptions.Builder}, which checks it; what the user did not set is
 * not passed on, so the API's defaults apply. Help texts take defaults and names from the API.
 */
final class MultiplyOptionsMixin {

  /**
   * Set by the commands that offer --semiring (multiply, galerkin, partition); the algorithms
   * that fix their semiring do not offer the flag at all.
   */
  String semiring;

  /** Help of --semiring, for the commands that offer it. */
  static final String SEMIRING_HELP = "${COMPLETION-CANDIDATES} or " + Semirings.CLASS_PREFIX
      + "<fqcn> (default " + MultiplySpec.DEFAULT_SEMIRING + ")";

  @Option(names = "--codec", paramLabel = "NAME", completionCandidates = CodecNames.class,
      description = "value codec in the table: ${COMPLETION-CANDIDATES} (default "
          + MultiplySpec.DEFAULT_CODEC + ")")
  String codec;

  @Option(names = "--engine", paramLabel = "NAME",
      description = "auto (the scan engine for small work; for large, bulk where every tablet"
          + " server reads all of B and the compaction engine elsewhere, by an estimate of the"
          + " partial products), compaction (C computed in a user compaction of M, written"
          + " straight into its files), scan (the paper's write path: a scan iterator and a"
          + " BatchWriter) or bulk (the scan iterator writing C as RFiles that are then"
          + " bulk-imported; needs BULK_IMPORT on C's table) (default " + Engine.DEFAULT_NAME
          + ")")
  String engine;

  @Option(names = "--batch-b-rows", paramLabel = "N", description = "B rows to fetch that close"
      + " a batch (default " + MultiplySpec.DEFAULT_BATCH_B_ROWS + ")")
  Integer batchBRows;

  @Option(names = "--threads", paramLabel = "N", description = "batches in flight per tablet,"
      + " 1 to " + MultiplyOptions.MAX_THREADS + " (default "
      + MultiplySpec.DEFAULT_THREADS + ")")
  Integer threads;

  @Option(names = "--no-local-b", description = "compaction engine: read"
      + " every B row by nested scan, also those in the tablet being compacted")
  boolean noLocalB;

  @Option(names = "--progress-timeout", paramLabel = "SECONDS",
      description = "fail, cancel the work and mark C FAILED when no tablet reports progress for"
          + " this long (default " + MultiplyOptions.DEFAULT_PROGRESS_TIMEOUT_SECONDS + ")")
  Integer progressTimeout;

  @Option(names = "--nested-executor", paramLabel = "NAME", description = "scan executor of the"
      + " tablet servers that nested B scans run on (default "
      + org.spgemm.iterators.TableLayout.DEFAULT_NESTED_EXECUTOR + ")")
  String nestedExecutor;

  /** The codec name in effect. */
  String codecName() {
    return codec != null ? codec : MultiplySpec.DEFAULT_CODEC;
  }

  ValueCodec codec() {
    return ValueCodecs.forName(codecName());
  }

  /** The semiring name in effect. */
  String semiringName() {
    return semiring != null ? semiring : MultiplySpec.DEFAULT_SEMIRING;
  }

  /**
   * The API's options with what the user set.
   *
   * @throws AbstractSpgemmSubcommand.UsageException naming the option the API refused
   */
  MultiplyOptions.Builder builder() {
    MultiplyOptions.Builder b = MultiplyOptions.builder();
    set("--semiring", semiring, b::semiring);
    set("--codec", codec, b::codec);
    set("--engine", engine, e -> b.engine(engine(e)));
    set("--batch-b-rows", batchBRows, b::batchBRows);
    set("--threads", threads, b::threads);
    set("--no-local-b", noLocalB ? Boolean.FALSE : null, b::localB);
    set("--progress-timeout", progressTimeout, s -> b.progressTimeout(Duration.ofSeconds(s)));
    set("--nested-executor", nestedExecutor, b::nestedExecutor);
    return b;
  }

  /**
   * {@link #builder()}, built once so that the API checks the options together as well (a
   * conflict between two of them is refused now, before any work).
   */
  MultiplyOptions.Builder options() {
    MultiplyOptions.Builder b = builder();
    b.build();
    return b;
  }

  private static <T> void set(String flag, T value, Consumer<T> setter) {
    if (value == null) {
      return;
    }
    try {
      setter.accept(value);
    } catch (InvalidOptionException e) {
      throw new AbstractSpgemmSubcommand.UsageException(flag + ": " + e.getMessage());
    }
  }

  private static Engine engine(String name) {
    try {
      return Engine.valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException("unknown engine '" + name + "'; known: "
          + Arrays.stream(Engine.values()).map(v -> v.name().toLowerCase(Locale.ROOT))
              .collect(Collectors.joining(", ")));
    }
  }

  /** Semiring names for help, from the registry. */
  static final class SemiringNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Semirings.builtIn().keySet().iterator();
    }
  }

  /** Codec names for help, from the registry. */
  static final class CodecNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return ValueCodecs.names().iterator();
    }
  }
}
