package org.spgemm.iterators;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.spgemm.env.TabletServerBridge;
import org.spgemm.job.JobAuthorization;
import org.spgemm.pipeline.BRowCache;
import org.spgemm.pipeline.BSource;
import org.spgemm.pipeline.CWriters;
import org.spgemm.pipeline.JobBRowCaches;
import org.spgemm.pipeline.MemoryBudget;
import org.spgemm.pipeline.NestedScanBSource;
import org.spgemm.pipeline.scan.FileCWriters;
import org.spgemm.pipeline.scan.TableCWriters;

/**
 * What the scan iterator needs from the tablet server it runs in: the table's name and id, the
 * job's check, where B is read, where the job's B rows are kept and where C is written. A test
 * gives it maps instead.
 */
interface ScanHost {

  String tableId();

  String tableName();

  /** Checks the job ({@link JobAuthorization}); errors anchored at {@code at}. */
  void authorize(MultiplySpec opts, Key at);

  BSource bSource(MultiplySpec opts);

  /**
   * The B rows the job's batches in this server share, made with {@code capacity} bytes if the
   * job has none here yet.
   */
  BRowCache bCache(MultiplySpec opts, long capacity);

  CWriters cWriters(MultiplySpec opts, MemoryBudget budget);

  /** The directory the job's C files go to (engine bulk), as a URI the client can reach. */
  String cFilesDirectory(MultiplySpec opts);

  /** The tablet server's own: its context's rights, nested scans on the nested executor. */
  static ScanHost of(IteratorEnvironment env) {
    return new ScanHost() {
      @Override
      public String tableId() {
        return env.getTableId().canonical();
      }

      @Override
      public String tableName() {
        try {
          return env.getPluginEnv().getTableName(env.getTableId());
        } catch (TableNotFoundException e) {
          throw new IllegalStateException("table " + env.getTableId() + " vanished", e);
        }
      }

      @Override
      public void authorize(MultiplySpec opts, Key at) {
        String table = tableName();
        new JobAuthorization(TabletServerBridge.serverClient(env), env.getPluginEnv(),
            env.getTableId(), table, opts).check(opts.bTableFor(table), at);
      }

      @Override
      public BSource bSource(MultiplySpec opts) {
        String table = tableName();
        // a scan thread must not wait for a nested scan queued behind it: the nested executor
        // a count needs B's columns only (BValues reads no value in count mode)
        return new NestedScanBSource(TabletServerBridge.serverClient(env), table,
            opts.bTableFor(table), opts.bFamily(), opts.scanThreads(),
            TableLayout.NESTED_HINT, opts.mode() == MultiplySpec.Mode.COUNT);
      }

      @Override
      public BRowCache bCache(MultiplySpec opts, long capacity) {
        String table = tableName();
        return JobBRowCaches.forJob(table, opts.bTableFor(table), opts.job(), capacity);
      }

      @Override
      public CWriters cWriters(MultiplySpec opts, MemoryBudget budget) {
        if (opts.cFiles()) {
          try {
            AccumuloClient server = TabletServerBridge.serverClient(env);
            String table = tableName();
            return new FileCWriters(server, table, opts, volumes(),
                server.tableOperations().getConfiguration(opts.cTableFor(table)));
          } catch (IOException e) {
            throw new UncheckedIOException("no file system for C's files: " + e, e);
          } catch (AccumuloException | TableNotFoundException e) {
            throw new IllegalStateException("no configuration of C's table: " + e, e);
          }
        }
        return new TableCWriters(TabletServerBridge.serverClient(env), tableName(), opts,
            budget.cBufferBytes());
      }

      @Override
      public String cFilesDirectory(MultiplySpec opts) {
        URI volume = FileCWriters.firstVolume(volumes());
        FileCWriters.removeStale(volume, TableLayout.C_FILES_STALE_MILLIS,
            System.currentTimeMillis());
        return FileCWriters.jobDirectory(volume, opts.job()).toString();
      }

      private String volumes() {
        return env.getPluginEnv().getConfiguration().get(TableLayout.VOLUMES_PROPERTY);
      }
    };
  }
}
