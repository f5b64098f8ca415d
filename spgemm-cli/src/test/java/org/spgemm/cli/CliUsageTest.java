package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Option errors are refused with exit code 2 and one line naming the problem, before any work. */
class CliUsageTest {

  private static String refused(String... args) {
    PrintStream saved = System.err;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try {
      System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
      int code = SpgemmCommand.commandLine().execute(args);
      assertEquals(ExitCode.USAGE.code, code, String.join(" ", args));
    } finally {
      System.setErr(saved);
    }
    return buf.toString(StandardCharsets.UTF_8);
  }

  @Test
  void embeddedAndARealInstanceExcludeEachOther() {
    String[][] commands = {{"multiply", "--out", "c.mtx"}, {"partition", "--parts", "2"}};
    for (String[] cmd : commands) {
      String err = refused(cmd[0], cmd[1], cmd[2], "--a", "a.mtx", "--embedded",
          "--client-props", "client.properties", "--table", "M");
      assertTrue(err.contains("--embedded and --client-props exclude each other"),
          cmd[0] + ": " + err);
    }
  }

  @Test
  void aRealInstanceNeedsATable() {
    String err = refused("multiply", "--a", "a.mtx", "--out", "c.mtx", "--client-props",
        "client.properties");
    assertTrue(err.contains("--table is required with --client-props"), err);
  }

  @Test
  void tabletServersMustBePositive() {
    String err = refused("partition", "--a", "a.mtx", "--parts", "2", "--tservers", "0");
    assertTrue(err.contains("--tservers must be between 1 and 16, not 0"), err);
  }

  /** demo sizes its embedded cluster with the same options, checked before it starts. */
  @Test
  void demoChecksTheSizeOfItsCluster() {
    String err = refused("demo", "--tservers", "0");
    assertTrue(err.contains("--tservers must be between 1 and 16, not 0"), err);
    err = refused("demo", "--tserver-heap-mb", "1");
    assertTrue(err.contains("--tserver-heap-mb must be between"), err);
  }
}
