package org.spgemm.client;

import com.google.common.base.Throwables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.ActiveCompaction;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.spgemm.env.CompactionIds;
import org.spgemm.iterators.TableLayout;

/**
 * A user compaction known done from the table's own state rather than from Accumulo's operation.
 * The manager re-checks a user compaction 500 ms x the tablets still pending on one server after
 * its previous check (2 s with 4 tablets per server), so it returns 0.1-4 s after the last tablet
 * committed. Each tablet records the id of the user compaction it finished in the metadata
 * update that commits its new file, and the table's latest compaction id is in ZooKeeper, both
 * readable by every user ({@link CompactionIds}). When every tablet's id is at least that one,
 * every tablet's new file is committed and scans read what the compaction wrote; that is what
 * Accumulo's operation waits for too.
 *
 * <p>
 * The operation then still has to notice, and until it does Accumulo refuses another compaction
 * with iterators of the table. A compaction this client starts on the table waits for such a
 * tail first ({@link #await}); one refused behind another client's tail is tried again ({@link
 * #compact}). A compaction whose configuration holds a token of its own learns its id from
 * ZooKeeper while it runs ({@link #awaitCommitted}).
 */
final class CompactionTail {

  /**
   * How often the tablets' commits are looked for once the compaction's id is known; each look is
   * a scan of {@code accumulo.metadata}, whose server checks the user's password.
   */
  static final long COMMIT_POLL_MILLIS = 100;

  /** How long a compaction waits for the tail of the previous one of its table. */
  static final long WAIT_MILLIS = 30_000;

  /** The operations left to end in the background, by table id. */
  private static final Map<String,Future<?>> TAILS = new ConcurrentHashMap<>();

  private CompactionTail() {}

  /**
   * {@code operation}, a compaction of table {@code tableId}, ends by itself: its tablets are
   * done, or its job's record is gone, so that each pass ends its C early and commits.
   */
  static void leave(String tableId, Future<?> operation) {
    TAILS.values().removeIf(Future::isDone);
    TAILS.put(tableId, operation);
  }

  /** Whether {@code operation} is the tail left on {@code tableId}. */
  static boolean isTail(String tableId, Future<?> operation) {
    return TAILS.get(tableId) == operation;
  }

  /**
   * Waits (at most {@link #WAIT_MILLIS}) for the tail this client left on {@code tableId}. One
   * that has not ended by then is cancelled if none of its jobs runs ({@link
   * #cancelUnlessRunning}); one whose jobs run stays the tail, and the wait fails.
   */
  static void await(AccumuloClient client, String table, String tableId) {
    await(client, table, tableId, WAIT_MILLIS);
  }

  /** As above, waiting at most {@code waitMillis}. */
  static void await(AccumuloClient client, String table, String tableId, long waitMillis) {
    Future<?> tail = TAILS.get(tableId);
    if (tail == null) {
      return;
    }
    try {
      tail.get(waitMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpgemmException("interrupted waiting for the previous compaction of table id "
          + tableId + " to end");
    } catch (TimeoutException e) {
      String running = cancelUnlessRunning(client, table, tableId);
      if (running != null) {
        throw new ClusterException("the previous compaction of " + table + ", left to end by"
            + " itself when its multiply ended, still runs after " + waitMillis / 1000 + " s ("
            + running + "); not cancelled, as a cancel would stop those tablets compacting: try"
            + " again when it ends");
      }
      tail.cancel(true);
    } catch (ExecutionException e) {
      // it failed: nothing of it runs any more
    }
    TAILS.remove(tableId, tail);
  }

  /**
   * Cancels the user compaction of {@code table} (id {@code tableId}) unless a job of it runs.
   * In Accumulo 2.1.4 a tablet that sees a user compaction cancelled while one of its jobs runs
   * marks its selection {@code CANCELED} and then starts no user compaction until it is unloaded
   * (docs/operations.md); a cancel of jobs only queued is harmless. What runs is read from every
   * server's active compactions, which Accumulo lists only to users with System permission; when
   * the list cannot be read nothing is cancelled. A job that starts between the look and the
   * cancel is not seen.
   *
   * @return null when cancelled, else what runs (or that it could not be told)
   */
  static String cancelUnlessRunning(AccumuloClient client, String table, String tableId) {
    List<String> tablets = new ArrayList<>();
    try {
      for (ActiveCompaction c : client.instanceOperations().getActiveCompactions()) {
        if (c.getTablet().getTable().canonical().equals(tableId)
            && c.getReason() == ActiveCompaction.CompactionReason.USER) {
          tablets.add(c.getTablet().toString() + " for " + c.getAge() / 1000 + " s");
        }
      }
    } catch (AccumuloException | AccumuloSecurityException e) {
      // Accumulo 2.1 wraps a server's refusal in an AccumuloException
      return "whether a job of it runs is unknown: " + (Throwables.getCausalChain(e).stream()
          .anyMatch(AccumuloSecurityException.class::isInstance)
              ? "listing active compactions needs System permission"
              : "active compactions not listed: " + e.getMessage());
    }
    if (!tablets.isEmpty()) {
      return "running on " + String.join(", ", tablets.subList(0, Math.min(3, tablets.size())))
          + (tablets.size() > 3 ? " and " + (tablets.size() - 3) + " more tablets" : "");
    }
    try {
      client.tableOperations().cancelCompaction(table);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      // a table gone or not ours to compact: nothing of it to wait for
    }
    return null;
  }

  /**
   * Compacts {@code table} as {@code cfg} says (its iterators, waiting for the end). Refused
   * because another compaction with iterators runs while no multiply but {@code ownJob} (null:
   * none) holds a job record on the table, the other is the tail of a compaction that ended,
   * perhaps left by another client: tried again every 250 ms, for at most {@link #WAIT_MILLIS}.
   */
  static void compact(AccumuloClient client, String table, CompactionConfig cfg, String ownJob)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException,
      InterruptedException {
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (true) {
      try {
        client.tableOperations().compact(table, cfg);
        return;
      } catch (AccumuloException e) {
        if (!anotherCompaction(e) || System.currentTimeMillis() > deadline
            || otherJobRunning(client, table, ownJob)) {
          throw e;
        }
        Thread.sleep(250);
      }
    }
  }

  /** Whether {@code e} is Accumulo refusing a compaction with iterators while another runs. */
  static boolean anotherCompaction(Throwable e) {
    return String.valueOf(e.getMessage()).contains("Another compaction with iterators");
  }

  /** Whether {@code table} holds the job record of a multiply other than {@code ownJob}. */
  private static boolean otherJobRunning(AccumuloClient client, String table, String ownJob) {
    String mine = ownJob == null ? null : TableLayout.JOB_PREFIX + ownJob;
    return CompactionDriver.metaEntries(client, table, TableLayout.JOB_PREFIX).stream()
        .anyMatch(e -> !e.getKey().getColumnQualifier().toString().equals(mine));
  }

  /** Whether a tail this client left on {@code tableId} is still running (for tests). */
  static boolean pending(String tableId) {
    Future<?> tail = TAILS.get(tableId);
    return tail != null && !tail.isDone();
  }

  /** Forgets the tail left on {@code tableId}, as another client never knew it (for tests). */
  static void forget(String tableId) {
    TAILS.remove(tableId);
  }

  /**
   * Waits at most {@code millis} for {@code operation}, a compaction of all of table {@code
   * tableId} whose configuration holds {@code token} (an iterator option), to end, or for every
   * tablet to have committed it: then the operation is left to end by itself ({@link #leave}).
   * True when the compaction is done either way, false when the time ran out; the operation's
   * failure is thrown. Without ZooKeeper or metadata access the operation is waited for.
   */
  static boolean awaitCommitted(AccumuloClient client, String tableId, Future<?> operation,
      String token, long millis) throws ExecutionException, InterruptedException {
    long deadline = System.currentTimeMillis() + millis;
    try (IdNode node = new IdNode(client, tableId)) {
      long id = -1;
      for (long left = millis; left > 0; left = deadline - System.currentTimeMillis()) {
        try {
          operation.get(Math.min(left, COMMIT_POLL_MILLIS), TimeUnit.MILLISECONDS);
          return true;
        } catch (TimeoutException e) {
          if (id < 0) {
            id = node.idRunning(token);
          }
          if (id >= 0 && CompactionIds.allCompacted(client, tableId, id)) {
            leave(tableId, operation);
            return true;
          }
        }
      }
      return false;
    }
  }

  /**
   * The table's latest user compaction id, from ZooKeeper; -1 when it cannot be read (then the
   * caller waits for Accumulo's operation as before).
   */
  static long latestId(AccumuloClient client, String tableId) {
    try (IdNode node = new IdNode(client, tableId)) {
      byte[] data = node.read();
      return data == null ? -1 : CompactionIds.parse(data);
    }
  }

  /**
   * The ZooKeeper node holding a table's compaction id ({@link CompactionIds#zooKeeperPath}), read
   * through one session opened on first use; once it cannot be read, it is not tried again.
   */
  private static final class IdNode implements AutoCloseable {
    private final AccumuloClient client;
    private final String tableId;
    private ZooKeeper zk;
    private String path;
    private boolean unreadable;

    IdNode(AccumuloClient client, String tableId) {
      this.client = client;
      this.tableId = tableId;
    }

    /** The id while the compaction whose configuration holds {@code token} runs, else -1. */
    long idRunning(String token) {
      byte[] data = read();
      return data == null ? -1 : CompactionIds.idRunning(data, token);
    }

    /** The node's data, or null when it cannot be read. */
    byte[] read() {
      if (unreadable) {
        return null;
      }
      try {
        if (zk == null) {
          String zookeepers = client.properties().getProperty("instance.zookeepers");
          if (zookeepers == null) {
            unreadable = true;
            return null;
          }
          path = CompactionIds.zooKeeperPath(
              client.instanceOperations().getInstanceId().canonical(), tableId);
          CountDownLatch connected = new CountDownLatch(1);
          zk = new ZooKeeper(zookeepers, 30_000, e -> {
            if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
              connected.countDown();
            }
          });
          if (!connected.await(5, TimeUnit.SECONDS)) {
            unreadable = true;
            return null;
          }
        }
        return zk.getData(path, false, null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (Exception e) {
        // no ZooKeeper access, another layout: the caller waits for the operation
      }
      unreadable = true;
      return null;
    }

    @Override
    public void close() {
      if (zk != null) {
        try {
          zk.close();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }
}
