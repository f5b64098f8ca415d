package org.spgemm.mini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A cluster this machine cannot hold is refused with one line naming the argument and its
 * limits, before anything starts (issue 21; moved here from the
 * client's MultiplyOptionsChecksTest with the class, issue 22). The command line reports the
 * same line with its flag names and exit code 2 (BadInputCasesTest in spgemm-cli).
 */
class EmbeddedClusterTest {

  private static void refused(Executable e, String message) {
    IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
    assertEquals(message, x.getMessage());
  }

  @Test
  void anEmbeddedClusterThisMachineCannotHoldIsRefusedBeforeAnythingStarts() {
    refused(() -> EmbeddedCluster.start(EmbeddedCluster.MAX_TSERVERS + 1, 512),
        "tservers must be between 1 and 16, not 17");
    refused(() -> EmbeddedCluster.start(1, 64),
        "tserverHeapMb must be between 128 and " + EmbeddedCluster.maxTserverHeapMb()
            + ", not 64");
    refused(() -> EmbeddedCluster.start(1, Integer.MAX_VALUE),
        "tserverHeapMb must be between 128 and " + EmbeddedCluster.maxTserverHeapMb()
            + ", not " + Integer.MAX_VALUE);
    refused(() -> EmbeddedCluster.checkSize("--tservers", 0, "--tserver-heap-mb", 512),
        "--tservers must be between 1 and 16, not 0");
  }
}
