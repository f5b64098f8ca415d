package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.minicluster.MiniAccumuloCluster;
import org.apache.accumulo.minicluster.ServerType;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;
import org.apache.accumulo.miniclusterImpl.ProcessReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.MultiplyResult;
import org.spgemm.client.SpGEMM;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.mini.EmbeddedCluster;

/**
 * A tablet server killed (SIGKILL) while the compaction engine multiplies, and started again ten
 * seconds later: Accumulo recovers its tablets and compacts them again, and C is exact. Runs on a
 * cluster of its own (two tablet servers, the local file system without checksums so that
 * write-ahead logs can be recovered). {@code -Dspgemm.killTrials=N} sets the number of trials.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class TabletServerKillIT {

  private static EmbeddedCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    Path dir = Paths.get("target", "mini-tests", "kill-" + System.currentTimeMillis());
    Files.createDirectories(dir.getParent());
    cluster = EmbeddedCluster.start(dir, 2, 512, true);
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void killedTabletServerMidMultiplyStillGivesExactC() throws Exception {
    int trials = Integer.getInteger("spgemm.killTrials", 2);
    SparseMatrix a = RmatGenerator.generate(12, 16, 1);
    SparseMatrix b = RmatGenerator.generate(12, 16, 2);
    SparseMatrix expected = ReferenceMultiply.multiply(a, b, Semirings.PLUS_TIMES);
    List<String> splits = new ArrayList<>();
    for (int s = 512; s < 4096; s += 512) {
      splits.add(String.format("%04d", s));
    }
    int exact = 0;
    for (int t = 0; t < trials; t++) {
      try (AccumuloClient client = cluster.client()) {
        String table = Fixtures.uniqueTable("kill");
        Fixtures.createAndLoad(client, table, a, b, splits);
        CountDownLatch started = new CountDownLatch(1);
        int trial = t;
        Thread killer = new Thread(() -> killOneTabletServer(started, trial));
        killer.start();
        MultiplyResult r = SpGEMM.multiply(client, table,
            MultiplyOptions.builder().listener((total, done, n) -> started.countDown()).build());
        killer.join();
        SparseMatrix c =
            MatrixStore.read(client, table, "C", a.rows(), b.cols(), ValueCodecs.DECIMAL);
        Fixtures.assertSameMatrix(expected, c);
        assertEquals(expected.nnz(), r.nnzC(), "trial " + t + ": reported nnz(C)");
        assertTrue(SpGEMM.isComplete(client, table, "C"));
        exact++;
      }
    }
    assertEquals(trials, exact);
    System.out.println("TabletServerKillIT: " + exact + " of " + trials + " trials exact");
  }

  /** Once the multiply runs, kills a tablet server (alternating), and starts one 10 s later. */
  private static void killOneTabletServer(CountDownLatch started, int trial) {
    try {
      started.await(60, TimeUnit.SECONDS);
      Thread.sleep(300);
      MiniAccumuloClusterImpl impl = impl();
      List<ProcessReference> tservers =
          new ArrayList<>(impl.getProcesses().get(ServerType.TABLET_SERVER));
      ProcessReference victim = tservers.get(trial % tservers.size());
      victim.getProcess().destroyForcibly().waitFor();
      impl.killProcess(ServerType.TABLET_SERVER, victim); // forget it
      Thread.sleep(10_000);
      impl.getClusterControl().start(ServerType.TABLET_SERVER);
    } catch (Exception e) {
      throw new IllegalStateException("could not kill and restart a tablet server", e);
    }
  }

  private static MiniAccumuloClusterImpl impl() throws Exception {
    Field f = EmbeddedCluster.class.getDeclaredField("cluster");
    f.setAccessible(true);
    MiniAccumuloCluster mac = (MiniAccumuloCluster) f.get(cluster);
    Field i = MiniAccumuloCluster.class.getDeclaredField("impl");
    i.setAccessible(true);
    return (MiniAccumuloClusterImpl) i.get(mac);
  }
}
