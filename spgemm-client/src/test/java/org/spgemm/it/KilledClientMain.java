package org.spgemm.it;

import java.io.FileInputStream;
import java.time.Duration;
import java.util.Properties;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.spgemm.client.Engine;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.SpGEMM;

/** A client process for {@link KilledClientIT}: multiplies until it is killed. */
public final class KilledClientMain {

  private KilledClientMain() {}

  /** Arguments: client properties file, table, engine, lease seconds. */
  public static void main(String[] args) throws Exception {
    Properties p = new Properties();
    try (FileInputStream in = new FileInputStream(args[0])) {
      p.load(in);
    }
    try (AccumuloClient client = Accumulo.newClient().from(p).build()) {
      SpGEMM.multiply(client, args[1], MultiplyOptions.builder().engine(Engine.valueOf(args[2]))
          .lease(Duration.ofSeconds(Long.parseLong(args[3]))).build());
    }
  }
}
