package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every failure of a subcommand, Errors included, ends in an exit code and one line. */
class FailureHandlingTest {

  private final ByteArrayOutputStream buf = new ByteArrayOutputStream();

  @AfterEach
  void noShutdown() {
    Termination.simulate(false);
  }

  private int run(Throwable t, boolean debug) {
    AbstractSpgemmSubcommand cmd = new AbstractSpgemmSubcommand() {
      @Override
      ExitCode execute() throws Exception {
        if (t instanceof Exception) {
          throw (Exception) t;
        }
        throw (Error) t;
      }
    };
    cmd.err = new PrintStream(buf, true, StandardCharsets.UTF_8);
    cmd.debug = debug;
    return cmd.call();
  }

  private String err() {
    return buf.toString(StandardCharsets.UTF_8).strip();
  }

  @Test
  void outOfMemorySaysWhichLimitAndHowToRaiseIt() {
    assertEquals(1, run(new OutOfMemoryError("Java heap space"), false));
    assertTrue(err().startsWith("spgemm: out of memory (Java heap of "), err());
    assertTrue(err().contains("SPGEMM_JAVA_OPTS=-Xmx"), err());
    assertEquals(1, err().lines().count());
  }

  @Test
  void failuresDuringShutdownAreOneLineWithoutAStackTrace() {
    Termination.simulate(true);
    assertEquals(1, run(new ExceptionInInitializerError("Shutdown in progress"), false));
    assertEquals("spgemm: terminated by a signal; the embedded cluster, if any, was stopped",
        err());
  }

  @Test
  void anOutputThatBecameUnwritableIsBadInput() {
    assertEquals(2, run(new AccessDeniedException("/x/c.mtx"), false));
    assertEquals("spgemm: cannot use /x/c.mtx", err());
  }

  @Test
  void unexpectedErrorsAreOneLineUnlessDebug() {
    assertEquals(1, run(new StackOverflowError(), false));
    assertEquals("spgemm: java.lang.StackOverflowError", err());
    buf.reset();
    assertEquals(1, run(new IllegalStateException("boom"), true));
    assertTrue(err().contains("\tat "), "stack trace with --debug");
    assertFalse(err().lines().findFirst().orElse("").contains("\tat "));
  }
}
