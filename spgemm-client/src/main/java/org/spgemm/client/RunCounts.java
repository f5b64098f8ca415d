package org.spgemm.client;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.CFile;

/** Counts of a running multiply, summed over tablets and per tablet server; feeds the listener. */
final class RunCounts {

  /** Replaced whole by {@link #replace}, so read it again after each call. */
  volatile BatchStats total = new BatchStats();
  final Map<String,BatchStats> perServer = new HashMap<>();
  /** The C files the batches reported (engine bulk). */
  final List<CFile> files = new ArrayList<>();
  final int tablets;
  private final ProgressListener listener;
  private int tabletsDone;

  RunCounts(int tablets, ProgressListener listener) {
    this.tablets = tablets;
    this.listener = listener;
  }

  /** Adds one batch's (or tablet's) counts; {@code tabletDone} when a tablet has finished. */
  synchronized void add(BatchStats st, boolean tabletDone) {
    if (st != null) {
      total.add(st);
      addPerServer(st);
      if (st.file != null) {
        files.add(st.file);
      }
    }
    if (tabletDone) {
      tabletsDone++;
    }
    listener.onProgress(total, tabletsDone, tablets);
  }

  /** Replaces every count with the sum of {@code tablets}, {@code done} of which are finished. */
  synchronized void replace(java.util.Collection<BatchStats> perTablet, int done) {
    BatchStats sum = new BatchStats();
    perServer.clear();
    for (BatchStats st : perTablet) {
      sum.add(st);
      addPerServer(st);
    }
    total = sum;
    tabletsDone = done;
    listener.onProgress(total, tabletsDone, tablets);
  }

  /** Adds {@code st} to the counts of its tablet server. */
  private void addPerServer(BatchStats st) {
    perServer.computeIfAbsent(st.server, k -> {
      BatchStats b = new BatchStats();
      b.server = k;
      return b;
    }).add(st);
  }

  MultiplyResult result(long wallNanos, long setupNanos, java.util.List<String> warnings,
      EngineChoice engine, Map<String,Double> phases) {
    return new MultiplyResult(total, perServer, tablets, wallNanos, setupNanos, warnings, engine,
        phases);
  }
}
