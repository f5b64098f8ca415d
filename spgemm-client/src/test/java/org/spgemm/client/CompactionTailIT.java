package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.it.SlowSeekIterator;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * A compaction-engine multiply returns once every tablet committed its new file, without waiting
 * for Accumulo's operation to notice ({@link CompactionTail}): C is whole the moment it returns,
 * and the next compaction of the table (a multiply's, or the one clearing a C) waits for that
 * operation's end, whether this client left it (it knows) or another one did (Accumulo refuses,
 * and the start is tried again).
 */
@ClusterTest
class CompactionTailIT {

  @Test
  void multipliesBackToBackOnOneTableEachWholeWhenItReturns() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = "compaction_tail";
      SparseMatrix p = Poisson3D.generate(8, 7);
      List<String> splits = new ArrayList<>();
      for (int i = 1; i < 8; i++) {
        splits.add(String.format("%03d", i * 64)); // 8 tablets: Accumulo re-checks after 2 s
      }
      TableM.create(client, table, List.of("A", "C0", "C1", "C2", "C3"), splits);
      KeyFormat keys = KeyFormat.forSize(p.rows());
      MatrixStore.load(client, table, "A", p, keys, ValueCodecs.DECIMAL);
      String tableId = TableM.id(client, table);
      SparseMatrix expected = ReferenceMultiply.multiply(p, p, Semirings.PLUS_TIMES);

      int leftRunning = 0;
      int forgotRunning = 0;
      for (int i = 0; i < 4; i++) {
        String c = "C" + i;
        MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder()
            .engine(Engine.COMPACTION).families("A", "A", c).build());
        // read at once: every tablet's file is committed when the multiply returns
        assertEquals(expected, MatrixStore.read(client, table, c, p.rows(), p.cols(),
            ValueCodecs.DECIMAL), c);
        assertEquals(expected.nnz(), r.nnzC(), c);
        assertTrue(SpGEMM.isComplete(client, table, c), c);
        if (CompactionTail.pending(tableId)) {
          leftRunning++;
          if (i % 2 == 1) {
            CompactionTail.forget(tableId); // the next start is refused, as another client's
            forgotRunning++;
          }
        }
      }
      assertTrue(leftRunning > 0, "no multiply returned before Accumulo's operation ended");
      assertTrue(forgotRunning > 0, "no start was refused behind another client's operation");

      // the scan engine clears a C that holds entries by a compaction of its own: started
      // behind another client's tail it is refused, and tried again as well
      CompactionTail.forget(tableId);
      MultiplyResult scan = SpGEMM.multiply(client, table, MultiplyOptions.builder()
          .engine(Engine.SCAN).families("A", "A", "C3").build());
      assertEquals(Engine.SCAN, scan.engine());
      assertEquals(expected, MatrixStore.read(client, table, "C3", p.rows(), p.cols(),
          ValueCodecs.DECIMAL), "C3 cleared and written again");
    }
  }

  @Test
  void clearingSweepsEndOnceTheTabletsCommitted() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = "compaction_tail_sweep";
      SparseMatrix a = Poisson3D.generate(8, 7);
      SparseMatrix b = Poisson3D.generate(8, 27);
      List<String> splits = new ArrayList<>();
      for (int i = 1; i < 8; i++) {
        splits.add(String.format("%03d", i * 64));
      }
      TableM.create(client, table, List.of("A", "B", "C"), splits);
      KeyFormat keys = KeyFormat.forSize(a.rows());
      MatrixStore.load(client, table, "A", a, keys, ValueCodecs.DECIMAL);
      MatrixStore.load(client, table, "B", b, keys, ValueCodecs.DECIMAL);
      String tableId = TableM.id(client, table);

      // each multiply writes C where the previous one left a different product: the scan engine
      // clears it first by a sweeping compaction, which ends when the tablets committed it
      int leftRunning = 0;
      String[] bs = {"A", "B", "A", "B"};
      for (String bf : bs) {
        MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder()
            .engine(Engine.SCAN).families("A", bf, "C").build());
        if (CompactionTail.pending(tableId)) {
          leftRunning++;
        }
        SparseMatrix expected = ReferenceMultiply.multiply(a, bf.equals("A") ? a : b,
            Semirings.PLUS_TIMES);
        assertEquals(expected, MatrixStore.read(client, table, "C", a.rows(), a.cols(),
            ValueCodecs.DECIMAL), "C = A*" + bf + ", nothing of the previous C left");
        assertEquals(expected.nnz(), r.nnzC());
      }
      assertTrue(leftRunning > 0, "no sweep ended before Accumulo's operation did");
    }
  }

  @Test
  void aTailWhoseJobRunsIsWaitedForNotCancelled() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = "compaction_tail_running";
      SparseMatrix a = Poisson3D.generate(4, 7);
      TableM.create(client, table, List.of("A"), List.of());
      MatrixStore.load(client, table, "A", a, KeyFormat.forSize(a.rows()), ValueCodecs.DECIMAL);
      String tableId = TableM.id(client, table);
      ExecutorService exec = Executors.newSingleThreadExecutor();
      try {
        // a compaction whose one job runs for 6 s, left as the table's tail
        Future<?> tail = exec.submit(() -> {
          client.tableOperations().compact(table, new CompactionConfig()
              .setIterators(List.of(SlowSeekIterator.setting(50, 6_000))).setWait(true));
          return null;
        });
        CompactionTail.leave(tableId, tail);
        long deadline = System.currentTimeMillis() + 20_000;
        while (client.instanceOperations().getActiveCompactions().stream()
            .noneMatch(c -> c.getTablet().getTable().canonical().equals(tableId))) {
          assertTrue(System.currentTimeMillis() < deadline, "the slow job never started");
          Thread.sleep(100);
        }

        ClusterException e = assertThrows(ClusterException.class,
            () -> CompactionTail.await(client, table, tableId, 1_000));
        assertTrue(e.getMessage().contains("still runs after 1 s (running on "), e.getMessage());
        assertTrue(e.getMessage().contains("not cancelled"), e.getMessage());
        assertTrue(CompactionTail.pending(tableId), "still the tail");

        // not cancelled: the job ends by itself, and the table compacts again as usual (a
        // cancel while the job ran would have left its tablet starting no user compaction)
        tail.get(60, TimeUnit.SECONDS);
        CompactionTail.await(client, table, tableId, 1_000);
        assertFalse(CompactionTail.pending(tableId));
        Future<?> next = exec.submit(() -> {
          client.tableOperations().compact(table, new CompactionConfig()
              .setIterators(List.of(SlowSeekIterator.setting(50, 0))).setWait(true));
          return null;
        });
        next.get(60, TimeUnit.SECONDS);
        assertEquals(a, MatrixStore.read(client, table, "A", a.rows(), a.cols(),
            ValueCodecs.DECIMAL), "A passed through both compactions");
      } finally {
        exec.shutdownNow();
      }
    }
  }

  @Test
  void aTailWithNoJobRunningIsCancelledAfterTheWait() {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = "compaction_tail_idle";
      TableM.create(client, table, List.of("A"), List.of());
      String tableId = TableM.id(client, table);
      // an operation that never ends by itself, with no job of it on any server
      CompletableFuture<Void> tail = new CompletableFuture<>();
      CompactionTail.leave(tableId, tail);
      CompactionTail.await(client, table, tableId, 500);
      assertTrue(tail.isCancelled(), "cancelled once nothing of it ran");
      assertFalse(CompactionTail.pending(tableId));
    }
  }

  @Test
  void aUserWhoCannotSeeWhatRunsCancelsNothing() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String table = "compaction_tail_unseen";
      TableM.create(root, table, List.of("A"), List.of());
      String tableId = TableM.id(root, table);
      String user = "tail_user_" + System.nanoTime();
      root.securityOperations().createLocalUser(user, new PasswordToken("pw"));
      try (AccumuloClient client = Accumulo.newClient()
          .from(SharedCluster.cluster().clientProperties()).as(user, new PasswordToken("pw"))
          .build()) {
        CompletableFuture<Void> tail = new CompletableFuture<>();
        CompactionTail.leave(tableId, tail);
        ClusterException e = assertThrows(ClusterException.class,
            () -> CompactionTail.await(client, table, tableId, 1_000));
        assertTrue(e.getMessage().contains("still runs after 1 s (whether a job of it runs is"
            + " unknown: listing active compactions needs System"
            + " permission"), e.getMessage());
        assertFalse(tail.isCancelled(), "nothing cancelled");
        assertTrue(CompactionTail.pending(tableId), "still the tail");
        tail.complete(null);
        CompactionTail.await(client, table, tableId, 500); // ended: nothing to wait for
        assertFalse(CompactionTail.pending(tableId));
      } finally {
        root.securityOperations().dropLocalUser(user);
      }
    }
  }
}
