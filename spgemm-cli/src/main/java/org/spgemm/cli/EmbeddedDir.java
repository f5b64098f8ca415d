package org.spgemm.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The directory of a long-running embedded cluster ({@code spgemm embedded up}): the cluster's
 * own directory, its client properties, the daemon's log, and the daemon's PID file, which the
 * daemon writes last (so its presence means the cluster is up) and removes when it stops.
 */
final class EmbeddedDir {

  static final String PROPERTIES = "accumulo-client.properties";
  static final String PID = "embedded.pid";
  static final String LOG = "embedded.log";
  static final String CLUSTER = "cluster";

  final Path dir;

  EmbeddedDir(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
  }

  /** $HOME/.spgemm/embedded. */
  static Path defaultDir() {
    return Path.of(System.getProperty("user.home"), ".spgemm", "embedded");
  }

  Path properties() {
    return dir.resolve(PROPERTIES);
  }

  Path pidFile() {
    return dir.resolve(PID);
  }

  Path log() {
    return dir.resolve(LOG);
  }

  /** The MiniAccumuloCluster's directory (deleted when the daemon stops it). */
  Path cluster() {
    return dir.resolve(CLUSTER);
  }

  /** The PID the file records; empty when there is no file or it holds no number. */
  Optional<Long> recordedPid() {
    try {
      return Optional.of(Long.parseLong(Files.readString(pidFile(), StandardCharsets.UTF_8)
          .trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * The system property that marks the daemon's JVM as this directory's, first on its command
   * line (Java reads only the start of a long one, and the classpath is long).
   */
  String marker() {
    return "-Dspgemm.embedded.dir=" + dir;
  }

  /**
   * The daemon running for this directory: the recorded PID, alive, and (when the system tells a
   * process's command line) carrying {@link #marker()}, so that a reused PID is not taken for it.
   */
  Optional<ProcessHandle> running() {
    return recordedPid().flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
        .filter(h -> h.info().commandLine().map(c -> c.contains(marker() + " ")).orElse(true));
  }

  /** A daemon of this directory, found by its command line: also one still starting. */
  Optional<ProcessHandle> anyDaemon() {
    return ProcessHandle.allProcesses().filter(h -> h.info().commandLine()
        .map(c -> c.contains(marker() + " ")).orElse(false)).findFirst();
  }

  /** Removes what a daemon that died without stopping left: PID and properties files. */
  void clearRecords() throws IOException {
    Files.deleteIfExists(pidFile());
    Files.deleteIfExists(properties());
  }
}
