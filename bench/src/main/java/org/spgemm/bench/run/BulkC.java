package org.spgemm.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.LoadPlan;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.Text;
import org.spgemm.client.KeyFormat;
import org.spgemm.client.SpgemmException;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.SparseMatrix;

/**
 * What a careful D4M user does to store a C computed in the client: write it as sorted RFiles
 * (snappy, one per tablet, explicit timestamps) and bulk-import them with a load plan, so the
 * tablet servers only move files. Shared by the {@code client+bulk} contender and the bulk floor.
 */
final class BulkC {

  private BulkC() {}

  /** Writes {@code c} into family {@code family} of {@code table} (split at {@code splits}). */
  static void importInto(AccumuloClient client, String table, String family, SparseMatrix c,
      KeyFormat keys, List<String> splits) {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("spgemm-bulk-");
      FileSystem fs = FileSystem.getLocal(new Configuration());
      LoadPlan.Builder plan = LoadPlan.builder();
      byte[] cf = family.getBytes(StandardCharsets.UTF_8);
      long ts = System.currentTimeMillis();
      int row = 0;
      for (int t = 0; t <= splits.size(); t++) {
        String end = t < splits.size() ? splits.get(t) : null;
        String name = "c" + t + ".rf";
        Path tmp = dir.resolve(name + "_tmp");
        int written = 0;
        try (RFileWriter w = RFile.newWriter().to(tmp.toString()).withFileSystem(fs)
            .withTableProperties(Map.of(TableLayout.COMPRESSION_PROPERTY, TableLayout.COMPRESSION)).build()) {
          for (; row < c.rows(); row++) {
            byte[] r = keys.encode(row);
            if (end != null && new Text(r).compareTo(new Text(end)) > 0) {
              break;
            }
            for (int p = c.rowStart(row); p < c.rowEnd(row); p++) {
              w.append(new Key(r, cf, keys.encode(c.colAt(p)), new byte[0], ts),
                  new Value(ValueCodecs.DECIMAL.encodeDouble(c.valueAt(p))));
              written++;
            }
          }
        }
        if (written == 0) {
          Files.delete(tmp);
          continue;
        }
        Files.move(tmp, dir.resolve(name));
        plan.loadFileTo(name, LoadPlan.RangeType.TABLE, t == 0 ? null : splits.get(t - 1), end);
      }
      client.tableOperations().importDirectory(dir.toString()).to(table).plan(plan.build())
          .load();
    } catch (IOException | AccumuloException | AccumuloSecurityException
        | TableNotFoundException e) {
      throw new SpgemmException("bulk import of C into " + table + " failed: " + e, e);
    } finally {
      deleteQuietly(dir);
    }
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      List<Path> all = new ArrayList<>(paths.sorted(Comparator.reverseOrder()).toList());
      for (Path p : all) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // a temporary directory left behind
    }
  }
}
