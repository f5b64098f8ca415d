import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

/**
 * Run by bin/cluster up (and docker's health check) with Java's source launcher:
 * {@code java -cp 'D/lib/*' cluster/ClusterCheck.java CLIENT_PROPS K TIMEOUT_SECONDS}.
 * Waits until K tablet servers are registered, then until a test table takes a write and gives
 * it back. Prints the tablet servers; exits 0 when both held before the time-out, 1 otherwise.
 */
public final class ClusterCheck {

  private static final String TABLE = "cluster_check";

  public static void main(String[] args) throws Exception {
    Path props = Path.of(args[0]);
    int want = Integer.parseInt(args[1]);
    long deadline = System.nanoTime() + Long.parseLong(args[2]) * 1_000_000_000L;
    String last = "no attempt yet";
    while (System.nanoTime() < deadline) {
      try (AccumuloClient client = Accumulo.newClient().from(props).build()) {
        Set<String> live = Set.copyOf(client.instanceOperations().getTabletServers());
        if (live.size() < want) {
          last = live.size() + " of " + want + " tablet servers registered: " + live;
        } else {
          if (!client.tableOperations().exists(TABLE)) {
            client.tableOperations().create(TABLE);
          }
          String stamp = Long.toString(System.currentTimeMillis());
          try (BatchWriter w = client.createBatchWriter(TABLE)) {
            Mutation m = new Mutation("check");
            m.put("f", "q", stamp);
            w.addMutation(m);
          }
          try (Scanner s = client.createScanner(TABLE, Authorizations.EMPTY)) {
            for (Map.Entry<Key,Value> e : s) {
              if (e.getValue().toString().equals(stamp)) {
                System.out.println("tablet servers: " + String.join(" ", live.stream().sorted()
                    .toList()));
                System.out.println("test table " + TABLE + " answers");
                return;
              }
            }
          }
          last = "test table did not give back what was written";
        }
      } catch (Exception e) {
        last = e.toString();
      }
      Thread.sleep(1000);
    }
    System.err.println("cluster check: time-out: " + last);
    System.exit(1);
  }
}
