package org.spgemm.bench.bl;

import java.nio.charset.StandardCharsets;

/**
 * What one batch of {@link OuterProductIterator} did, carried as the value of its count entry
 * ({@code rows=..;products=..}); summed by the client.
 */
public final class BlCounts {

  public long rows;
  public long products;

  public void add(BlCounts o) {
    rows += o.rows;
    products += o.products;
  }

  public byte[] encode() {
    return ("rows=" + rows + ";products=" + products).getBytes(StandardCharsets.UTF_8);
  }

  public static BlCounts decode(byte[] b) {
    BlCounts c = new BlCounts();
    for (String part : new String(b, StandardCharsets.UTF_8).split(";")) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("not a BL count entry: " + new String(b,
            StandardCharsets.UTF_8));
      }
      long v = Long.parseLong(part.substring(eq + 1));
      switch (part.substring(0, eq)) {
        case "rows" -> c.rows = v;
        case "products" -> c.products = v;
        default -> { } // newer fields are ignored
      }
    }
    return c;
  }
}
