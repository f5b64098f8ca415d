package org.spgemm.mini;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.minicluster.MemoryUnit;
import org.apache.accumulo.minicluster.MiniAccumuloCluster;
import org.apache.accumulo.minicluster.MiniAccumuloConfig;
import org.apache.accumulo.minicluster.ServerType;
import org.spgemm.iterators.TableLayout;

/**
 * A MiniAccumuloCluster set up for multiplies: the nested scan executor configured on every
 * tablet server, and this JVM's classpath (which holds the iterators jar) given to the servers.
 * Closing it stops every child process and deletes its directory when it made one. If the JVM
 * is stopped first (SIGTERM, SIGINT, System.exit) a shutdown hook, registered before the first
 * child process starts, stops them, so no ZooKeeper or tablet server outlives this JVM.
 */
public final class EmbeddedCluster implements AutoCloseable {

  public static final String ROOT_PASSWORD = "spgemm-embedded";

  /**
   * At most this many tablet servers: each is a JVM of its own on this one machine, next to
   * ZooKeeper, the manager and the client.
   */
  public static final int MAX_TSERVERS = 16;

  /** The smallest tablet-server heap (MB) that starts and multiplies small matrices. */
  public static final int MIN_TSERVER_HEAP_MB = 128;

  private static final String VFS_CLASS_LOADER =
      "org.apache.accumulo.start.classloader.vfs.AccumuloVFSClassLoader";

  private final MiniAccumuloCluster cluster;
  private final Path dir;
  private final boolean deleteOnClose;
  private final StopHook hook;

  private EmbeddedCluster(MiniAccumuloCluster cluster, Path dir, boolean deleteOnClose,
      StopHook hook) {
    this.cluster = cluster;
    this.dir = dir;
    this.deleteOnClose = deleteOnClose;
    this.hook = hook;
  }

  /**
   * Starts a cluster in a fresh temporary directory, deleted on close unless the environment
   * variable SPGEMM_KEEP_CLUSTER is set (to read its server logs afterwards).
   */
  public static EmbeddedCluster start(int tservers, int tserverHeapMb) throws IOException,
      InterruptedException {
    return start(tservers, tserverHeapMb, List.of());
  }

  /** As above, with jars added to the servers' classpath (iterators of other projects). */
  public static EmbeddedCluster start(int tservers, int tserverHeapMb, List<Path> serverJars)
      throws IOException, InterruptedException {
    checkSize("tservers", tservers, "tserverHeapMb", tserverHeapMb); // before making a directory
    Path dir = Files.createTempDirectory("spgemm-mac-");
    return start(dir, tservers, tserverHeapMb, System.getenv("SPGEMM_KEEP_CLUSTER") == null,
        serverJars);
  }

  public static EmbeddedCluster start(Path dir, int tservers, int tserverHeapMb,
      boolean deleteOnClose) throws IOException, InterruptedException {
    return start(dir, tservers, tserverHeapMb, deleteOnClose, List.of());
  }

  public static EmbeddedCluster start(Path dir, int tservers, int tserverHeapMb,
      boolean deleteOnClose, List<Path> serverJars) throws IOException, InterruptedException {
    return start(dir, tservers, tserverHeapMb, deleteOnClose, serverJars, Map.of());
  }

  /** As above, with site properties added to {@link #siteConfig()} (e.g. metrics). */
  public static EmbeddedCluster start(Path dir, int tservers, int tserverHeapMb,
      boolean deleteOnClose, List<Path> serverJars, Map<String,String> extraSite)
      throws IOException, InterruptedException {
    checkSize("tservers", tservers, "tserverHeapMb", tserverHeapMb);
    MiniAccumuloConfig cfg = new MiniAccumuloConfig(dir.toFile(), ROOT_PASSWORD);
    cfg.setNumTservers(tservers);
    List<String> classpath = new ArrayList<>();
    classpath.add(hadoopConf(dir).toString()); // first, so its core-site.xml wins
    classpath.addAll(List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
    serverJars.forEach(j -> classpath.add(j.toAbsolutePath().toString()));
    cfg.setClasspath(classpath.toArray(String[]::new));
    cfg.setMemory(ServerType.TABLET_SERVER, tserverHeapMb, MemoryUnit.MEGABYTE);
    Map<String,String> site = siteConfig();
    site.putAll(extraSite);
    cfg.setSiteConfig(site);
    MiniAccumuloCluster mac = new MiniAccumuloCluster(cfg);
    StopHook hook = new StopHook(mac, dir, deleteOnClose);
    hook.register();
    try {
      mac.start();
    } catch (IOException | InterruptedException | RuntimeException e) {
      try {
        hook.stop();
      } catch (IOException | RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new IOException("MiniAccumuloCluster did not start (see " + dir.resolve("logs")
          + "/*.err): " + e.getMessage(), e);
    }
    return new EmbeddedCluster(mac, dir, deleteOnClose, hook);
  }

  /**
   * Refuses a cluster this machine cannot hold: 1 to {@link #MAX_TSERVERS} tablet servers, each
   * with a heap of {@link #MIN_TSERVER_HEAP_MB} MB up to this machine's memory ({@link
   * #maxTserverHeapMb()}). The names are those of the caller's arguments or flags; the message
   * reads as the client's argument checks do ("tservers must be between 1 and 16, not 17").
   *
   * @throws IllegalArgumentException naming the argument and its limits
   */
  public static void checkSize(String tserversName, int tservers, String heapName, int heapMb) {
    between(tserversName, tservers, 1, MAX_TSERVERS);
    between(heapName, heapMb, MIN_TSERVER_HEAP_MB, maxTserverHeapMb());
  }

  private static void between(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(name + " must be between " + min + " and " + max
          + ", not " + value);
    }
  }

  /** The largest tablet-server heap (MB): the memory of this machine (or of its container). */
  public static int maxTserverHeapMb() {
    return (int) Math.min(Integer.MAX_VALUE, ((com.sun.management.OperatingSystemMXBean)
        ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize() >> 20);
  }

  /**
   * Stops the cluster once, from {@link #close()} or from the JVM's shutdown (a signal): the
   * child processes are separate JVMs that would otherwise outlive this one.
   */
  private static final class StopHook implements Runnable {
    private final MiniAccumuloCluster mac;
    private final Path dir;
    private final boolean deleteOnClose;
    private final Thread thread = new Thread(this, "spgemm-embedded-cluster-stop");
    private boolean stopped;

    StopHook(MiniAccumuloCluster mac, Path dir, boolean deleteOnClose) {
      this.mac = mac;
      this.dir = dir;
      this.deleteOnClose = deleteOnClose;
    }

    void register() {
      // Stopping the cluster initializes Accumulo's VFS class loader, whose static initializer
      // registers a shutdown hook of its own; during shutdown that fails
      // (ExceptionInInitializerError) and the stop with it. Initialize it now, while hooks may
      // still be added.
      try {
        Class.forName(VFS_CLASS_LOADER, true, EmbeddedCluster.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError absent) {
        // not on this classpath: nothing to prepare
      }
      Runtime.getRuntime().addShutdownHook(thread);
    }

    /** Called at JVM shutdown: one line, no stack trace. */
    @Override
    public void run() {
      try {
        if (stop()) {
          System.err.println("spgemm: stopped the embedded cluster (JVM shutting down)");
        }
      } catch (Throwable t) {
        System.err.println("spgemm: stopping the embedded cluster at shutdown failed: " + t
            + " (its processes may remain; their directory is " + dir + ")");
      }
    }

    /** Stops the cluster unless already stopped; true if this call stopped it. */
    synchronized boolean stop() throws IOException {
      if (stopped) {
        return false;
      }
      stopped = true;
      if (Thread.currentThread() != thread) {
        try {
          Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running or about to; this call does the work and it will find it done
        }
      }
      try {
        mac.close();
      } finally {
        if (deleteOnClose) {
          deleteTree(dir.toFile());
          deleteTree(hadoopConfDir(dir).toFile());
        }
      }
      return true;
    }
  }

  /**
   * A Hadoop configuration directory for the servers: the local file system without checksums
   * ({@code RawLocalFileSystem}), as Accumulo's own tests use, since with checksums the
   * write-ahead logs of a killed tablet server cannot be recovered and its tablets never return.
   */
  private static Path hadoopConf(Path dir) throws IOException {
    Path conf = hadoopConfDir(dir);
    Files.createDirectories(conf);
    Files.writeString(conf.resolve("core-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
        + "  <property><name>fs.file.impl</name>"
        + "<value>org.apache.hadoop.fs.RawLocalFileSystem</value></property>\n"
        + "</configuration>\n");
    return conf;
  }

  /** Beside the cluster's directory, which MiniAccumuloCluster wants empty. */
  private static Path hadoopConfDir(Path dir) {
    return dir.resolveSibling(dir.getFileName() + "-hadoop-conf");
  }

  /** Site properties every tablet server running multiplies needs (docs/deploy.md, step 2). */
  public static Map<String,String> siteConfig() {
    Map<String,String> site = new HashMap<>();
    site.put(TableLayout.executorThreadsProperty(TableLayout.DEFAULT_NESTED_EXECUTOR), "4");
    return site;
  }

  public AccumuloClient client() {
    return Accumulo.newClient().from(cluster.getClientProperties()).build();
  }

  public java.util.Properties clientProperties() {
    return cluster.getClientProperties();
  }

  public Path dir() {
    return dir;
  }

  @Override
  public void close() throws IOException {
    hook.stop();
  }

  private static void deleteTree(File root) throws IOException {
    if (!root.exists()) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root.toPath())) {
      paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    }
  }
}
