package org.spgemm.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a multiply's wall time went, step by step (checks, digests, claiming C, the job record,
 * clearing C, computing, finishing): each {@link #end} closes the step that began at the previous
 * one. Steps that ran twice are summed.
 */
final class Phases {

  private final Map<String,Long> nanos = new LinkedHashMap<>();
  private long last = System.nanoTime();

  /** Ends the step {@code name}, which began at the previous call (or at construction). */
  void end(String name) {
    long now = System.nanoTime();
    nanos.merge(name, now - last, Long::sum);
    last = now;
  }

  /** Seconds per step, in the order they first ended. */
  Map<String,Double> seconds() {
    Map<String,Double> m = new LinkedHashMap<>();
    nanos.forEach((k, v) -> m.put(k, v / 1e9));
    return Collections.unmodifiableMap(m);
  }
}
