package org.spgemm.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a command runs: a real instance named by Accumulo's own client flags ({@code -c/--config-file},
 * {@code -o property=value}, {@code -u/--user}, {@code --password}, as Accumulo 2.1's tools take
 * them, see {@link ConnectionOptions}) or an embedded MiniAccumuloCluster, chosen with {@code
 * --embedded} or by giving no configuration file.
 */
final class ClusterOptions {

  @Option(names = "--embedded", description = "run on an embedded MiniAccumuloCluster started for"
      + " this command (also the case when no -c/--config-file is given)")
  boolean embedded;

  @Mixin
  EmbeddedClusterOptions mini;

  @Option(names = {"-c", "--config-file"}, paramLabel = "FILE", description =
      "accumulo-client.properties of the instance to run on (e.g. one from 'spgemm embedded up')")
  Path configFile;

  /** The name this project used before it took Accumulo's; kept so that scripts still run. */
  @Option(names = "--client-props", paramLabel = "FILE", hidden = true,
      description = "deprecated alias of -c/--config-file")
  Path clientProps;

  @Option(names = "-o", paramLabel = "PROPERTY=VALUE", description = "overrides a property of the"
      + " -c file (repeatable), e.g. -o instance.zookeepers=zk1:2181")
  List<String> overrides = new ArrayList<>();

  @Option(names = {"-u", "--user"}, paramLabel = "USER",
      description = "connection user (auth.principal of the -c file otherwise)")
  String user;

  @Option(names = "--password", paramLabel = "PASSWORD", arity = "1", description = "connection"
      + " password, as Accumulo's tools take it: 'pass:<password>', 'env:<variable>',"
      + " 'file:<file whose first line is it>', 'stdin', or the password itself")
  String password;

  /** Accumulo 2.x's tools dropped -p; it is refused here with what to use instead. */
  @Option(names = "-p", arity = "0..1", hidden = true, fallbackValue = "")
  String legacyPassword;

  private ConnectionOptions connection;

  /** @param table the command's --table, which a real instance requires */
  void validate(String table) {
    if (legacyPassword != null) {
      throw new AbstractSpgemmSubcommand.UsageException("-p is not an option (Accumulo 2.1's"
          + " tools dropped it): give --password pass:..|env:..|file:..|stdin, or auth.token in"
          + " the -c/--config-file file");
    }
    if (configFile != null && clientProps != null) {
      throw new AbstractSpgemmSubcommand.UsageException("-c/--config-file and --client-props"
          + " (its deprecated alias) were both given: keep -c");
    }
    if (embedded && file() != null) {
      throw new AbstractSpgemmSubcommand.UsageException("--embedded and " + fileFlag()
          + " exclude each other");
    }
    if (file() == null) {
      String needsFile = !overrides.isEmpty() ? "-o" : user != null ? "-u/--user"
          : password != null ? "--password" : null;
      if (needsFile != null) {
        throw new AbstractSpgemmSubcommand.UsageException(needsFile + " needs -c/--config-file"
            + " (an embedded cluster makes its own client properties)");
      }
    }
    if (file() != null && table == null) {
      throw new AbstractSpgemmSubcommand.UsageException("--table is required with "
          + fileFlag());
    }
    mini.validate();
    if (file() != null) {
      connection = ConnectionOptions.parse(file(), fileFlag(), overrides, user, password);
    }
  }

  /** The client properties file given, under either name; null on an embedded cluster. */
  Path file() {
    return configFile != null ? configFile : clientProps;
  }

  /** How the user named the file, for messages. */
  private String fileFlag() {
    return clientProps != null ? "--client-props" : "-c/--config-file";
  }

  boolean isEmbedded() {
    return file() == null;
  }

  Session open(PrintStream err) throws Exception {
    if (isEmbedded()) {
      return mini.start(embedded ? "--embedded" : "no -c/--config-file given", err);
    }
    if (connection == null) { // validate() not called: parse now, refusing as it would
      connection = ConnectionOptions.parse(file(), fileFlag(), overrides, user, password);
    }
    return Session.connect(connection);
  }
}
