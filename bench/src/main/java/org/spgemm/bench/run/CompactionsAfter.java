package org.spgemm.bench.run;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.ActiveCompaction;

/**
 * The work a method leaves to Accumulo: how long compactions of C's table still run after it
 * returned. A bulk import that gives one tablet many files makes its tablet server merge them
 * (Accumulo's compaction planner picks a set of files whose sizes sum to 3 times the largest of
 * them), and that rewrites the tablet's other families too; a method that returns first and
 * leaves that behind has not done less. The bench deletes each table after its run, which would
 * cancel such a compaction unseen; this waits for it first and times it.
 *
 * <p>Accumulo lists running compactions only, not queued ones, and a tablet server queues the
 * merge a moment after the import: the table counts as settled once no compaction of it has run
 * for {@link #QUIET_MILLIS}, and the time reported is from the call to the last moment one ran.
 */
public final class CompactionsAfter {

  /** How long no compaction of the table must run before it counts as settled. */
  public static final long QUIET_MILLIS = 1_500;
  private static final long POLL_MILLIS = 100;
  /** At most this long: past it the time so far is reported (a run is never held for good). */
  static final long MAX_MILLIS = 300_000;

  private CompactionsAfter() {}

  /**
   * Seconds from now until the last compaction of {@code table} seen running ended; 0 if none;
   * -1 (not measured) when Accumulo does not list them to this user (it lists running compactions
   * only to users with the System permission).
   */
  public static double await(AccumuloClient client, String table) {
    long t0 = System.nanoTime();
    long lastSeen = t0;
    boolean any = false;
    try {
      while (true) {
        long now = System.nanoTime();
        if (running(client, table)) {
          lastSeen = now;
          any = true;
        } else if (now - lastSeen >= QUIET_MILLIS * 1_000_000L) {
          break;
        }
        if (now - t0 >= MAX_MILLIS * 1_000_000L) {
          break;
        }
        Thread.sleep(POLL_MILLIS);
      }
    } catch (AccumuloException | AccumuloSecurityException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return any ? (lastSeen - t0) / 1e9 : 0;
  }

  private static boolean running(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    for (ActiveCompaction c : client.instanceOperations().getActiveCompactions()) {
      try {
        if (table.equals(c.getTable())) {
          return true;
        }
      } catch (TableNotFoundException e) {
        // a compaction of a table deleted since the list was made: not this one
      }
    }
    return false;
  }
}
