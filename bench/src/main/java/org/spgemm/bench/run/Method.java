package org.spgemm.bench.run;

import java.util.Arrays;
import java.util.List;

/** The contenders, in the order the report lists them. */
public enum Method {
  BL("BL", "outer product + summing combiner (Graphulo TableMult, from its paper)"),
  GRAPHULO("Graphulo", "the real Graphulo TableMult from --graphulo-jar, called through"
      + " reflection"),
  RRP_SCAN("RRp-scan", "row-by-row scan iterator writing C through a BatchWriter (the paper's"
      + " write path), equal row blocks"),
  RRP("RRp", "row-by-row multiply on the engine the API picks by default (auto: the scan engine"
      + " for small work, bulk or the compaction engine for large), equal row blocks"),
  RRP_BULK("RRp-bulk", "row-by-row scan iterator writing C as RFiles, bulk-imported by the"
      + " client at the end, equal row blocks"),
  RRP_COMPACTION("RRp-compaction", "row-by-row multiply inside a user compaction, C straight"
      + " into the tablets' files, equal row blocks"),
  RRP_NESTED("RRp-nested", "RRp with every B row read by nested scan, also those of the tablet"
      + " being compacted (localB false): what reading B locally saves"),
  GRRP("gRRp", "RRp on the METIS-partitioned copy (each part pinned to its own tablet server), on the engine the API picks"),
  CLIENT("client", "scan A and B out, multiply in the client, write C back"),
  CLIENT_BULK("client+bulk", "scan A and B out, multiply in the client, write C as RFiles and"
      + " bulk-import them"),
  FLOOR("floor", "ingest nnz(C) precomputed entries with one BatchWriter"),
  BULK_FLOOR("bulk-floor", "write nnz(C) precomputed entries as RFiles and bulk-import them");

  public final String label;
  public final String description;

  Method(String label, String description) {
    this.label = label;
    this.description = description;
  }

  /**
   * What runs when --methods is not given: all but Graphulo, which needs --graphulo-jar, and
   * RRp-nested and RRp-bulk, comparisons asked for by name.
   */
  public static List<Method> defaults(boolean withGraphulo) {
    return Arrays.stream(values())
        .filter(m -> (withGraphulo || m != GRAPHULO) && m != RRP_NESTED && m != RRP_BULK)
        .toList();
  }

  public static Method byLabel(String label) {
    for (Method m : values()) {
      if (m.label.equalsIgnoreCase(label) || m.name().equalsIgnoreCase(label)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown method '" + label + "' ("
        + String.join(", ", Arrays.stream(values()).map(m -> m.label).toList()) + ")");
  }
}
