package org.spgemm.bench.bl;

import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;

/**
 * Options of {@link OuterProductIterator}: where AT is read and C is written, and how many partial
 * products make one batch (one flush, one count entry). The static setters are the only way the
 * client writes them.
 */
public record BlOptions(String atTable, String atFamily, String cTable, String cFamily,
    long batchProducts) {

  public static final String AT_TABLE = "atTable";
  public static final String AT_FAMILY = "atFamily";
  public static final String C_TABLE = "cTable";
  public static final String C_FAMILY = "cFamily";
  public static final String BATCH_PRODUCTS = "batchProducts";

  static final long DEFAULT_BATCH_PRODUCTS = 200_000;

  /** @throws IllegalArgumentException naming the missing or bad option */
  public static BlOptions parse(Map<String,String> o) {
    String at = required(o, AT_TABLE);
    String c = required(o, C_TABLE);
    long batch = DEFAULT_BATCH_PRODUCTS;
    String b = o.get(BATCH_PRODUCTS);
    if (b != null) {
      try {
        batch = Long.parseLong(b);
      } catch (NumberFormatException e) {
        batch = -1;
      }
      if (batch < 1) {
        throw new IllegalArgumentException(BATCH_PRODUCTS + " must be a positive integer, not '"
            + b + "'");
      }
    }
    return new BlOptions(at, o.getOrDefault(AT_FAMILY, "A"), c, o.getOrDefault(C_FAMILY, "C"),
        batch);
  }

  private static String required(Map<String,String> o, String name) {
    String v = o.get(name);
    if (v == null || v.isEmpty()) {
      throw new IllegalArgumentException("option " + name + " is required");
    }
    return v;
  }

  public static void setTables(IteratorSetting is, String atTable, String cTable) {
    is.addOption(AT_TABLE, atTable);
    is.addOption(C_TABLE, cTable);
  }

  public static void setFamilies(IteratorSetting is, String atFamily, String cFamily) {
    is.addOption(AT_FAMILY, atFamily);
    is.addOption(C_FAMILY, cFamily);
  }

  public static void setBatchProducts(IteratorSetting is, long products) {
    is.addOption(BATCH_PRODUCTS, Long.toString(products));
  }
}
