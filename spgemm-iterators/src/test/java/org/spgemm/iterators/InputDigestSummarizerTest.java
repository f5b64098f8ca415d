package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.client.summary.Summarizer;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.InputDigestIterator.Digest;

/** Files' summaries add up to the scan's digest of the same entries, and no further. */
class InputDigestSummarizerTest {

  private static final SummarizerConfiguration AB = InputDigestSummarizer
      .configuration(List.of("A", "B", "A"));

  private static String hex(String family) {
    return HexFormat.of().formatHex(family.getBytes(StandardCharsets.UTF_8));
  }

  /** The summary of one file holding {@code entries}. */
  private static Map<String,Long> summary(Map<Key,Value> entries) {
    Summarizer.Collector c = new InputDigestSummarizer().collector(AB);
    entries.forEach(c::accept);
    Map<String,Long> out = new HashMap<>();
    c.summarize(out::put);
    return out;
  }

  private static TreeMap<Key,Value> entries(String family, int rows, String visibility) {
    TreeMap<Key,Value> t = new TreeMap<>();
    for (int r = 0; r < rows; r++) {
      for (int q = 0; q <= r % 3; q++) {
        t.put(new Key("r" + r, family, "q" + q, visibility, 7), new Value("v" + r + q));
      }
    }
    return t;
  }

  @Test
  void filesAddUpToTheScansDigestOfTheFamiliesConfigured() throws Exception {
    TreeMap<Key,Value> all = entries("A", 20, "");
    all.putAll(entries("B", 7, "secret"));
    all.putAll(entries("C", 30, "")); // not digested
    InputDigestIterator it = new InputDigestIterator();
    it.init(new SortedMapIterator(all), Map.of(), null);
    it.seek(new Range(), List.of(), false);
    Map<String,Digest> scan = new HashMap<>();
    InputDigestIterator.decodeInto(it.getTopValue(), scan);

    // the same entries in two files, summarized apart and combined
    TreeMap<Key,Value> first = new TreeMap<>(all.headMap(new Key("r5")));
    TreeMap<Key,Value> second = new TreeMap<>(all.tailMap(new Key("r5")));
    Map<String,Long> files = summary(first);
    new InputDigestSummarizer().combiner(AB).merge(files, summary(second));
    for (String f : List.of("A", "B")) {
      assertEquals(scan.get(f).entries(), files.get(InputDigestSummarizer.ENTRIES + hex(f)), f);
      assertEquals(scan.get(f).hashSum(), files.get(InputDigestSummarizer.HASH_SUM + hex(f)), f);
      assertEquals(scan.get(f).labelled(), files.get(InputDigestSummarizer.LABELLED + hex(f)), f);
      assertEquals(scan.get(f).rowSquares(),
          files.get(InputDigestSummarizer.ROW_SQUARES + hex(f)), f + ": no row in two files");
    }
    assertEquals(null, files.get(InputDigestSummarizer.ENTRIES + hex("C")), "C not digested");
    assertEquals(8, files.size(), "A and B, four statistics each");
  }

  /** A row whose entries two files share counts as two shorter rows: less, never more. */
  @Test
  void rowSquaresOfARowSplitOverFilesAreLess() {
    TreeMap<Key,Value> row = new TreeMap<>();
    for (int q = 0; q < 10; q++) {
      row.put(new Key("r1", "B", "q" + q, "", 7), new Value("1"));
    }
    row.put(new Key("r2", "B", "q0", "", 7), new Value("1"));
    String squares = InputDigestSummarizer.ROW_SQUARES + hex("B");
    assertEquals(10 * 10 + 1, summary(row).get(squares));
    Map<String,Long> split = summary(new TreeMap<>(row.headMap(new Key("r1", "B", "q4"))));
    new InputDigestSummarizer().combiner(AB).merge(split,
        summary(new TreeMap<>(row.tailMap(new Key("r1", "B", "q4")))));
    assertEquals(4 * 4 + 6 * 6 + 1, split.get(squares));
  }

  @Test
  void aDeleteMarkerNeverSumsUpAsTheEntryItDeletes() {
    TreeMap<Key,Value> live = entries("A", 3, "");
    Key k = live.firstKey();
    Key marker = new Key(k);
    marker.setDeleted(true);
    TreeMap<Key,Value> withMarker = new TreeMap<>(live);
    withMarker.remove(k);
    withMarker.put(marker, live.get(k));
    assertEquals(summary(live).get(InputDigestSummarizer.ENTRIES + hex("A")),
        summary(withMarker).get(InputDigestSummarizer.ENTRIES + hex("A")));
    assertNotEquals(summary(live).get(InputDigestSummarizer.HASH_SUM + hex("A")),
        summary(withMarker).get(InputDigestSummarizer.HASH_SUM + hex("A")));
  }

  @Test
  void oneConfigurationPerFamilySetInAnyOrder() {
    assertEquals(AB, InputDigestSummarizer.configuration(List.of("B", "A")));
    assertNotEquals(AB, InputDigestSummarizer.configuration(List.of("A")));
    assertEquals(hex("A") + "," + hex("B"), AB.getOptions().get(InputDigestSummarizer.FAMILIES));
  }

  @Test
  void aConfigurationCoversItsFamiliesAndTheirSubsets() {
    assertTrue(InputDigestSummarizer.covers(AB, List.of("A")));
    assertTrue(InputDigestSummarizer.covers(AB, List.of("B", "A")));
    assertFalse(InputDigestSummarizer.covers(AB, List.of("A", "C")));
    assertFalse(InputDigestSummarizer.covers(SummarizerConfiguration.builder(
        FamilyCountSummarizer.class).addOption(InputDigestSummarizer.FAMILIES, hex("A")).build(),
        List.of("A")), "another summarizer");
  }
}
