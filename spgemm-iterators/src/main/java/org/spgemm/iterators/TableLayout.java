package org.spgemm.iterators;

import java.util.List;
import java.util.Map;

/**
 * Where things live in table M and which table and server properties the project reads and
 * writes: the one place every module takes these names from (the iterators, the client, the
 * partitioner, the CLI and the bench).
 *
 * <p>M holds A, B and C as column families, each in its own locality group. One metadata row,
 * {@link #META_ROW} in family {@link #META_FAMILY}, holds the job records ({@link #JOB_PREFIX}),
 * the state of each C ({@link #C_STATE_PREFIX}), the shape of each matrix ({@link #SHAPE_PREFIX})
 * and the per-tablet records of a compaction-scope multiply (progress, done, error).
 */
public final class TableLayout {

  /** Default families of A, B and C. */
  public static final String A_FAMILY = "A";
  public static final String B_FAMILY = "B";
  public static final String C_FAMILY = "C";
  public static final List<String> FAMILIES = List.of(A_FAMILY, B_FAMILY, C_FAMILY);

  /** The metadata row; sorts after every numeric or part-prefixed row key. */
  public static final String META_ROW = "~spgemm";
  public static final String META_FAMILY = "_spgemm";
  public static final String JOB_PREFIX = "job:";
  public static final String C_STATE_PREFIX = "c:";
  public static final String SHAPE_PREFIX = "shape:";
  public static final String PROGRESS_PREFIX = "progress:";
  public static final String DONE_PREFIX = "done:";
  public static final String ERROR_PREFIX = "error:";
  /** Per-tablet counts of a {@link FamilySweepIterator} probe. */
  public static final String PROBE_PREFIX = "probe:";

  /** Name and priority of the multiply iterator in a scan or compaction setting. */
  public static final String ITERATOR_NAME = "spgemm";
  public static final int ITERATOR_PRIORITY = 100;

  /** Prefix of the table properties Accumulo leaves to applications. */
  public static final String CUSTOM_PREFIX = "table.custom.";
  /** Table properties configuring summarizers (M's per-family entry counts among them). */
  public static final String SUMMARIZER_PREFIX = "table.summarizer.";
  /**
   * Custom property (without {@link #CUSTOM_PREFIX}) on a table listing, by table id (comma
   * separated), the tables whose multiplies may read it with the tablet server's rights (as B,
   * as a mask). It lives on the table read, not on M, so only a user who may alter that table
   * (its owner or an administrator) can consent; ids, unlike names, are never reused, so a table
   * created later under a deleted table's name inherits nothing.
   */
  public static final String B_READERS_PROPERTY = "spgemm.readers";
  /**
   * Custom property (without {@link #CUSTOM_PREFIX}) on a table listing, by table id, the tables
   * whose multiplies may write C into it with the tablet server's rights.
   */
  public static final String C_WRITERS_PROPERTY = "spgemm.writers";
  /**
   * Directory under the instance's first volume where engine bulk's servers write C files, one
   * directory per job, until the client imports them.
   */
  public static final String C_FILES_DIR = "spgemm-c";
  /**
   * A directory under {@link #C_FILES_DIR} unchanged this long belongs to no running job (a
   * killed client's, or a late batch's of a failed job): the next bulk multiply removes it.
   */
  public static final long C_FILES_STALE_MILLIS = 24L * 60 * 60 * 1000;
  /** Accumulo's list of volumes; the first holds C files. */
  public static final String VOLUMES_PROPERTY = "instance.volumes";
  /** What every table property's name begins with (what applies to a table's files). */
  public static final String TABLE_PREFIX = "table.";

  /** Where a job's C files are written before they are finished: beside its directory. */
  public static String cFilesTemporaryDirectory(String jobDirectory) {
    return jobDirectory + "-tmp";
  }
  /**
   * Accumulo's own namespace (metadata, root, replication): never read or written by a multiply,
   * whatever its properties say.
   */
  public static final String SYSTEM_NAMESPACE = "accumulo";

  /** The scan type of nested B scans, and the table property dispatching it to an executor. */
  public static final String NESTED_SCAN_TYPE = "nested";
  public static final Map<String,String> NESTED_HINT = Map.of("scan_type", NESTED_SCAN_TYPE);
  public static final String NESTED_DISPATCH_PROPERTY =
      "table.scan.dispatcher.opts.executor." + NESTED_SCAN_TYPE;
  /** The scan executor (configured on every tablet server) that nested B scans run on. */
  public static final String DEFAULT_NESTED_EXECUTOR = "nested";

  /** The table property naming a table's own tablet balancer (Accumulo 2.1). */
  public static final String TABLE_BALANCER_PROPERTY = "table.balancer";
  /**
   * On a re-keyed (gRRp) table: the tablet server of every part, {@code host:port} in part order,
   * comma separated, which the part balancer keeps each part's tablets on.
   */
  public static final String PARTS_PROPERTY = CUSTOM_PREFIX + "spgemm.parts";

  /**
   * On a re-keyed (gRRp) table: the B entries its plan predicts the parts' servers fetch from
   * other servers, reading each B row they need once; decides whether they read B whole.
   */
  public static final String PREDICTED_REMOTE_B_PROPERTY =
      CUSTOM_PREFIX + "spgemm.predictedRemoteB";

  public static final String COMPRESSION_PROPERTY = "table.file.compress.type";
  public static final String COMPRESSION = "snappy";
  /**
   * Accumulo's data block cache for M's files (off by default for a table): a batch's B rows are
   * point lookups, and without the cache each one reads and decompresses its whole file block
   * again (RFile seeks were a third of the tablet servers' CPU on scattered B rows).
   */
  public static final String BLOCK_CACHE_PROPERTY = "table.cache.block.enable";

  /** Suffix of the family a server-side transpose writes a family's transpose into. */
  public static final String TRANSPOSED_SUFFIX = "^T";

  private TableLayout() {}

  /** The family holding the transpose of {@code family}. */
  public static String transposed(String family) {
    return family + TRANSPOSED_SUFFIX;
  }

  /** The tablet server property sizing scan executor {@code executor}. */
  public static String executorThreadsProperty(String executor) {
    return "tserver.scan.executors." + executor + ".threads";
  }
}
