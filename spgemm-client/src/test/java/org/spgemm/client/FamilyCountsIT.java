package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.client.summary.CountingSummarizer;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.client.summary.Summary;
import org.apache.accumulo.core.client.summary.summarizers.FamilySummarizer;
import org.apache.accumulo.core.data.Mutation;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;

/**
 * The family counts that prove C empty without a compaction of its own ({@link
 * CFamily#familyCounts}), on a split table whose tablets Accumulo's compactions have rewritten in
 * part: the file the tablets still share is "extra" to the summaries, which then count too much,
 * never too little, so a family with no entry still reads zero.
 */
@ClusterTest
class FamilyCountsIT {

  @Test
  void aFileSharedAfterASplitCountsTooMuchAndStillProvesAFamilyEmpty() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = "family_counts";
      TableM.create(client, table, List.of("A", "B", "C"), null);
      try (BatchWriter w = client.createBatchWriter(table)) {
        for (int r = 0; r < 100; r++) {
          Mutation m = new Mutation(String.format("r%03d", r));
          m.put("A", "c", "1");
          if (r < 10) {
            m.put("B", "c", "2");
          }
          w.addMutation(m);
        }
      }
      client.tableOperations().flush(table, null, null, true); // one file, all 100 rows
      client.tableOperations().addSplits(table, new TreeSet<>(List.of(new Text("r049"))));
      // the second tablet gets a file of its own; the first still reads the shared one
      client.tableOperations().compact(table, new CompactionConfig()
          .setStartRow(new Text("r049")).setFlush(false).setWait(true));

      Summary s = client.tableOperations().summaries(table)
          .withConfiguration(TableM.FAMILY_COUNTS).retrieve().get(0);
      assertTrue(s.getFileStatistics().getExtra() > 0,
          "the situation under test: a file extra to the first tablet, " + s);

      Map<String,Long> counts = CFamily.familyCounts(client, table, false);
      assertNotNull(counts, "an extra file makes the counts upper bounds, not unknown: " + s);
      assertTrue(counts.get("A") >= 100, "A counted at least once per entry: " + counts);
      assertEquals(10L, counts.get("B"), "B, all in the first tablet: " + counts);
      assertEquals(0L, counts.getOrDefault("C", 0L), "C was never written: " + counts);
    }
  }

  @Test
  void aTableMadeBeforeMovesToTheCheaperSummarizerAndCountsAgainOnceRewritten() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = "family_counts_before";
      // what TableM.create configured before FamilyCountSummarizer
      SummarizerConfiguration old = SummarizerConfiguration.builder(FamilySummarizer.class)
          .setPropertyId(TableM.OLD_FAMILY_COUNTS_ID)
          .addOption(CountingSummarizer.MAX_COUNTERS_OPT, "1024").build();
      client.tableOperations().create(table, new NewTableConfiguration()
          .enableSummarization(old));
      try (BatchWriter w = client.createBatchWriter(table)) {
        for (int r = 0; r < 20; r++) {
          Mutation m = new Mutation(String.format("r%03d", r));
          m.put("A", "c", "1");
          w.addMutation(m);
        }
      }
      client.tableOperations().flush(table, null, null, true);

      TableM.ensureFamilyCounts(client, table);
      assertEquals(List.of(TableM.FAMILY_COUNTS),
          client.tableOperations().listSummarizers(table), "the old configuration is replaced");
      assertNull(CFamily.familyCounts(client, table, false),
          "a file written before cannot tell (C's emptiness is then checked the old way)");

      client.tableOperations().compact(table, new CompactionConfig().setWait(true));
      Map<String,Long> counts = CFamily.familyCounts(client, table, false);
      assertEquals(Map.of("A", 20L), counts, "counted again once the files are rewritten");
      TableM.ensureFamilyCounts(client, table); // nothing left to change
      assertEquals(List.of(TableM.FAMILY_COUNTS),
          client.tableOperations().listSummarizers(table));
    }
  }
}
