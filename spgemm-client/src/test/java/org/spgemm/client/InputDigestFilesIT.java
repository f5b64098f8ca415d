package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.it.ClusterTest;
import org.spgemm.it.SharedCluster;
import org.spgemm.iterators.InputDigestSummarizer;
import org.spgemm.matrix.Poisson3D;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.SparseMatrix;

/**
 * After a compaction-engine multiply, M's files' summaries ({@link InputDigestSummarizer}) show
 * its inputs unchanged without a scan, and show any write, delete or entry the runner may not
 * read as a difference, so that the multiply then digests its inputs by a scan.
 */
@ClusterTest
class InputDigestFilesIT {

  @Test
  void filesMatchTheDigestUntilAnInputIsWritten() throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = "digest_files";
      SparseMatrix a = Poisson3D.generate(8, 7);
      List<String> splits = new ArrayList<>();
      for (int i = 1; i < 4; i++) {
        splits.add(String.format("%03d", i * 128));
      }
      TableM.create(client, table, List.of("A", "C"), splits);
      KeyFormat keys = KeyFormat.forSize(a.rows());
      MatrixStore.load(client, table, "A", a, keys, ValueCodecs.DECIMAL);
      MultiplyResult r = SpGEMM.multiply(client, table, MultiplyOptions.builder()
          .engine(Engine.COMPACTION).families("A", "A", "C").build());
      assertEquals(ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES).nnz(), r.nnzC());

      // the multiply configured the summaries of its input's family on M
      SummarizerConfiguration cfg = InputDigestSummarizer.configuration(List.of("A", "A"));
      assertTrue(client.tableOperations().listSummarizers(table).contains(cfg));
      List<InputDigest.Input> inputs = List.of(new InputDigest.Input("A", table, "A"),
          new InputDigest.Input("B", table, "A"));
      InputDigest digest = InputDigest.take(client, inputs);
      assertTrue(digest.sameInFiles(client, table, cfg), "compacted files hold what a scan sees");

      // a write lands in memory; the summaries' flush puts it in a file, which differs
      assertTrue(a.hasEntry(5, 6));
      try (BatchWriter w = client.createBatchWriter(table)) {
        Mutation m = new Mutation(keys.encodeString(5));
        m.put("A", keys.encodeString(6), "3"); // a newer version of A(5,6)
        w.addMutation(m);
      }
      assertFalse(digest.sameInFiles(client, table, cfg), "a write is seen");
      InputDigest written = InputDigest.take(client, inputs);
      assertFalse(written.sameInFiles(client, table, cfg), "two versions in two files");
      compact(client, table);
      assertTrue(written.sameInFiles(client, table, cfg), "one version once compacted");
      assertFalse(digest.sameInFiles(client, table, cfg));

      // a delete marker is an entry of its own until a full compaction drops it
      try (BatchWriter w = client.createBatchWriter(table)) {
        Mutation m = new Mutation(keys.encodeString(5));
        m.putDelete("A", keys.encodeString(6));
        w.addMutation(m);
      }
      InputDigest deleted = InputDigest.take(client, inputs);
      assertFalse(deleted.sameInFiles(client, table, cfg), "the marker and what it hides");
      compact(client, table);
      assertTrue(deleted.sameInFiles(client, table, cfg));

      // an entry the runner may not read: in the files, not in its scan (a label no test of the
      // shared cluster grants: others leave the runner holding "secret")
      try (BatchWriter w = client.createBatchWriter(table)) {
        Mutation m = new Mutation(keys.encodeString(9));
        m.put(new Text("A"), new Text(keys.encodeString(9)), new ColumnVisibility("neverGranted"),
            new Value("5"));
        w.addMutation(m);
      }
      compact(client, table);
      InputDigest unreadable = InputDigest.take(client, inputs);
      assertNotNull(unreadable);
      assertFalse(unreadable.sameInFiles(client, table, cfg), "a label the runner lacks");
    }
  }

  /**
   * A full compaction, once the multiply's own operation, which the multiply may have left to end
   * by itself ({@link CompactionTail}), has ended.
   */
  private static void compact(AccumuloClient client, String table) throws Exception {
    CompactionTail.await(client, table, TableM.id(client, table));
    CompactionTail.compact(client, table, new CompactionConfig().setWait(true), null);
  }
}
