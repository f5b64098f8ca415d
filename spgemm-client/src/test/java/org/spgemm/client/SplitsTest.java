package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Split points for a table made to hold a matrix: equal row blocks, or a TSV file's rows. */
class SplitsTest {

  @Test
  void equalRowBlocksAsKeys() {
    KeyFormat keys = KeyFormat.forSize(100);
    assertEquals(List.of("25", "50", "75"), keys.equalSplits(100, 4));
    assertEquals(List.of(), keys.equalSplits(100, 1));
    // fewer rows than tablets: one tablet per row at most, no split repeated
    assertEquals(List.of("01", "02"), keys.equalSplits(3, 8));
  }

  @Test
  void tsvRowsSplitByTheirTriples(@TempDir Path dir) throws Exception {
    // rows in UTF-8 byte order: "a" (4 triples), "b" (1), "c" (1), "d" (2); given out of order
    Path tsv = Files.writeString(dir.resolve("m.tsv"), String.join("\n", "d\tx\t1", "a\tx\t1",
        "a\ty\t1", "b\tx\t1", "", "a\tz\t1", "c\tx\t1", "a\tw\t1", "d\ty\t1", "bad line") + "\n");
    // 8 triples in 2 tablets: the one at index 4 in order ("b") ends the first; "a" stays whole
    assertEquals(List.of("b"), Triples.rowSplits(tsv, 2));
    // 4 tablets: the triples at indices 2, 4 and 6 are a, b, d; "d", the last row, would leave
    // the last tablet empty
    assertEquals(List.of("a", "b"), Triples.rowSplits(tsv, 4));
    assertEquals(List.of(), Triples.rowSplits(tsv, 1));
    Path one = Files.writeString(dir.resolve("one.tsv"), "r\tx\t1\nr\ty\t2\n");
    assertEquals(List.of(), Triples.rowSplits(one, 3), "a single row is never cut");
  }
}
