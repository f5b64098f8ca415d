package org.spgemm.pipeline.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iteratorsImpl.system.ColumnFamilySkippingIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.pipeline.BSource;
import org.spgemm.pipeline.TestTables;

/** B rows of the tablet from the compaction's source, the others from the nested scan. */
class LocalFirstBSourceTest {

  private static final byte[] HOME = "r3".getBytes(StandardCharsets.UTF_8);

  private static TreeMap<Key,Value> table() {
    TreeMap<Key,Value> t = new TreeMap<>();
    for (int r = 1; r <= 6; r++) {
      for (String f : List.of("A", "B")) {
        for (int c = 1; c <= 2; c++) {
          t.put(new Key("r" + r, f, "c" + c), new Value(f + r + c));
        }
      }
    }
    t.put(new Key("r3", "B", "c3", "secret"), new Value("hidden"));
    return t;
  }

  /** Each entry as text, copied as it comes (the source's own key and value are re-used). */
  private static List<String> drain(BSource.Read read) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<Key,Value> e : read) {
      Key k = e.getKey();
      out.add(k.getRow() + " " + k.getColumnFamily() + " " + k.getColumnQualifier() + " "
          + e.getValue());
    }
    return out;
  }

  @Test
  void readsTheTabletsRowsLocallyAndTheOthersRemotelyAndHoldsItsCopyUntilClosed()
      throws Exception {
    TreeMap<Key,Value> t = table();
    TestTables.B remote = new TestTables.B(t, "B");
    Range tablet = new Range(new Text("r2"), false, new Text("r4"), true); // rows r3 and r4
    // as in a compaction's stack, the families a seek names are honoured by a system iterator
    var copy = new ColumnFamilySkippingIterator(new SortedMapIterator(t));
    LocalFirstBSource b = new LocalFirstBSource(tablet, "B", List.of(copy), remote);
    List<Range> ranges = List.of(Range.exact("r1"), Range.exact("r3"), Range.exact("r4"),
        Range.exact("r6"));
    BSource.Read read = b.read(ranges, HOME);
    CompletableFuture<List<String>> second = CompletableFuture.supplyAsync(() -> {
      try (BSource.Read again = b.read(List.of(Range.exact("r4")), HOME)) {
        return drain(again);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    List<String> got = drain(read);
    assertEquals(List.of("r3 B c1 B31", "r3 B c2 B32", "r4 B c1 B41", "r4 B c2 B42",
        "r1 B c1 B11", "r1 B c2 B12", "r6 B c1 B61", "r6 B c2 B62"), got,
        "local rows first, in key order, without the labelled entry; then the nested scan's");
    assertEquals(List.of("r1", "r6"), remote.rowsRead, "only rows outside the tablet went remote");
    assertTrue(read.isLocal(new ArrayByteSequence("r4")));
    assertFalse(read.isLocal(new ArrayByteSequence("r1")));
    Thread.sleep(200);
    assertFalse(second.isDone(), "the only copy is held until the first read is closed");
    read.close();
    read.close(); // twice: the copy goes back once
    assertEquals(List.of("r4 B c1 B41", "r4 B c2 B42"), second.get(5, TimeUnit.SECONDS));
  }
}
