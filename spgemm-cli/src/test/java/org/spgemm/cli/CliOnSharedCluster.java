package org.spgemm.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.spgemm.it.SharedCluster;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.MatrixMarket;
import org.spgemm.matrix.SparseMatrix;

/**
 * Shared shape of the command-line tests on the shared cluster: a directory for the files of the
 * running test class (the classes run one at a time), the cluster's client properties in it, and
 * runs of the command line through them, as bin/spgemm runs it.
 */
abstract class CliOnSharedCluster {

  @TempDir
  static Path dir;
  /** accumulo-client.properties of the shared cluster (as root). */
  static Path props;

  @BeforeAll
  static void clientProperties() throws IOException {
    props = SharedCluster.clientPropertiesFile(dir, "client.properties");
  }

  /** Writes {@code text} as file {@code name} of {@link #dir}. */
  static Path file(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, text.getBytes(ISO_8859_1));
    return p;
  }

  /** Writes {@code m} as Matrix Market file {@code name} of {@link #dir}. */
  static Path write(String name, SparseMatrix m) throws IOException {
    Path p = dir.resolve(name);
    MatrixMarket.write(p, m);
    return p;
  }

  /**
   * Runs the command line on the shared cluster (--client-props) with table M {@code table};
   * returns {exit code, stderr, stdout}.
   */
  static Object[] onCluster(String table, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--client-props", props.toString(), "--table", table));
    return BadInputCasesTest.run(all.toArray(String[]::new));
  }

  /**
   * The entries of {@code table} in {@code family} (every family when null), key to value, the
   * metadata row (shape records, C's state) left out.
   */
  static Map<Key,Value> stored(AccumuloClient client, String table, String family) {
    Map<Key,Value> out = new TreeMap<>();
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      if (family != null) {
        s.fetchColumnFamily(new Text(family));
      }
      for (Map.Entry<Key,Value> e : s) {
        if (!e.getKey().getRow().toString().equals(TableLayout.META_ROW)) {
          out.put(e.getKey(), e.getValue());
        }
      }
    } catch (TableNotFoundException e) {
      throw new AssertionError(e);
    }
    return out;
  }

  /** {@link #onCluster}, which must exit 0; returns stderr and stdout. */
  static String succeed(String table, String... args) {
    Object[] r = onCluster(table, args);
    assertEquals(0, (int) r[0], (String) r[1]);
    return (String) r[1] + r[2];
  }
}
