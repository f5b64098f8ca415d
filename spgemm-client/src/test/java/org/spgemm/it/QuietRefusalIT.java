package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.ScanMultiplyIterator;
import org.spgemm.progress.BatchStats;

/**
 * A reader who attaches the multiply iterator with options it cannot run (no job) gets one error
 * entry saying why, writes nothing, and leaves no stack trace in the tablet servers' logs.
 */
@ClusterTest
class QuietRefusalIT {

  @Test
  void aScanWithoutAJobIsRefusedInOneLine() throws Exception {
    try (AccumuloClient root = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("quiet");
      Fixtures.createAndLoad(root, table, Fixtures.random(20, 20, 0.3, 3),
          Fixtures.random(20, 20, 0.3, 4), List.of("10"));
      String user = Fixtures.uniqueTable("reader");
      root.securityOperations().createLocalUser(user, new PasswordToken("pw"));
      root.securityOperations().grantTablePermission(user, table, TablePermission.READ);
      long tracesBefore = stackTraceLines();
      List<String> errors = new ArrayList<>();
      try (AccumuloClient reader = Accumulo.newClient()
          .from(SharedCluster.cluster().clientProperties()).as(user, new PasswordToken("pw"))
          .build()) {
        for (int attempt = 0; attempt < 3; attempt++) {
          IteratorSetting is = new IteratorSetting(100, "spgemm", ScanMultiplyIterator.class);
          is.addOption("mode", "multiply");
          try (Scanner s = reader.createScanner(table, Authorizations.EMPTY)) {
            s.fetchColumnFamily(new Text("A"));
            s.addScanIterator(is);
            for (Map.Entry<Key,Value> e : s) {
              errors.add(BatchStats.decode(e.getValue().get()).error);
            }
          }
        }
      }
      assertEquals(3, errors.size(), "one error entry per scan: " + errors);
      assertTrue(errors.stream().allMatch(e -> e != null && e.contains("option 'job' is required")),
          errors.toString());
      assertEquals(Map.of(), Fixtures.snapshot(root, table, "C"), "nothing written");
      assertEquals(tracesBefore, stackTraceLines(), "no stack trace in the tablet server logs");
    }
  }

  /** Lines of the tablet servers' logs that come from option parsing in a stack trace. */
  private static long stackTraceLines() throws IOException {
    Path logs = SharedCluster.cluster().dir().resolve("logs");
    long n = 0;
    try (Stream<Path> files = Files.list(logs)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("TabletServer"))
          .toList()) {
        for (String line : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
          n += line.contains("at org.spgemm.iterators.MultiplySpec.decode") ? 1 : 0;
        }
      }
    }
    return n;
  }
}
