package org.spgemm.bench.run;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
import org.apache.hadoop.fs.Path;
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

  /**
   * Writes {@code c} into family {@code family} of {@code table} (split at {@code splits}). The
   * files go where the cluster keeps its own (its first volume): on HDFS, the client writes them
   * through its link to the DataNodes as a D4M client on its own host would; on a local volume
   * (embedded clusters), into a temporary directory of this machine.
   */
  static void importInto(AccumuloClient client, String table, String family, SparseMatrix c,
      KeyFormat keys, List<String> splits) {
    FileSystem fs = null;
    Path dir = null;
    try {
      URI volume = volume(client);
      if (volume == null || "file".equals(volume.getScheme())) {
        fs = FileSystem.newInstanceLocal(new Configuration());
        dir = new Path(Files.createTempDirectory("spgemm-bulk-").toUri());
      } else {
        fs = FileSystem.newInstance(volume, new Configuration());
        dir = new Path(volume.resolve("/spgemm-bulk/" + UUID.randomUUID()));
        fs.mkdirs(dir);
      }
      LoadPlan.Builder plan = LoadPlan.builder();
      byte[] cf = family.getBytes(StandardCharsets.UTF_8);
      long ts = System.currentTimeMillis();
      int row = 0;
      for (int t = 0; t <= splits.size(); t++) {
        String end = t < splits.size() ? splits.get(t) : null;
        String name = "c" + t + ".rf";
        Path tmp = new Path(dir, name + "_tmp");
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
          fs.delete(tmp, false);
          continue;
        }
        if (!fs.rename(tmp, new Path(dir, name))) {
          throw new IOException("could not rename " + tmp + " to " + name);
        }
        plan.loadFileTo(name, LoadPlan.RangeType.TABLE, t == 0 ? null : splits.get(t - 1), end);
      }
      client.tableOperations().importDirectory(dir.toString()).to(table).plan(plan.build())
          .load();
    } catch (IOException | AccumuloException | AccumuloSecurityException
        | TableNotFoundException e) {
      throw new SpgemmException("bulk import of C into " + table + " failed: " + e, e);
    } finally {
      deleteQuietly(fs, dir);
    }
  }

  /**
   * The cluster's first volume ({@code instance.volumes}), or null when this client may not read
   * the site configuration (then the files go to a local directory, as on embedded clusters).
   */
  private static URI volume(AccumuloClient client) {
    try {
      String v = client.instanceOperations().getSiteConfiguration()
          .get("instance.volumes");
      return v == null || v.isBlank() ? null : URI.create(v.split(",")[0].trim());
    } catch (AccumuloException | AccumuloSecurityException e) {
      return null;
    }
  }

  private static void deleteQuietly(FileSystem fs, Path dir) {
    if (fs == null || dir == null) {
      return;
    }
    try (fs) {
      fs.delete(dir, true);
    } catch (IOException e) {
      // a temporary directory left behind
    }
  }
}
