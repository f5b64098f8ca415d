package org.spgemm.cli;

import java.io.PrintStream;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import org.spgemm.client.ClusterException;
import org.spgemm.client.SpgemmException;
import org.spgemm.matrix.MatrixMarketException;
import picocli.CommandLine.Option;

/**
 * Shared shape of subcommands: {@link #validate()} then {@link #execute()}; every failure becomes
 * one line on stderr and an {@link ExitCode}. Stack traces only with --debug.
 */
abstract class AbstractSpgemmSubcommand implements Callable<Integer> {

  @Option(names = "--debug", description = "print stack traces of failures")
  boolean debug;

  PrintStream out = System.out;
  PrintStream err = System.err;

  /** Checks arguments before any work; throws {@link UsageException}. */
  void validate() {}

  abstract ExitCode execute() throws Exception;

  @Override
  public final Integer call() {
    try {
      validate();
      return execute().code;
    } catch (Throwable e) {
      return handle(e);
    }
  }

  /** Maps a failure to its exit code and one line on stderr. */
  int handle(Throwable e) {
    if (Termination.inProgress()) {
      // SIGTERM/SIGINT: whatever broke, it broke because the JVM is stopping
      return fail(e, ExitCode.ERROR, "terminated by a signal; the embedded cluster, if any, was"
          + " stopped");
    }
    if (e instanceof UsageException || e instanceof MatrixMarketException) {
      return fail(e, ExitCode.USAGE, e.getMessage());
    }
    if (e instanceof NoSuchFileException) {
      return fail(e, ExitCode.USAGE, "no such file: " + e.getMessage());
    }
    if (e instanceof FileSystemException) {
      // e.g. an output that became unwritable after the checks: "path: reason"
      return fail(e, ExitCode.USAGE, "cannot use " + e.getMessage());
    }
    if (e instanceof ClusterException) {
      return fail(e, ExitCode.CLUSTER, e.getMessage());
    }
    if (e instanceof SpgemmException || e instanceof IllegalArgumentException) {
      return fail(e, ExitCode.USAGE, e.getMessage());
    }
    if (e instanceof OutOfMemoryError) {
      return fail(e, ExitCode.ERROR, "out of memory (Java heap of " + (Runtime.getRuntime()
          .maxMemory() >> 20) + " MB): the client holds A, B and C in memory, about 16 bytes"
          + " per entry; give it more with SPGEMM_JAVA_OPTS=-Xmx<size>");
    }
    return fail(e, ExitCode.ERROR, e.toString());
  }

  private int fail(Throwable e, ExitCode code, String message) {
    err.println();
    err.println("spgemm: " + message);
    if (debug) {
      e.printStackTrace(err);
    }
    return code.code;
  }

  /** A bad argument or input file, reported as exit code 2. */
  static final class UsageException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }
}
