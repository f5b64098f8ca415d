package org.spgemm.pipeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.Locations;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TabletId;
import org.apache.hadoop.io.Text;

/**
 * Which B rows of a nested scan live on another tablet server than the batch's own tablet: the
 * paper's communication volume, measured rather than predicted. Locations come from Accumulo's
 * {@code locate}, which reads the metadata table each time; if they cannot be had, nothing counts
 * as remote.
 */
public final class TabletHomes {

  private static final TabletHomes UNKNOWN = new TabletHomes(new Text[0], new boolean[0]);

  /** Tablet end rows in order (null, the last tablet's, sorts last) and whether each is remote. */
  private final Text[] endRows;
  private final boolean[] remote;

  private TabletHomes(Text[] endRows, boolean[] remote) {
    this.endRows = endRows;
    this.remote = remote;
  }

  /** For each tablet of {@code bTable}: hosted elsewhere than {@code homeRow}'s tablet or not. */
  static TabletHomes locate(AccumuloClient client, String table, byte[] homeRow, String bTable) {
    try {
      Locations home =
          client.tableOperations().locate(table, List.of(new Range(new Text(homeRow))));
      String here = null;
      for (TabletId t : home.groupByTablet().keySet()) {
        here = home.getTabletLocation(t);
      }
      if (here == null) {
        return UNKNOWN; // the batch's own tablet is between servers: located on a later read
      }
      Locations b = client.tableOperations().locate(bTable, List.of(new Range()));
      List<Map.Entry<Text,Boolean>> tablets = new ArrayList<>();
      for (TabletId t : b.groupByTablet().keySet()) {
        String loc = b.getTabletLocation(t);
        tablets.add(Map.entry(t.getEndRow() == null ? new Text() : t.getEndRow(),
            loc != null && !loc.equals(here)));
      }
      // a missing end row (last tablet) was entered as the empty Text: move it to the end
      tablets.sort(Comparator.comparing((Map.Entry<Text,Boolean> e) -> e.getKey().getLength() == 0)
          .thenComparing(Map.Entry::getKey));
      Text[] ends = new Text[tablets.size()];
      boolean[] far = new boolean[tablets.size()];
      for (int i = 0; i < ends.length; i++) {
        Text end = tablets.get(i).getKey();
        ends[i] = end.getLength() == 0 ? null : end;
        far[i] = tablets.get(i).getValue();
      }
      return new TabletHomes(ends, far);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException
        | RuntimeException e) {
      return UNKNOWN; // statistics only: never fail a multiply over them
    }
  }

  /** False when the locations could not be had (nothing then counts as remote). */
  boolean located() {
    return this != UNKNOWN;
  }

  /** True if the tablet holding {@code row} is hosted elsewhere. */
  boolean isRemote(ByteSequence row) {
    int lo = 0;
    int hi = endRows.length - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Text end = endRows[mid];
      int cmp = end == null ? 1
          : compare(end.getBytes(), end.getLength(), row);
      if (cmp >= 0) {
        found = mid;
        hi = mid - 1;
      } else {
        lo = mid + 1;
      }
    }
    return found >= 0 && remote[found];
  }

  private static int compare(byte[] a, int aLen, ByteSequence b) {
    byte[] bb = b.getBackingArray();
    int off = b.offset();
    int n = Math.min(aLen, b.length());
    for (int i = 0; i < n; i++) {
      int c = (a[i] & 0xff) - (bb[off + i] & 0xff);
      if (c != 0) {
        return c;
      }
    }
    return aLen - b.length();
  }
}
