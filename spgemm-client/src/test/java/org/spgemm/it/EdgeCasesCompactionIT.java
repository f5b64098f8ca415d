package org.spgemm.it;

import org.spgemm.client.Engine;

/**
 * {@link EdgeCasesIT} on the compaction engine (the default picks the scan engine for inputs this
 * small).
 */
@ClusterTest
class EdgeCasesCompactionIT extends EdgeCasesIT {

  @Override
  Engine engine() {
    return Engine.COMPACTION;
  }
}
