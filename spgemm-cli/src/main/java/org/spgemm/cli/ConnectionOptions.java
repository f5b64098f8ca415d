package org.spgemm.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.spgemm.cli.AbstractSpgemmSubcommand.UsageException;

/**
 * The client properties of a real instance, as Accumulo 2.1's tools build them ({@code
 * ClientOpts}): the {@code -c} file, then {@code -u} (auth.principal), {@code --password}
 * (auth.type=password, auth.token), then every {@code -o property=value}. Everything is checked
 * here, before anything starts: the file is readable, each {@code -o} has a known key and a value,
 * the password source exists. Values are never repeated in messages (a token may be among them).
 */
final class ConnectionOptions {

  /**
   * The properties of accumulo-client.properties in Accumulo 2.1 (its documented client
   * properties; ConnectionOptionsTest holds this list to Accumulo's own, which is not public API).
   */
  static final Set<String> KEYS = Set.of("instance.name", "instance.zookeepers",
      "instance.zookeepers.timeout", "auth.type", "auth.principal", "auth.token",
      "batch.writer.memory.max", "batch.writer.latency.max", "batch.writer.timeout.max",
      "batch.writer.threads.max", "batch.writer.durability", "conditional.writer.timeout.max",
      "conditional.writer.threads.max", "conditional.writer.durability", "scanner.batch.size",
      "scan.server.selector.impl", "batch.scanner.num.query.threads", "bulk.threads",
      "ssl.enabled", "ssl.keystore.password", "ssl.keystore.path", "ssl.keystore.type",
      "ssl.truststore.password", "ssl.truststore.path", "ssl.truststore.type", "ssl.use.jsse",
      "sasl.enabled", "sasl.qop", "sasl.kerberos.server.primary", "rpc.transport.idle.timeout",
      "trace.span.receivers", "trace.zookeeper.path");
  /** Prefixes under which any key is a client property. */
  static final List<String> PREFIXES = List.of("scan.server.selector.opts.");
  /** What every client needs, in the order Accumulo checks it. */
  static final List<String> REQUIRED = List.of("instance.name", "instance.zookeepers",
      "auth.type", "auth.principal", "auth.token");

  final Path file;
  /** The -u, --password and -o settings, applied over the file in this order. */
  final Map<String, String> settings;

  private ConnectionOptions(Path file, Map<String, String> settings) {
    this.file = file;
    this.settings = settings;
  }

  /**
   * @param flag how the user named the file ("-c/--config-file" or its alias), for messages
   * @throws UsageException naming the flag at fault
   */
  static ConnectionOptions parse(Path file, String flag, List<String> overrides, String user,
      String password) {
    Map<String, String> settings = new LinkedHashMap<>();
    if (user != null) {
      if (user.isBlank()) {
        throw new UsageException("-u/--user must not be empty");
      }
      settings.put("auth.principal", user);
    }
    if (password != null) {
      settings.put("auth.type", "password");
      settings.put("auth.token", password(password));
    }
    for (String o : overrides) {
      int eq = o.indexOf('=');
      if (eq < 0) {
        throw new UsageException("-o " + o + ": expected -o property=value (no '=')");
      }
      String key = o.substring(0, eq).trim();
      String value = o.substring(eq + 1).trim();
      if (key.isEmpty()) {
        throw new UsageException("-o: expected -o property=value (no property before '=')");
      }
      if (!known(key)) {
        throw new UsageException("-o " + key + ": not a property of accumulo-client.properties"
            + " (e.g. instance.name, instance.zookeepers, auth.principal, auth.token)");
      }
      if (value.isEmpty()) {
        throw new UsageException("-o " + key + ": expected -o " + key + "=value (no value)");
      }
      settings.put(key, value);
    }
    return new ConnectionOptions(file, settings);
  }

  /** Whether Accumulo's client knows the key, as a property or under one of its prefixes. */
  static boolean known(String key) {
    return KEYS.contains(key) || PREFIXES.stream().anyMatch(key::startsWith);
  }

  /** The password a --password value stands for, read as Accumulo's PasswordConverter reads it. */
  private static String password(String value) {
    if (value.startsWith("pass:")) {
      return value.substring(5);
    }
    if (value.startsWith("env:")) {
      String name = value.substring(4);
      String v = System.getenv(name);
      if (v == null) {
        throw new UsageException("--password env:" + name + ": no such environment variable");
      }
      return v;
    }
    if (value.startsWith("file:")) {
      Path p = Path.of(value.substring(5));
      FileChecks.checkInput(p, "--password file:");
      try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
        String line = r.readLine();
        if (line == null) {
          throw new UsageException("--password file:" + p + ": the file is empty");
        }
        return line;
      } catch (IOException e) {
        throw new UsageException("--password file:" + p + ": cannot read it (" + e.getMessage()
            + ")");
      }
    }
    if (value.equals("stdin")) {
      return stdin();
    }
    return value;
  }

  /** A password typed (not echoed) at the console, or the first line of a piped stdin. */
  private static String stdin() {
    Console console = System.console();
    if (console != null) {
      char[] typed = console.readPassword("Password: ");
      if (typed == null) {
        throw new UsageException("--password stdin: no password given (end of input)");
      }
      return new String(typed);
    }
    try {
      Reader in = new InputStreamReader(System.in, Charset.defaultCharset());
      String line = new BufferedReader(in).readLine();
      if (line == null) {
        throw new UsageException("--password stdin: no password given (end of input)");
      }
      return line;
    } catch (IOException e) {
      throw new UsageException("--password stdin: cannot read standard input (" + e.getMessage()
          + ")");
    }
  }

  /**
   * The file's properties with the settings over them, checked for what every client needs.
   *
   * @throws UsageException naming the file and the property missing
   */
  Properties properties() throws IOException {
    Properties props = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      props.load(r);
    } catch (IllegalArgumentException e) { // a malformed \\uxxxx escape
      throw new UsageException(file + ": not a properties file (" + e.getMessage() + ")");
    }
    props.putAll(settings);
    for (String key : REQUIRED) {
      if (props.getProperty(key, "").isEmpty()) {
        throw new UsageException(file + ": " + key + " is not set"
            + (settings.isEmpty() ? "" : " (after -u/--password/-o)"));
      }
    }
    return props;
  }
}
