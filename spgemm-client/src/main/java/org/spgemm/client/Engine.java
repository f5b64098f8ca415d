package org.spgemm.client;

/** How the tablet servers run a multiply; all compute the same C. */
public enum Engine {
  /**
   * Default: the scan engine for small work; for large, bulk where every tablet server reads all
   * of B anyway and the compaction engine elsewhere, by a cost estimate made before anything
   * changes ({@link EngineChoice}); where only one of them can run the
   * multiply (a mask in another table, or a merge into a C that holds entries, needs the
   * compaction; C in another table the scan), that one. The result says which ran and why.
   */
  AUTO,
  /**
   * C is computed inside a user compaction of M and written straight into each tablet's new file
   * (no BatchWriter, write-ahead log or memory map): the fastest per entry, but Accumulo's
   * compaction round trip costs about 2 s whatever the size. Needs WRITE on M.
   */
  COMPACTION,
  /**
   * The paper's write path: a scan iterator writes C rows with a BatchWriter and reports progress
   * per batch; resumable when Accumulo re-creates the iterator. Starts in milliseconds, writes
   * slower. Needs READ and WRITE on M.
   */
  SCAN,
  /**
   * The scan engine writing C as files: each batch writes its C rows into a sorted RFile under
   * the instance's first volume ({@code spgemm-c/<job>}), and the client bulk-imports them all
   * once every tablet is done. No BatchWriter, write-ahead log or compaction: A and B are neither
   * read twice nor rewritten, but the import is a FATE operation (about 0.2 s more than the scan
   * engine's flushes on these machines). The default for large work where every tablet server
   * reads all of B anyway. Needs READ on M, and BULK_IMPORT and ALTER_TABLE on C's table.
   */
  BULK;

  /** Whether it runs as scans of A's tablets (the scan engine, writing C either way). */
  public boolean scans() {
    return this == SCAN || this == BULK;
  }

  /** Name of the default engine, for help texts. */
  public static final String DEFAULT_NAME = "auto";
  public static final Engine DEFAULT = valueOf(DEFAULT_NAME.toUpperCase(java.util.Locale.ROOT));
}
