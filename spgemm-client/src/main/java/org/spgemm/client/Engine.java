package org.spgemm.client;

/** How the tablet servers run a multiply; both compute the same C. */
public enum Engine {
  /**
   * Default: C is computed inside a user compaction of M and written straight into each tablet's
   * new file (no BatchWriter, write-ahead log or memory map). Needs WRITE on M.
   */
  COMPACTION,
  /**
   * The paper's write path: a scan iterator writes C rows with a BatchWriter and reports progress
   * per batch; resumable when Accumulo re-creates the iterator. Needs READ and WRITE on M.
   */
  SCAN;

  /** Name of the default engine, for help texts. */
  public static final String DEFAULT_NAME = "compaction";
  public static final Engine DEFAULT = valueOf(DEFAULT_NAME.toUpperCase(java.util.Locale.ROOT));
}
