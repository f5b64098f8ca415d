package org.spgemm.env;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.HexFormat;
import java.util.Map;
import org.apache.accumulo.core.Constants;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.metadata.MetadataTable;
import org.apache.accumulo.core.metadata.schema.MetadataSchema.TabletsSection;
import org.apache.accumulo.core.security.Authorizations;

/**
 * Where Accumulo keeps the ids of a table's user compactions, as a client reads them: the table's
 * latest id in ZooKeeper ({@link #zooKeeperPath}, readable by anyone) and, per tablet, the id of
 * the last user compaction it finished ({@code srv:compact} in {@code accumulo.metadata}, which
 * every user may read), written in the metadata update that commits the tablet's compacted file.
 * Accumulo's own compaction operation waits on the same two. Schema knowledge of Accumulo 2.1,
 * kept here with the other non-public API.
 */
public final class CompactionIds {

  private CompactionIds() {}

  /** The ZooKeeper node holding the latest user compaction id of table {@code tableId}. */
  public static String zooKeeperPath(String instanceId, String tableId) {
    return Constants.ZROOT + "/" + instanceId + Constants.ZTABLES + "/" + tableId
        + Constants.ZTABLE_COMPACT_ID;
  }

  /** The id in that node's data: "id", or "id,configuration" while a compaction with iterators runs. */
  public static long parse(byte[] data) {
    String s = new String(data, UTF_8);
    int comma = s.indexOf(',');
    return Long.parseLong(comma < 0 ? s : s.substring(0, comma));
  }

  /**
   * The id in that node's data while a compaction whose configuration holds {@code token} (in an
   * iterator option, say) runs, else -1. While any compaction with iterators runs, Accumulo 2.1
   * refuses every other user compaction of the table, so no other compaction takes a later id
   * then: tablets at this id compacted with that configuration. The data is "id,txid=hex" where
   * hex encodes the compaction's configuration, its strings as written by {@code writeUTF}.
   */
  public static long idRunning(byte[] data, String token) {
    String[] parts = new String(data, UTF_8).split(",");
    byte[] t = token.getBytes(UTF_8);
    for (int i = 1; i < parts.length; i++) {
      int eq = parts[i].indexOf('=');
      try {
        if (eq > 0 && contains(HexFormat.of().parseHex(parts[i], eq + 1, parts[i].length()), t)) {
          return Long.parseLong(parts[0]);
        }
      } catch (IllegalArgumentException e) {
        // not a configuration this version writes: not ours
      }
    }
    return -1;
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  /**
   * True when every tablet of {@code tableId} finished a user compaction of id {@code id} or
   * later; false when one has not, or the metadata cannot be read.
   */
  public static boolean allCompacted(AccumuloClient client, String tableId, long id) {
    int tablets = 0;
    int compacted = 0;
    try (Scanner s = client.createScanner(MetadataTable.NAME, Authorizations.EMPTY)) {
      s.setRange(TabletsSection.getRange(TableId.of(tableId)));
      TabletsSection.TabletColumnFamily.PREV_ROW_COLUMN.fetch(s);
      TabletsSection.ServerColumnFamily.COMPACT_COLUMN.fetch(s);
      for (Map.Entry<Key,Value> e : s) {
        if (TabletsSection.TabletColumnFamily.PREV_ROW_COLUMN.hasColumns(e.getKey())) {
          tablets++;
        } else if (Long.parseLong(e.getValue().toString()) >= id) {
          compacted++;
        }
      }
    } catch (TableNotFoundException | RuntimeException e) {
      return false;
    }
    return tablets > 0 && compacted == tablets;
  }
}
