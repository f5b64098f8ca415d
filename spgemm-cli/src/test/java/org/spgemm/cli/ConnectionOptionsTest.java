package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.conf.ClientProperty;
import org.apache.accumulo.core.conf.PropertyType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Accumulo's client flags (-c/--config-file, -o, -u/--user, --password) and the embedded
 * cluster's commands: every refusal is one line and exit 2 before anything starts, no secret is
 * repeated, and -u/--password/-o reach the client properties (shown by the ZooKeeper address an
 * override names being the one tried).
 */
class ConnectionOptionsTest {

  private static final String SECRET = "s3cr3t-never-printed";

  @TempDir
  static Path dir;

  @BeforeAll
  static void files() throws IOException {
    Files.writeString(dir.resolve("a.mtx"),
        "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 1\n");
    // instance.name and instance.zookeepers missing: the -o below supply them
    Files.writeString(dir.resolve("partial.properties"), "auth.type=password\n"
        + "auth.principal=root\nauth.token=x\ninstance.zookeepers.timeout=1s\n");
    Files.writeString(dir.resolve("password.txt"), SECRET + "\n");
  }

  /** multiply's arguments on the files above, then {@code more}. */
  private static Object[] multiply(String... more) {
    List<String> args = new ArrayList<>(List.of("multiply", "--a", dir.resolve("a.mtx")
        .toString(), "--out", dir.resolve("c.mtx").toString()));
    args.addAll(List.of(more));
    return BadInputCasesTest.run(args.toArray(String[]::new));
  }

  private static String props() {
    return dir.resolve("partial.properties").toString();
  }

  private static void refused(Object[] r, int exit, String expected) {
    String err = (String) r[1];
    assertEquals(exit, (int) r[0], err);
    List<String> lines = err.lines().filter(l -> !l.isBlank()).toList();
    // one line, plus picocli's "Try 'spgemm ... --help'." after an option error
    assertTrue(lines.size() == 1 || (lines.size() == 2 && lines.get(1).startsWith("Try ")),
        "one line: " + err);
    assertTrue(lines.get(0).startsWith("spgemm: "), err);
    assertTrue(err.contains(expected), () -> "expected '" + expected + "' in: " + err);
    assertFalse(err.contains(SECRET), "the secret was repeated: " + err);
    assertFalse(err.contains("starting an embedded"), "nothing started: " + err);
  }

  /** The keys -o accepts are Accumulo's client properties, no more and no fewer. */
  @Test
  void knownKeysAreAccumulosClientProperties() {
    java.util.Set<String> keys = new java.util.HashSet<>();
    java.util.Set<String> prefixes = new java.util.HashSet<>();
    for (ClientProperty p : ClientProperty.values()) {
      (p.getType() == PropertyType.PREFIX ? prefixes : keys).add(p.getKey());
    }
    assertEquals(keys, ConnectionOptions.KEYS);
    assertEquals(prefixes, java.util.Set.copyOf(ConnectionOptions.PREFIXES));
    for (String required : ConnectionOptions.REQUIRED) {
      assertTrue(keys.contains(required), required);
    }
    assertTrue(ConnectionOptions.known("scan.server.selector.opts.profiles"));
    assertFalse(ConnectionOptions.known("instance.nam"));
  }

  @Test
  void malformedOverridesAreRefused() {
    refused(multiply("-c", props(), "--table", "M", "-o", "instance.name"), 2,
        "-o instance.name: expected -o property=value (no '=')");
    refused(multiply("-c", props(), "--table", "M", "-o", "=x"), 2,
        "-o: expected -o property=value (no property before '=')");
    refused(multiply("-c", props(), "--table", "M", "-o", "instance.name="), 2,
        "-o instance.name: expected -o instance.name=value (no value)");
    refused(multiply("-c", props(), "--table", "M", "-o", "no.such.property=" + SECRET), 2,
        "-o no.such.property: not a property of accumulo-client.properties");
  }

  @Test
  void clientFlagsNeedAConfigFile() {
    refused(multiply("-o", "instance.name=x"), 2,
        "-o needs -c/--config-file (an embedded cluster makes its own client properties)");
    refused(multiply("-u", "alice"), 2, "-u/--user needs -c/--config-file");
    refused(multiply("--password", "pass:" + SECRET), 2, "--password needs -c/--config-file");
  }

  @Test
  void conflictsAndMissingTableAreRefused() {
    refused(multiply("--embedded", "-c", props(), "--table", "M"), 2,
        "--embedded and -c/--config-file exclude each other");
    refused(multiply("-c", props(), "--client-props", props(), "--table", "M"), 2,
        "-c/--config-file and --client-props (its deprecated alias) were both given");
    refused(multiply("--config-file", props()), 2, "--table is required with -c/--config-file");
    refused(BadInputCasesTest.run("partition", "--a", dir.resolve("a.mtx").toString(),
        "--parts", "2", "-c", props()), 2, "--table is required with -c/--config-file");
  }

  @Test
  void passwordsAreReadAsAccumuloReadsThemAndNeverRepeated() {
    refused(multiply("-c", props(), "--table", "M", "-p", SECRET), 2,
        "-p is not an option (Accumulo 2.1's tools dropped it)");
    refused(multiply("-c", props(), "--table", "M", "--password", "env:SPGEMM_NO_SUCH_VAR_42"),
        2, "--password env:SPGEMM_NO_SUCH_VAR_42: no such environment variable");
    refused(multiply("-c", props(), "--table", "M", "--password", "file:" + dir.resolve("nope")),
        2, "no such file");
  }

  /** The file lacks instance.name; without -o it is refused naming the property. */
  @Test
  void aFileMissingARequiredPropertyIsRefused() {
    refused(multiply("-c", props(), "--table", "M"), 2,
        "partial.properties: instance.name is not set");
  }

  /**
   * The -o overrides (and -u, --password from a file) complete the file: the client then tries
   * the ZooKeeper the override names, within the file's 1 s time-out.
   */
  @Test
  void overridesAndCredentialsReachTheClient() {
    refused(multiply("-c", props(), "--table", "M", "-u", "alice", "--password", "file:"
        + dir.resolve("password.txt"), "-o", "instance.name=test", "-o",
        "instance.zookeepers=127.0.0.1:1", "-o", "auth.token=" + SECRET), 3,
        "ZooKeeper at 127.0.0.1:1 did not answer within 1 s (instance.zookeepers of");
    // the deprecated alias works the same way
    refused(multiply("--client-props", props(), "--table", "M", "-o", "instance.name=test", "-o",
        "instance.zookeepers=127.0.0.1:1"), 3, "ZooKeeper at 127.0.0.1:1 did not answer");
  }

  @Test
  void embeddedSubcommandsWithoutACluster() throws IOException, InterruptedException {
    refused(BadInputCasesTest.run("embedded"), 2, "embedded needs a subcommand");
    Object[] bogus = BadInputCasesTest.run("embedded", "up", "--bogus");
    refused(bogus, 2, "Unknown option: '--bogus'");
    assertTrue(((String) bogus[1]).contains("Try 'spgemm embedded up --help'."),
        (String) bogus[1]);
    refused(BadInputCasesTest.run("embedded", "up", "--tservers", "0", "--dir",
        dir.resolve("e0").toString()), 2, "--tservers must be between 1 and 16, not 0");
    refused(BadInputCasesTest.run("embedded", "up", "--dir", dir.resolve("a.mtx").toString()),
        2, "a.mtx: not a directory");
    assertFalse(Files.exists(dir.resolve("e0")), "no directory made");

    Path empty = Files.createDirectories(dir.resolve("none"));
    refused(BadInputCasesTest.run("embedded", "status", "--dir", empty.toString()), 3,
        "no embedded cluster running in " + empty);
    Object[] down = BadInputCasesTest.run("embedded", "down", "--dir", empty.toString());
    assertEquals(0, (int) down[0], (String) down[1]);
    assertTrue(((String) down[1]).contains("no embedded cluster running in " + empty));

    // a PID file whose process has ended: removed, with a word
    Process gone = new ProcessBuilder("true").start();
    assertEquals(0, gone.waitFor());
    Path stale = Files.createDirectories(dir.resolve("stale"));
    Files.writeString(stale.resolve("embedded.pid"), gone.pid() + "\n");
    down = BadInputCasesTest.run("embedded", "down", "--dir", stale.toString());
    assertEquals(0, (int) down[0], (String) down[1]);
    assertTrue(((String) down[1]).contains("(removed the stale PID file of process " + gone.pid()
        + ")"), (String) down[1]);
    assertFalse(Files.exists(stale.resolve("embedded.pid")));
  }
}
