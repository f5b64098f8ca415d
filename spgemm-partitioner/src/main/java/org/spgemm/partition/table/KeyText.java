package org.spgemm.partition.table;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.security.Authorizations;

/**
 * Row and column keys as the Strings a {@link org.spgemm.partition.plan.PartitionPlan} holds:
 * UTF-8, checked so that a key which is not valid UTF-8 fails loudly instead of being silently
 * replaced (it could not be written back byte for byte).
 */
final class KeyText {

  /** UTF-8 bytes in unsigned order: Accumulo's order of keys. */
  static final Comparator<String> ACCUMULO_ORDER =
      (x, y) -> Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8),
          y.getBytes(StandardCharsets.UTF_8));

  private KeyText() {}

  static String decode(ByteSequence bytes, String what) {
    byte[] b = bytes.isBackedByArray() ? bytes.getBackingArray() : bytes.toArray();
    int off = bytes.isBackedByArray() ? bytes.offset() : 0;
    int len = bytes.length();
    String s = new String(b, off, len, StandardCharsets.UTF_8);
    if (s.indexOf('\uFFFD') >= 0 && !Arrays.equals(s.getBytes(StandardCharsets.UTF_8), 0,
        s.getBytes(StandardCharsets.UTF_8).length, b, off, off + len)) {
      throw new IllegalArgumentException(what + " is not valid UTF-8 (bytes "
          + Arrays.toString(Arrays.copyOfRange(b, off, off + len))
          + "): partitioning needs UTF-8 keys");
    }
    return s;
  }

  static boolean sameBytes(ByteSequence x, byte[] y) {
    if (y == null || x.length() != y.length) {
      return false;
    }
    if (x.isBackedByArray()) {
      return Arrays.equals(x.getBackingArray(), x.offset(), x.offset() + x.length(), y, 0,
          y.length);
    }
    return Arrays.equals(x.toArray(), y);
  }

  /** The user's authorizations, or none when they cannot be read. */
  static Authorizations userAuths(AccumuloClient client) {
    try {
      return client.securityOperations().getUserAuthorizations(client.whoami());
    } catch (AccumuloException | AccumuloSecurityException e) {
      return Authorizations.EMPTY;
    }
  }
}
