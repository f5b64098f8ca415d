package org.spgemm.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CountDownLatch;
import org.spgemm.mini.EmbeddedCluster;

/**
 * Main class of the JVM {@code spgemm embedded up} leaves running: starts an {@link
 * EmbeddedCluster} in {@code DIR/cluster}, writes {@code DIR/accumulo-client.properties}, then
 * {@code DIR/embedded.pid} (last: the sign that the cluster is up), and waits. SIGTERM ({@code
 * spgemm embedded down}) stops the cluster and its child processes (the cluster's shutdown hook),
 * deletes the cluster's directory and removes both files. Arguments: DIR TSERVERS HEAP_MB.
 */
public final class EmbeddedDaemon {

  private EmbeddedDaemon() {}

  public static void main(String[] args) throws Exception {
    EmbeddedDir dir = new EmbeddedDir(Path.of(args[0]));
    int tservers = Integer.parseInt(args[1]);
    int heapMb = Integer.parseInt(args[2]);
    EmbeddedCluster cluster;
    try {
      cluster = EmbeddedCluster.start(dir.cluster(), tservers, heapMb, true);
    } catch (IOException | RuntimeException e) {
      System.err.println("spgemm-embedded: " + e.getMessage());
      System.exit(1);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        cluster.close(); // waits for the cluster's own hook if that one is stopping it
        dir.clearRecords();
        System.err.println("spgemm-embedded: stopped");
      } catch (IOException | RuntimeException e) {
        System.err.println("spgemm-embedded: stopping failed: " + e);
      }
    }, "spgemm-embedded-records"));
    writeAtomically(dir.properties(), out -> cluster.clientProperties().store(out,
        "embedded MiniAccumuloCluster of 'spgemm embedded up' (" + tservers + " tablet servers)"));
    writeAtomically(dir.pidFile(), out -> out.write((ProcessHandle.current().pid() + "\n")
        .getBytes(StandardCharsets.UTF_8)));
    System.err.println("spgemm-embedded: up; pid " + ProcessHandle.current().pid());
    new CountDownLatch(1).await(); // until SIGTERM
  }

  private interface Writer {
    void write(OutputStream out) throws IOException;
  }

  /** Writes a file readable by its owner only (it holds the root password), then renames it. */
  private static void writeAtomically(Path target, Writer writer) throws IOException {
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    Files.createFile(tmp, PosixFilePermissions.asFileAttribute(
        PosixFilePermissions.fromString("rw-------")));
    try (OutputStream out = Files.newOutputStream(tmp)) {
      writer.write(out);
    }
    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
