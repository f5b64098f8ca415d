package org.spgemm.it;

import org.spgemm.client.Engine;

/**
 * {@link SemiringsAndCodecsIT} on the compaction engine (the default picks the scan engine for
 * inputs this small).
 */
@ClusterTest
class SemiringsAndCodecsCompactionIT extends SemiringsAndCodecsIT {

  @Override
  Engine engine() {
    return Engine.COMPACTION;
  }
}
