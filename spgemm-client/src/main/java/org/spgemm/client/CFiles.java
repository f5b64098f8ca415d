package org.spgemm.client;

import java.io.IOException;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.LoadPlan;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.spgemm.iterators.TableLayout;
import org.spgemm.progress.CFile;

/**
 * The client's side of {@link Engine#BULK}: the C files a job's tablet servers wrote into the
 * directory their pre-flight named ({@code FileCWriters} in the tablet servers), imported into
 * C's table with the caller's own rights, and the job's directories removed after.
 */
final class CFiles {

  /** What the import needs on C's table. */
  static final String NEEDS = "BULK_IMPORT and ALTER_TABLE";

  /** Made once: a new configuration parses Hadoop's XML resources again on its first read. */
  private static final class Hadoop {
    static final Configuration CONF = new Configuration();
  }

  private final Path dir;
  private final FileSystem fs;

  /** @param dir the job's directory, as the servers named it */
  CFiles(String dir) {
    this.dir = new Path(dir);
    try {
      this.fs = FileSystem.get(URI.create(dir), Hadoop.CONF);
    } catch (IOException e) {
      throw new ClusterException("no file system for C's files in " + dir + ": " + e, e);
    }
  }

  /**
   * Whether the caller holds what the import needs on {@code cTable}: BULK_IMPORT, and
   * ALTER_TABLE, since Accumulo's bulk import reads the table's configuration, which needs it.
   */
  static boolean mayImport(AccumuloClient client, String cTable) {
    try {
      String me = client.whoami();
      return client.securityOperations().hasTablePermission(me, cTable,
          TablePermission.BULK_IMPORT)
          && client.securityOperations().hasTablePermission(me, cTable,
              TablePermission.ALTER_TABLE);
    } catch (AccumuloException | AccumuloSecurityException e) {
      return false;
    }
  }

  /**
   * Imports the files the batches reported ({@code reported}) into {@code cTable} with a load
   * plan from their rows, keeping their timestamps. A file in the directory that no batch
   * reported was written by a piece whose progress never reached the client (its server failed,
   * or its scan was replaced) and computed again since: it goes first. Nothing reported (an empty
   * C) is no import.
   */
  void importInto(AccumuloClient client, String cTable, List<CFile> reported) {
    try {
      LoadPlan.Builder plan = LoadPlan.builder();
      Set<String> names = new HashSet<>();
      for (CFile f : reported) {
        names.add(f.name());
        plan.loadFileTo(f.name(), LoadPlan.RangeType.FILE, f.firstRow(), f.lastRow());
      }
      if (fs.exists(dir)) {
        for (FileStatus st : fs.listStatus(dir)) {
          if (!names.contains(st.getPath().getName())) {
            fs.delete(st.getPath(), false);
          }
        }
      }
      if (names.isEmpty()) {
        return;
      }
      client.tableOperations().importDirectory(dir.toString()).to(cTable).tableTime(false)
          .plan(plan.build()).load();
    } catch (IOException | AccumuloException | AccumuloSecurityException
        | TableNotFoundException | RuntimeException e) {
      throw new ClusterException("the bulk import of C's files from " + dir + " into " + cTable
          + " failed: " + e, e);
    }
  }

  /** Removes the job's directories, whatever they hold; a failure to is left to the operator. */
  void delete() {
    try {
      fs.delete(dir, true);
      fs.delete(new Path(TableLayout.cFilesTemporaryDirectory(dir.toString())), true);
    } catch (IOException e) {
      // the operator's clean-up of spgemm-c (docs/operations.md) takes what is left
    }
  }
}
