package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.data.Key;
import org.spgemm.progress.BatchStats;

/** What a finished batch hands back to the scan thread: the entries to emit, in key order. */
public final class BatchResult {

  public final List<Key> keys = new ArrayList<>();
  public final List<BatchStats> stats = new ArrayList<>();

  void emit(Key key, BatchStats s) {
    keys.add(key);
    stats.add(s);
  }
}
