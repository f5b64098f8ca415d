package org.spgemm.client;

import org.apache.accumulo.core.client.IteratorSetting;
import org.spgemm.algebra.MaskMode;
import org.spgemm.iterators.CompactionMultiplyIterator;
import org.spgemm.iterators.MultiplyIteratorOptions;
import org.spgemm.iterators.MultiplyIteratorOptions.Mode;
import org.spgemm.iterators.RowByRowMultiplyIterator;
import org.spgemm.iterators.TableLayout;

/**
 * The iterator setting of one multiply: the engine's iterator with the job and every option the
 * caller set (the rest are the iterator's defaults), checked by the iterator's own parser.
 */
final class MultiplySetting {

  private MultiplySetting() {}

  /** @param table the table the job runs on (M), and {@code tableId} its id */
  static IteratorSetting of(Engine engine, String jobId, String jobKey, String table,
      String tableId, Mode mode, MultiplyOptions opts) {
    IteratorSetting is = new IteratorSetting(TableLayout.ITERATOR_PRIORITY, TableLayout.ITERATOR_NAME,
        engine == Engine.SCAN ? RowByRowMultiplyIterator.class : CompactionMultiplyIterator.class);
    if (engine == Engine.SCAN) {
      MultiplyIteratorOptions.setJob(is, jobId, jobKey);
    } else {
      MultiplyIteratorOptions.setCompactionJob(is, jobId, tableId, System.currentTimeMillis());
    }
    MultiplyIteratorOptions.setMode(is, mode);
    MultiplyIteratorOptions.setFamilies(is, opts.aFamily, opts.bFamily, opts.cFamily);
    if (opts.bTable != null) {
      MultiplyIteratorOptions.setBTable(is, opts.bTable);
    }
    MultiplyIteratorOptions.setSemiring(is, opts.semiring);
    MultiplyIteratorOptions.setCodecs(is, opts.codecA, opts.codecB, opts.codecC);
    if (opts.cVisibility != null) {
      MultiplyIteratorOptions.setCVisibility(is, opts.cVisibility);
    }
    if (opts.maskFamily != null) {
      MultiplyIteratorOptions.setMask(is, opts.maskFamily, opts.maskMode == MaskMode.STRUCTURE,
          opts.maskComplement);
      if (opts.maskTable != null && !opts.maskTable.equals(table)) {
        MultiplyIteratorOptions.setMaskTable(is, opts.maskTable);
      }
    }
    if (opts.cTable != null && !opts.cTable.equals(table)) {
      MultiplyIteratorOptions.setCTable(is, opts.cTable);
    }
    if (opts.accum != null) {
      MultiplyIteratorOptions.setAccum(is, opts.accum);
    }
    if (opts.replace) {
      MultiplyIteratorOptions.setReplace(is, true);
    }
    MultiplyIteratorOptions.setRows(is, opts.rowFirst, opts.rowLast);
    MultiplyIteratorOptions.setColumns(is, opts.colFirst, opts.colLast);
    if (opts.select != null) {
      MultiplyIteratorOptions.setSelect(is, opts.select);
    }
    setIfGiven(is, MultiplyIteratorOptions.BATCH_B_ROWS, opts.batchBRows);
    setIfGiven(is, MultiplyIteratorOptions.MAX_BATCH_ROWS, opts.maxBatchRows);
    setIfGiven(is, MultiplyIteratorOptions.MAX_BATCH_BYTES, opts.maxBatchBytes);
    setIfGiven(is, MultiplyIteratorOptions.CACHE_BYTES, opts.cacheBytes);
    setIfGiven(is, MultiplyIteratorOptions.THREADS, opts.threads);
    setIfGiven(is, MultiplyIteratorOptions.SCAN_THREADS, opts.scanThreads);
    try {
      MultiplyIteratorOptions.parse(is.getOptions());
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
    return is;
  }

  /**
   * The pre-flight of a job: the scan iterator with the same options, checking the job as the
   * engine's tablets will (record, key, consents; the nested executor for the scan engine) and
   * computing nothing.
   */
  static IteratorSetting preflight(Engine engine, String jobId, String jobKey, String table,
      String tableId, Mode mode, MultiplyOptions opts) {
    IteratorSetting is = of(Engine.SCAN, jobId, jobKey, table, tableId, mode, opts);
    if (engine == Engine.COMPACTION) {
      MultiplyIteratorOptions.setCompactionJob(is, jobId, tableId, System.currentTimeMillis());
    }
    MultiplyIteratorOptions.setDryRun(is);
    return is;
  }

  private static void setIfGiven(IteratorSetting is, String option, Number value) {
    if (value != null) {
      MultiplyIteratorOptions.set(is, option, value.longValue());
    }
  }
}
