package org.spgemm.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.spgemm.client.ClusterException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code spgemm embedded up|down|status}: one embedded MiniAccumuloCluster that outlives the
 * command, for many commands to run on with {@code -c DIR/accumulo-client.properties}. It runs in
 * a detached JVM ({@link EmbeddedDaemon}) with this JVM's classpath; {@link EmbeddedDir} says
 * where its files are.
 */
final class EmbeddedCommands {

  /** The longest wait for the cluster to come up, and for it to stop. */
  static final int UP_SECONDS = 300;
  static final int DOWN_SECONDS = 120;

  private EmbeddedCommands() {}

  /** The parent command: subcommands only. */
  @Command(name = "embedded", description = "Start or stop an embedded MiniAccumuloCluster that"
      + " keeps running between commands (run them with -c DIR/accumulo-client.properties).",
      mixinStandardHelpOptions = true, subcommands = {Up.class, Down.class, Status.class})
  static final class Parent implements java.util.concurrent.Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** No subcommand: say which there are. */
    @Override
    public Integer call() {
      spec.commandLine().getErr().println("spgemm: embedded needs a subcommand: up, down or"
          + " status");
      spec.commandLine().getErr().println("Try 'spgemm embedded --help'.");
      return ExitCode.USAGE.code;
    }
  }

  /** The --dir option shared by the three subcommands. */
  static final class DirOption {
    @Option(names = "--dir", paramLabel = "D", description = "directory of the cluster: its"
        + " client properties, PID file, log and data (default $HOME/.spgemm/embedded)")
    Path dir;

    EmbeddedDir get() {
      return new EmbeddedDir(dir != null ? dir : EmbeddedDir.defaultDir());
    }
  }

  @Command(name = "up", mixinStandardHelpOptions = true, description = "Start an embedded MiniAccumuloCluster that keeps running"
      + " after this command returns; print the path of its client properties.")
  static final class Up extends AbstractSpgemmSubcommand {
    @Mixin
    DirOption dirOption;

    @Mixin
    EmbeddedClusterOptions mini;

    @Override
    void validate() {
      mini.validate();
      Path d = dirOption.get().dir;
      if (Files.exists(d) && !Files.isDirectory(d)) {
        throw new UsageException("--dir " + d + ": not a directory");
      }
    }

    @Override
    ExitCode execute() throws Exception {
      EmbeddedDir d = dirOption.get();
      Optional<ProcessHandle> running = d.running().or(d::anyDaemon);
      if (running.isPresent()) {
        throw new UsageException("an embedded cluster is already running in " + d.dir + " (pid "
            + running.get().pid() + "): use it with -c " + d.properties() + ", or stop it with"
            + " 'spgemm embedded down --dir " + d.dir + "'");
      }
      clearStale(d);
      Files.createDirectories(d.dir);
      err.printf("spgemm: starting an embedded MiniAccumuloCluster (%d tablet server%s) in %s"
          + "...%n", mini.tservers, mini.tservers == 1 ? "" : "s", d.dir);
      long t0 = System.nanoTime();
      Process p = spawn(d);
      long deadline = t0 + TimeUnit.SECONDS.toNanos(UP_SECONDS);
      while (d.recordedPid().isEmpty()) {
        if (!p.isAlive() && p.exitValue() != 0) {
          throw new ClusterException("the embedded cluster did not start (exit " + p.exitValue()
              + "): " + lastLine(d.log()) + " (see " + d.log() + ")");
        }
        if (System.nanoTime() > deadline) {
          p.toHandle().destroy();
          throw new ClusterException("the embedded cluster was not up after " + UP_SECONDS
              + " s; stopped it (see " + d.log() + ")");
        }
        Thread.sleep(250);
      }
      err.printf(Locale.ROOT, "spgemm: embedded cluster up in %.1f s (pid %d); run commands on"
          + " it with:%n  -c %s%nand stop it with: spgemm embedded down%s%n",
          (System.nanoTime() - t0) / 1e9, d.recordedPid().get(), d.properties(),
          dirOption.dir == null ? "" : " --dir " + d.dir);
      out.println(d.properties());
      return ExitCode.OK;
    }

    /** A PID file whose process is gone, and the data a killed daemon could not delete. */
    private void clearStale(EmbeddedDir d) throws IOException {
      Optional<Long> stale = d.recordedPid();
      if (stale.isPresent()) {
        err.println("spgemm: removing the stale PID file of process " + stale.get()
            + " (no longer running) in " + d.dir);
      }
      d.clearRecords();
      for (Path left : List.of(d.cluster(), d.cluster().resolveSibling(EmbeddedDir.CLUSTER
          + "-hadoop-conf"))) {
        if (Files.exists(left)) {
          err.println("spgemm: deleting " + left + ", left by a cluster that did not stop");
          try (Stream<Path> paths = Files.walk(left)) {
            for (Path x : paths.sorted(Comparator.reverseOrder()).toList()) {
              Files.delete(x);
            }
          }
        }
      }
    }

    /** The daemon JVM, detached from this terminal's session when setsid is there. */
    private Process spawn(EmbeddedDir d) throws IOException {
      List<String> cmd = new ArrayList<>();
      if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
        cmd.add("/usr/bin/setsid");
      }
      cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      cmd.add(d.marker());
      cmd.add("-Xmx256m");
      for (String prop : List.of("log4j2.configurationFile", "java.io.tmpdir", "spgemm.root")) {
        String v = System.getProperty(prop);
        if (v != null) {
          cmd.add("-D" + prop + "=" + v);
        }
      }
      cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
          EmbeddedDaemon.class.getName(), d.dir.toString(), Integer.toString(mini.tservers),
          Integer.toString(mini.tserverHeapMb)));
      return new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File(
          "/dev/null"))).redirectErrorStream(true).redirectOutput(d.log().toFile()).start();
    }
  }

  @Command(name = "down", mixinStandardHelpOptions = true, description = "Stop the embedded cluster 'embedded up' started, and"
      + " its processes.")
  static final class Down extends AbstractSpgemmSubcommand {
    @Mixin
    DirOption dirOption;

    @Override
    ExitCode execute() throws Exception {
      EmbeddedDir d = dirOption.get();
      Optional<ProcessHandle> running = d.running().or(d::anyDaemon);
      if (running.isEmpty()) {
        Optional<Long> stale = d.recordedPid();
        d.clearRecords();
        err.println("spgemm: no embedded cluster running in " + d.dir + stale.map(
            pid -> " (removed the stale PID file of process " + pid + ")").orElse(""));
        return ExitCode.OK;
      }
      ProcessHandle daemon = running.get();
      List<ProcessHandle> children = daemon.descendants().toList();
      err.printf("spgemm: stopping the embedded cluster in %s (pid %d, %d child processes)...%n",
          d.dir, daemon.pid(), children.size());
      long t0 = System.nanoTime();
      daemon.destroy(); // SIGTERM: the daemon stops the cluster
      try {
        daemon.onExit().get(DOWN_SECONDS, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        throw new ClusterException("the embedded cluster (pid " + daemon.pid() + ") did not stop"
            + " within " + DOWN_SECONDS + " s; see " + d.log());
      }
      int killed = 0;
      for (ProcessHandle c : children) {
        try {
          c.onExit().get(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
          c.destroyForcibly(); // an orphan the cluster's stop missed
          killed++;
        }
      }
      d.clearRecords();
      err.printf(Locale.ROOT, "spgemm: stopped in %.1f s%s%n", (System.nanoTime() - t0) / 1e9,
          killed == 0 ? "" : "; killed " + killed + " child process(es) that outlived it");
      return ExitCode.OK;
    }
  }

  @Command(name = "status", mixinStandardHelpOptions = true, description = "Say whether an embedded cluster of 'embedded up' is"
      + " running (exit 0) or not (exit 3).")
  static final class Status extends AbstractSpgemmSubcommand {
    @Mixin
    DirOption dirOption;

    @Override
    ExitCode execute() {
      EmbeddedDir d = dirOption.get();
      Optional<ProcessHandle> running = d.running();
      if (running.isEmpty()) {
        err.println("spgemm: no embedded cluster running in " + d.dir);
        return ExitCode.CLUSTER;
      }
      err.println("spgemm: an embedded cluster is running in " + d.dir + " (pid "
          + running.get().pid() + ", " + running.get().descendants().count()
          + " child processes); use it with -c " + d.properties());
      out.println(d.properties());
      return ExitCode.OK;
    }
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (!lines.get(i).isBlank()) {
          return lines.get(i).trim();
        }
      }
    } catch (IOException e) {
      // no log to quote
    }
    return "no output";
  }
}
