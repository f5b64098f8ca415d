package org.spgemm.progress;

/**
 * The counts a batch, a tablet or a whole multiply reports: declared once here, and used by the
 * progress encoding ({@link BatchStats#encode}), the client's result and its JSON.
 */
public enum Counter {
  BATCHES("batches", "batches", Kind.COUNT),
  ROWS("rows", "aRows", Kind.COUNT),
  A_ENTRIES("aEntries", "aEntries", Kind.COUNT),
  B_ROWS("bRows", "bRows", Kind.COUNT),
  B_FETCHED("bFetched", "bEntriesFetched", Kind.COUNT),
  /** Of those, entries from tablets hosted by another tablet server. */
  B_REMOTE("bRemote", "bEntriesRemote", Kind.COUNT),
  /** Of those, entries read from the batch's own tablet (the compaction's files), no RPC. */
  B_LOCAL("bLocal", "bEntriesLocal", Kind.COUNT),
  /**
   * Bytes of the B entries fetched, of those from another tablet server, and of those read from
   * the batch's own tablet: key and value bytes as Accumulo counts them ({@code Key.getSize()}
   * plus the value's length).
   */
  B_BYTES("bBytes", "bBytesFetched", Kind.COUNT),
  B_REMOTE_BYTES("bRemoteBytes", "bBytesRemote", Kind.COUNT),
  B_LOCAL_BYTES("bLocalBytes", "bBytesLocal", Kind.COUNT),
  /**
   * A rows whose B rows passed the batch budget together, computed while those rows streamed by
   * instead of from a panel (hub rows).
   */
  STREAMED_ROWS("streamed", "aRowsStreamed", Kind.COUNT),
  PRODUCTS("products", "partialProducts", Kind.COUNT),
  C_ENTRIES("cEntries", "nnzC", Kind.COUNT),
  /** Bytes of the C entries written, counted as {@link #B_BYTES} is (key plus value). */
  C_BYTES("cBytes", "cBytesWritten", Kind.COUNT),
  /**
   * Entries of B carrying a label (among those the caller may read): the tablet servers read B
   * with empty authorizations, so these took no part in C. Counted by the client.
   */
  B_LABELLED("bLabelled", "bEntriesLabelledUnread", Kind.COUNT),
  /** The same for a mask in another table. */
  MASK_LABELLED("maskLabelled", "maskEntriesLabelledUnread", Kind.COUNT),
  FETCH_NANOS("fetchNs", "fetch", Kind.NANOS),
  KERNEL_NANOS("kernelNs", "kernel", Kind.NANOS),
  WRITE_NANOS("writeNs", "write", Kind.NANOS),
  /** Time the scan or compaction thread waited for workers (pipeline stalls). */
  WAIT_NANOS("waitNs", "wait", Kind.NANOS),
  /** Nonzeros of the one C row a count-mode entry describes. */
  ROW_NNZ("rowNnz", "rowNnz", Kind.PER_ROW);

  /** Name in the progress encoding ({@code rows=..;products=..}). */
  public final String key;
  /** Name in JSON; times are reported in seconds under "workerSeconds". */
  public final String jsonName;
  public final Kind kind;

  /** How a counter adds up. */
  public enum Kind {
    /** A count, summed over batches, tablets and servers. */
    COUNT,
    /** A worker time in nanoseconds, summed over batches (may exceed the wall time). */
    NANOS,
    /** A figure of the one row a count-mode entry describes; a sum means nothing. */
    PER_ROW
  }

  Counter(String key, String jsonName, Kind kind) {
    this.key = key;
    this.jsonName = jsonName;
    this.kind = kind;
  }

  static Counter forKey(String key) {
    for (Counter c : values()) {
      if (c.key.equals(key)) {
        return c;
      }
    }
    return null;
  }
}
