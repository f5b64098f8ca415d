package org.spgemm.pipeline.scan;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobAuthorization;
import org.spgemm.kernel.CValues;
import org.spgemm.kernel.RowWorkspace;
import org.spgemm.pipeline.CWriters;
import org.spgemm.progress.CFile;

/**
 * The scan engine's C as files (engine bulk): each piece of a batch writes its C rows, which come
 * in key order, into an RFile of its own, for the client to bulk-import once every tablet is done.
 * A file is written under the job's temporary directory and moved into the job's directory when
 * closed, before the batch reports progress, so a server that dies leaves nothing importable
 * half-written, and a piece computed again writes the same keys and timestamp (one version kept).
 * Both directories are on the instance's first volume, named by the job alone: a client names no
 * path the servers write to.
 */
public final class FileCWriters implements CWriters {

  private static final Logger LOG = LoggerFactory.getLogger(FileCWriters.class);
  private static final byte[] NO_VISIBILITY = new byte[0];
  /** A job id as the client makes them (a UUID): nothing that could leave the directory. */
  private static final Pattern JOB = Pattern.compile("[0-9A-Za-z][0-9A-Za-z-]{0,63}");

  /**
   * The Hadoop configuration the file systems are looked up with, made once per server: a new
   * one parses Hadoop's XML resources again on its first read, which every tablet of every bulk
   * multiply paid (a tenth of the writing time on the hub input). Only read, never changed.
   */
  private static final class Hadoop {
    static final Configuration CONF = new Configuration();
  }

  private final AccumuloClient client;
  private final String table;
  private final MultiplySpec opts;
  private final FileSystem fs;
  private final Path dir;
  private final Path tmp;
  private final Map<String,String> fileProperties = new HashMap<>();

  /**
   * @param table the table the job runs on
   * @param volumes the instance's {@code instance.volumes}; the files go to the first
   * @param cTableProperties C's table's configuration: its files' compression, block sizes and
   *        summarizers (without the summaries the next multiply could not tell from the files
   *        whether C is empty, nor the inputs unchanged) apply to these files too
   */
  public FileCWriters(AccumuloClient client, String table, MultiplySpec opts, String volumes,
      Map<String,String> cTableProperties) throws IOException {
    this.client = client;
    this.table = table;
    this.opts = opts;
    cTableProperties.forEach((k, v) -> {
      if (k.startsWith(TableLayout.TABLE_PREFIX)) {
        fileProperties.put(k, v);
      }
    });
    URI volume = firstVolume(volumes);
    this.fs = FileSystem.get(volume, Hadoop.CONF);
    this.dir = jobDirectory(volume, opts.job());
    this.tmp = new Path(TableLayout.cFilesTemporaryDirectory(dir.toString()));
  }

  /** The first of {@code instance.volumes}, as a directory. */
  public static URI firstVolume(String volumes) {
    if (volumes == null || volumes.isBlank()) {
      throw new IllegalStateException(TableLayout.VOLUMES_PROPERTY + " is not set: no volume"
          + " for C's files");
    }
    String v = volumes.split(",")[0].trim();
    return URI.create(v.endsWith("/") ? v : v + "/");
  }

  /** Where a job's finished C files wait for the import. */
  public static Path jobDirectory(URI volume, String job) {
    return new Path(volume.resolve(TableLayout.C_FILES_DIR + "/" + checkedJob(job)));
  }

  /**
   * Removes the job directories under {@code volume}'s {@link TableLayout#C_FILES_DIR} that
   * nothing has changed for {@code staleMillis}: what a client killed mid-multiply left, or a
   * batch of a failed job that finished its file after its client removed the directory. Such
   * files are never imported (a job imports only what its own batches reported), and a running
   * job moves a file into its directory every few seconds at most. The pre-flight of every bulk
   * multiply calls this, so nothing stays longer than that plus the time to the next one.
   *
   * <p>A directory that cannot be listed or removed is left, with a warning in the server's log.
   *
   * @return how many directories were removed
   */
  public static int removeStale(URI volume, long staleMillis, long nowMillis) {
    Path base = new Path(volume.resolve(TableLayout.C_FILES_DIR));
    int removed = 0;
    try {
      FileSystem fs = FileSystem.get(volume, Hadoop.CONF);
      if (!fs.exists(base)) {
        return 0;
      }
      for (FileStatus d : fs.listStatus(base)) {
        if (d.isDirectory() && unchangedFor(fs, d, staleMillis, nowMillis)
            && fs.delete(d.getPath(), true)) {
          removed++;
        }
      }
    } catch (IOException e) {
      LOG.warn("could not remove stale directories of C files under {}: {}", base, e.toString());
    }
    return removed;
  }

  /** Neither the directory nor any file in it changed in the last {@code millis}. */
  private static boolean unchangedFor(FileSystem fs, FileStatus dir, long millis, long now)
      throws IOException {
    if (now - dir.getModificationTime() <= millis) {
      return false;
    }
    for (FileStatus f : fs.listStatus(dir.getPath())) {
      if (now - f.getModificationTime() <= millis) {
        return false;
      }
    }
    return true;
  }

  private static String checkedJob(String job) {
    if (job == null || !JOB.matcher(job).matches()) {
      throw new IllegalArgumentException("job id '" + job + "' cannot name a directory of C"
          + " files (letters, digits and '-' only)");
    }
    return job;
  }

  @Override
  public boolean jobRunning() {
    return JobAuthorization.stillRunning(client, table, opts.job());
  }

  @Override
  public Writer open() throws IOException {
    return new FileWriter();
  }

  private final class FileWriter implements Writer {
    private final String name = UUID.randomUUID() + ".rf";
    private final Path path = new Path(tmp, name);
    private final RFileWriter w;
    private final byte[] family = opts.cFamily().getBytes(StandardCharsets.UTF_8);
    private final ValueCodec codec = opts.codecC();
    private final boolean integer = opts.domain() == Domain.INT64;
    private final long ts = opts.timestamp();
    private long bytes;
    private long entries;
    private boolean closed;
    private byte[] firstRow;
    private byte[] lastRow;

    FileWriter() throws IOException {
      this.w = RFile.newWriter().to(path.toString()).withFileSystem(fs)
          .withTableProperties(fileProperties).build();
    }

    @Override
    public int write(byte[] row, RowWorkspace ws, byte[][] columnKeys, byte[][] visibilities)
        throws IOException {
      int n = ws.rowNnz();
      for (int k = 0; k < n; k++) {
        byte[] col = columnKeys[ws.column(k)];
        append(row, col, visibilities == null ? NO_VISIBILITY : visibilities[k],
            CValues.encode(codec, integer, ws, k, row, col));
      }
      return n;
    }

    @Override
    public int writeRow(byte[] row, byte[][] quals, byte[][] values, byte[][] visibilities,
        long rowBytes) throws IOException {
      for (int k = 0; k < quals.length; k++) {
        append(row, quals[k], visibilities == null ? NO_VISIBILITY : visibilities[k], values[k]);
      }
      return quals.length;
    }

    @Override
    public void put(byte[] row, byte[] qual, byte[] visibility, long iv, double fv) {
      throw new UnsupportedOperationException("transpose mode writes through BatchWriters");
    }

    private void append(byte[] row, byte[] qual, byte[] visibility, byte[] value)
        throws IOException {
      w.append(new Key(row, family, qual, visibility, ts, false, false), new Value(value, false));
      if (firstRow == null) {
        firstRow = row;
      }
      lastRow = row;
      bytes += row.length + family.length + qual.length + visibility.length + value.length;
      entries++;
    }

    @Override
    public long bytesWritten() {
      return bytes;
    }

    @Override
    public CFile file() {
      return closed && entries > 0 ? new CFile(name, firstRow, lastRow) : null;
    }

    @Override
    public void close() throws IOException {
      if (closed) {
        return; // closed once to flush, then again by try-with-resources
      }
      closed = true;
      w.close();
      if (entries == 0) {
        fs.delete(path, false);
        return;
      }
      fs.mkdirs(dir);
      if (!fs.rename(path, new Path(dir, name))) {
        throw new IOException("could not move " + path + " into " + dir);
      }
    }
  }
}
