package org.spgemm.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.spgemm.cli.AbstractSpgemmSubcommand.UsageException;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.matrix.ValueRules;

/**
 * Checks of the files a command reads and writes, made before any work (no cluster starts and
 * nothing is multiplied for a path that cannot be written), and the value rules a codec imposes
 * on input files. Every refusal is one {@link UsageException} line naming the option and path.
 * Public for the other command-line tools of the project ({@code bench}).
 */
public final class FileChecks {

  private FileChecks() {}

  /**
   * Refuses an output path that cannot be written: a directory, a missing or non-directory
   * parent, an existing file that is not a regular file (a FIFO would block the writer), or a
   * place where creating or opening the file fails ({@link #probe}; permissions alone do not
   * tell: root may "write" anywhere in /proc).
   */
  public static void checkOutput(Path path, String option) {
    if (path == null) {
      return;
    }
    String what = option + " " + path;
    if (Files.isDirectory(path)) {
      throw new UsageException(what + ": is a directory (give a file name)");
    }
    Path parent = path.toAbsolutePath().normalize().getParent();
    if (parent == null || !Files.exists(parent)) {
      throw new UsageException(what + ": directory " + parent + " does not exist");
    }
    if (!Files.isDirectory(parent)) {
      throw new UsageException(what + ": " + parent + " is not a directory");
    }
    if (Files.exists(path) && !Files.isRegularFile(path)) {
      throw new UsageException(what + ": exists and is not a regular file");
    }
    probe(path, parent, what);
  }

  /** The directory holding {@code file}, made absolute (for the root itself, the root). */
  public static Path directoryOf(Path file) {
    Path abs = file.toAbsolutePath();
    Path parent = abs.getParent();
    return parent == null ? abs : parent;
  }

  /** The last element of {@code path}'s name, or "" for a root. */
  public static String nameOf(Path path) {
    Path name = path.getFileName();
    return name == null ? "" : name.toString();
  }

  /**
   * Refuses an output directory (created when missing, as with {@link Files#createDirectories})
   * in which a file cannot be created: the probe runs in the directory, or in its nearest
   * existing ancestor.
   */
  public static void checkOutputDirectory(Path dir, String option) {
    Path d = dir.toAbsolutePath().normalize();
    for (Path up = d.getParent(); !Files.exists(d) && up != null; up = d.getParent()) {
      d = up;
    }
    if (!Files.isDirectory(d)) {
      throw new UsageException(option + " " + dir + ": " + d + " is not a directory");
    }
    probeCreate(d, option + " " + dir);
  }

  /**
   * Writes nothing but proves that {@code path} can be written: a missing file is created and
   * deleted again; for an existing one (never truncated) a file is created and deleted beside
   * it, and it is opened for writing.
   */
  private static void probe(Path path, Path parent, String what) {
    if (!Files.exists(path)) {
      try {
        Files.createFile(path);
        Files.delete(path);
      } catch (IOException e) {
        throw new UsageException(what + ": cannot create a file in " + parent + " ("
            + reason(e) + ")");
      }
      return;
    }
    probeCreate(parent, what);
    try {
      FileChannel.open(path, StandardOpenOption.WRITE).close();
    } catch (IOException e) {
      throw new UsageException(what + ": cannot be opened for writing (" + reason(e) + ")");
    }
  }

  /** Creates and deletes a hidden file in {@code dir}. */
  private static void probeCreate(Path dir, String what) {
    try {
      Files.delete(Files.createTempFile(dir, ".spgemm-probe-", ".tmp"));
    } catch (IOException e) {
      throw new UsageException(what + ": cannot create a file in " + dir + " (" + reason(e)
          + ")");
    }
  }

  private static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e instanceof NoSuchFileException ? "the file system does not allow it" : e.toString();
  }

  /**
   * Refuses an input other than a matrix (read only after the cluster is up, so checked first):
   * it must be a readable regular file.
   */
  static void checkInput(Path path, String option) {
    if (path == null) {
      return;
    }
    String problem = !Files.exists(path) ? "no such file" : Files.isDirectory(path)
        ? "is a directory" : !Files.isRegularFile(path) ? "is not a regular file"
        : !Files.isReadable(path) ? "cannot be read (permission denied)" : null;
    if (problem != null) {
      throw new UsageException(option + " " + path + ": " + problem);
    }
  }

  /**
   * Checks every output (null paths are skipped) with {@link #checkOutput}, then that no output
   * is an input or another output.
   */
  static void checkOutputs(String[] inputOptions, Path[] inputs, String[] outputOptions,
      Path[] outputs) {
    for (int o = 0; o < outputs.length; o++) {
      checkOutput(outputs[o], outputOptions[o]);
    }
    for (int o = 0; o < outputs.length; o++) {
      for (int i = 0; i < inputs.length; i++) {
        checkDistinct(outputs[o], outputOptions[o], inputs[i], inputOptions[i]);
      }
      for (int p = 0; p < o; p++) {
        checkDistinct(outputs[o], outputOptions[o], outputs[p], outputOptions[p]);
      }
    }
  }

  /** Refuses an output that is the same file as an input or as another output. */
  static void checkDistinct(Path out, String outOption, Path other, String otherOption) {
    if (out == null || other == null) {
      return;
    }
    boolean same;
    try {
      same = Files.exists(out) && Files.exists(other) ? Files.isSameFile(out, other)
          : out.toAbsolutePath().normalize().equals(other.toAbsolutePath().normalize());
    } catch (IOException e) {
      same = false;
    }
    if (same) {
      throw new UsageException(outOption + " " + out + " is the same file as " + otherOption
          + " (it would be overwritten)");
    }
  }

  /**
   * The value rules for an input that will be stored with {@code codec}: exact 64-bit integers
   * for long, no NaN or infinity for decimal (a D4M decimal string cannot hold them), values as
   * written (NaN and infinities kept, as GraphBLAS FP64 does) for double.
   */
  static ValueRules rulesFor(ValueCodec codec) {
    if (codec.domain() == Domain.INT64) {
      return ValueRules.INT64;
    }
    return codec.name().equals("decimal") ? ValueRules.FINITE : ValueRules.AS_WRITTEN;
  }

  /** Reads a Matrix Market input under the rules of {@code codec}. */
  static SparseMatrix readMatrix(Path path, ValueCodec codec) throws IOException {
    return MatrixMarket.read(path, rulesFor(codec));
  }

  /**
   * Reads input {@code name} ("A", "B") under the rules of the codec named {@code codecName} and
   * warns if that codec will round its integers ({@link #warnIfRounded}).
   */
  static SparseMatrix readInput(Path path, String name, String codecName, PrintStream err)
      throws IOException {
    ValueCodec codec = ValueCodecs.forName(codecName);
    SparseMatrix m = readMatrix(path, codec);
    warnIfRounded(m, name, path, codec, err);
    return m;
  }

  /**
   * Warns (one line) when an INT64 input holds integers beyond 2^53 but C's codec computes in
   * FP64, which rounds them.
   */
  static void warnIfRounded(SparseMatrix m, String name, Path file, ValueCodec codec,
      PrintStream err) {
    if (m.domain() != Domain.INT64 || codec.domain() == Domain.INT64) {
      return;
    }
    for (int p = 0; p < m.nnz(); p++) {
      long v = m.longAt(p);
      if (v > (1L << 53) || v < -(1L << 53)) {
        err.println("spgemm: warning: " + name + " (" + file + ") holds integers beyond 2^53"
            + " (e.g. " + v + "); codec " + codec.name() + " computes in FP64 and rounds them"
            + " (--codec long computes exactly in INT64)");
        return;
      }
    }
  }

  /** A·B needs A's columns to equal B's rows; the message names both files. */
  static void checkShapes(SparseMatrix a, Path aFile, SparseMatrix b, Path bFile) {
    checkShapes("A", a, aFile, "B", b, bFile);
  }

  /** As above, with the operands called {@code aName} and {@code bName} (galerkin's P). */
  static void checkShapes(String aName, SparseMatrix a, Path aFile, String bName, SparseMatrix b,
      Path bFile) {
    if (a.cols() != b.rows()) {
      throw new AbstractSpgemmSubcommand.UsageException("shape mismatch: " + aName + " (" + aFile
          + ") is " + a.rows() + "x" + a.cols() + " but " + bName + " (" + bFile + ") is "
          + b.rows() + "x" + b.cols() + " (" + aName + " columns must equal " + bName + " rows)");
    }
  }

  /** A mask or stored C must have C's shape; {@code m} null means not given. */
  static void checkShape(SparseMatrix m, Path file, int rows, int cols) {
    if (m != null && (m.rows() != rows || m.cols() != cols)) {
      throw new AbstractSpgemmSubcommand.UsageException("shape mismatch: " + file + " is "
          + m.rows() + "x" + m.cols() + " but C is " + rows + "x" + cols);
    }
  }
}
