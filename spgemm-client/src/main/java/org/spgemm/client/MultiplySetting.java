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

  /** @param table the table the job runs on (M), and {@code tableId} its id */
  static IteratorSetting of(Engine engine, String jobId, String jobKey, String table,
      String tableId, Mode mode, MultiplyOptions opts) {
    MultiplySpec.Builder s = opts.spec.toBuilder().set("job", jobId).set("mode", mode);
    if (engine == Engine.SCAN) {
      s.set("jobKey", jobKey);
    } else {
      s.set("table", tableId).set("timestamp", System.currentTimeMillis());
    }
    // a mask or C "in another table" that is M itself is M's own, read or written locally
    if (table.equals(opts.spec.maskTable())) {
      s.set("maskTable", null);
    }
    if (table.equals(opts.spec.cTable())) {
      s.set("cTable", null);
    }
    return setting(engine, s.build());
  }

  /**
   * The pre-flight of a job: the scan iterator with the same options, checking the job as the
   * engine's tablets will (record, key, consents; the nested executor for the scan engine) and
   * computing nothing.
   */
  static IteratorSetting preflight(Engine engine, String jobId, String jobKey, String table,
      String tableId, Mode mode, MultiplyOptions opts) {
    MultiplySpec spec = MultiplySpec.decode(of(Engine.SCAN, jobId, jobKey, table, tableId, mode,
        opts).getOptions());
    MultiplySpec.Builder s = spec.toBuilder().set("dryRun", true);
    if (engine == Engine.COMPACTION) {
      s.set("table", tableId);
    }
    return setting(Engine.SCAN, s.build());
  }

  private static IteratorSetting setting(Engine engine, MultiplySpec spec) {
    IteratorSetting is = new IteratorSetting(TableLayout.ITERATOR_PRIORITY,
        TableLayout.ITERATOR_NAME, engine == Engine.SCAN ? ScanMultiplyIterator.class
            : CompactionMultiplyIterator.class);
    spec.writeTo(is);
    return is;
  }
}
