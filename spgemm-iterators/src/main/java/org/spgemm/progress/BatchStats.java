package org.spgemm.progress;

import java.nio.charset.StandardCharsets;

/**
 * What one batch (or, summed, a whole multiply) did: the counts carried by each progress entry the
 * iterator emits. Text-encoded ({@code rows=..;products=..}) so a shell scan shows it readably.
 * A non-null {@link #error} marks the last entry of a failed run.
 */
public final class BatchStats {

  public long batches;
  public long rows;
  public long aEntries;
  public long bRows;
  public long bEntriesFetched;
  /** Of those, entries from tablets hosted by another tablet server (-1 in no batch: unknown). */
  public long bEntriesRemote;
  public long products;
  public long cEntries;
  public long fetchNanos;
  public long kernelNanos;
  public long writeNanos;
  /** Time the scan thread waited for workers (pipeline stalls). */
  public long waitNanos;
  /** Nonzeros of the one C row a count-mode entry describes. */
  public long rowNnz;
  /** The tablet server process that did the work (host:pid). */
  public String server = "";
  public String error;

  public void add(BatchStats o) {
    batches += o.batches;
    rows += o.rows;
    aEntries += o.aEntries;
    bRows += o.bRows;
    bEntriesFetched += o.bEntriesFetched;
    bEntriesRemote += o.bEntriesRemote;
    products += o.products;
    cEntries += o.cEntries;
    fetchNanos += o.fetchNanos;
    kernelNanos += o.kernelNanos;
    writeNanos += o.writeNanos;
    waitNanos += o.waitNanos;
    rowNnz += o.rowNnz;
  }

  public byte[] encode() {
    StringBuilder sb = new StringBuilder(160);
    sb.append("batches=").append(batches).append(";rows=").append(rows).append(";aEntries=")
        .append(aEntries).append(";bRows=").append(bRows).append(";bFetched=")
        .append(bEntriesFetched).append(";bRemote=").append(bEntriesRemote).append(";products=").append(products).append(";cEntries=")
        .append(cEntries).append(";fetchNs=").append(fetchNanos).append(";kernelNs=")
        .append(kernelNanos).append(";writeNs=").append(writeNanos).append(";waitNs=")
        .append(waitNanos).append(";rowNnz=").append(rowNnz).append(";server=").append(server);
    if (error != null) {
      // error text goes last so it may contain ';' and '='
      sb.append(";error=").append(error.replace('\n', ' '));
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  public static BatchStats decode(byte[] bytes) {
    String s = new String(bytes, StandardCharsets.UTF_8);
    BatchStats b = new BatchStats();
    int errorAt = s.indexOf(";error=");
    if (errorAt >= 0) {
      b.error = s.substring(errorAt + ";error=".length());
      s = s.substring(0, errorAt);
    }
    for (String part : s.split(";")) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("not a progress entry: " + s);
      }
      String k = part.substring(0, eq);
      String v = part.substring(eq + 1);
      switch (k) {
        case "batches" -> b.batches = Long.parseLong(v);
        case "rows" -> b.rows = Long.parseLong(v);
        case "aEntries" -> b.aEntries = Long.parseLong(v);
        case "bRows" -> b.bRows = Long.parseLong(v);
        case "bFetched" -> b.bEntriesFetched = Long.parseLong(v);
        case "bRemote" -> b.bEntriesRemote = Long.parseLong(v);
        case "products" -> b.products = Long.parseLong(v);
        case "cEntries" -> b.cEntries = Long.parseLong(v);
        case "fetchNs" -> b.fetchNanos = Long.parseLong(v);
        case "kernelNs" -> b.kernelNanos = Long.parseLong(v);
        case "writeNs" -> b.writeNanos = Long.parseLong(v);
        case "waitNs" -> b.waitNanos = Long.parseLong(v);
        case "rowNnz" -> b.rowNnz = Long.parseLong(v);
        case "server" -> b.server = v;
        default -> { } // newer fields from a newer iterator jar are ignored
      }
    }
    return b;
  }
}
