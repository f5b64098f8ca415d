package org.spgemm.client;

import org.spgemm.progress.BatchStats;

/** Told after every batch any tablet finishes. Calls are serialized; keep them cheap. */
@FunctionalInterface
public interface ProgressListener {

  /**
   * @param total counts summed over every batch so far
   * @param tabletsDone tablets whose part of A is finished
   * @param tablets tablets of A in all
   */
  void onProgress(BatchStats total, int tabletsDone, int tablets);

  ProgressListener NONE = (t, d, n) -> {};
}
