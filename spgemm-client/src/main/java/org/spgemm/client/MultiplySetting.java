package org.spgemm.client;

import org.apache.accumulo.core.client.IteratorSetting;
import org.spgemm.iterators.CompactionMultiplyIterator;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.iterators.MultiplySpec.Mode;
import org.spgemm.iterators.ScanMultiplyIterator;
import org.spgemm.iterators.TableLayout;

/**
 * The iterator setting of one multiply: the engine's iterator carrying the caller's spec with
 * this run's job, table and mode, and nothing else (the spec encodes only what differs from the
 * iterator's defaults).
 */
final class MultiplySetting {

  private MultiplySetting() {}

  /**
   * @param table the table the job runs on (M), and {@code tableId} its id
   * @param wholeB whether the servers read all of B at once ({@link EngineChoice#wholeB})
   */
  static IteratorSetting of(Engine engine, String jobId, String jobKey, String table,
      String tableId, Mode mode, MultiplyOptions opts, boolean wholeB) {
    MultiplySpec s = spec(engine, jobId, jobKey, table, tableId, mode, opts);
    return setting(engine, wholeB ? s.with("wholeB", true) : s);
  }

  /**
   * The pre-flight of a job: the scan iterator with the same options, checking the job as the
   * engine's tablets will (record, key, consents; the nested executor for the scan engine) and
   * computing nothing.
   */
  static IteratorSetting preflight(Engine engine, String jobId, String jobKey, String table,
      String tableId, Mode mode, MultiplyOptions opts) {
    // bulk's pre-flight also names the directory its servers will write C's files to
    MultiplySpec s = spec(engine == Engine.BULK ? engine : Engine.SCAN, jobId, jobKey, table,
        tableId, mode, opts).with("dryRun", true);
    return setting(Engine.SCAN, engine == Engine.COMPACTION ? s.with("table", tableId) : s);
  }

  private static MultiplySpec spec(Engine engine, String jobId, String jobKey, String table,
      String tableId, Mode mode, MultiplyOptions opts) {
    MultiplySpec s = opts.spec.with("job", jobId).with("mode", mode);
    s = engine.scans() ? s.with("jobKey", jobKey) : s.with("table", tableId);
    if (engine != Engine.SCAN) {
      // C written as files (a compaction's or bulk's): every server's carry the same time, so a
      // piece or tablet computed twice is one version
      s = s.with("timestamp", System.currentTimeMillis());
    }
    if (engine == Engine.BULK) {
      s = s.with("cFiles", true);
    }
    // a mask or C "in another table" that is M itself is M's own, read or written locally
    if (table.equals(s.maskTable())) {
      s = s.with("maskTable", null);
    }
    return table.equals(s.cTable()) ? s.with("cTable", null) : s;
  }

  private static IteratorSetting setting(Engine engine, MultiplySpec spec) {
    IteratorSetting is = new IteratorSetting(TableLayout.ITERATOR_PRIORITY,
        TableLayout.ITERATOR_NAME, engine.scans() ? ScanMultiplyIterator.class
            : CompactionMultiplyIterator.class);
    spec.writeTo(is);
    return is;
  }
}
