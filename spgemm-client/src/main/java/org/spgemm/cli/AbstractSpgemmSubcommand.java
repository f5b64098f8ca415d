package org.spgemm.cli;

import java.io.PrintStream;
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
    } catch (UsageException | MatrixMarketException | NoSuchFileException e) {
      return fail(e, ExitCode.USAGE, e instanceof NoSuchFileException
          ? "no such file: " + e.getMessage() : e.getMessage());
    } catch (ClusterException e) {
      return fail(e, ExitCode.CLUSTER, e.getMessage());
    } catch (SpgemmException | IllegalArgumentException e) {
      return fail(e, ExitCode.USAGE, e.getMessage());
    } catch (Exception e) {
      return fail(e, ExitCode.ERROR, e.toString());
    }
  }

  private int fail(Exception e, ExitCode code, String message) {
    err.println();
    err.println("spgemm: " + message);
    if (debug) {
      e.printStackTrace(err);
    }
    return code.code;
  }

  /** A bad argument or input file, reported as exit code 2. */
  static final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }
}
