package org.spgemm.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.spgemm.iterators.TableLayout;

/**
 * A table's consent to be read or written by the multiplies of another table. The tablet servers
 * read B (or a mask) from another table, and write C into another table, with their own rights;
 * they do so only for a table that table lists by <em>id</em> in its
 * {@code table.custom.spgemm.readers} or {@code table.custom.spgemm.writers} property. Setting
 * it takes ALTER_TABLE on that table (its owner or an administrator), and an id is never reused,
 * so a table created later under the same name inherits nothing.
 *
 * <p>Consent is to a table, not a user: every user who may write M (and so start a multiply on
 * it) may, through the library, read what consented to M's reads and write what consented to its
 * writes. Accumulo's own tables can never be read or written this way.
 */
public final class Consent {

  /** What a table lets another table's multiplies do with it. */
  public enum Access {
    /** Read it as B or as a mask: {@code table.custom.spgemm.readers}. */
    READ(TableLayout.B_READERS_PROPERTY),
    /** Write C into it: {@code table.custom.spgemm.writers}. */
    WRITE(TableLayout.C_WRITERS_PROPERTY);

    /** The custom property, without {@code table.custom.}. */
    final String property;

    Access(String property) {
      this.property = property;
    }

    /** The full table property name. */
    public String propertyName() {
      return TableLayout.CUSTOM_PREFIX + property;
    }
  }

  private Consent() {}

  /** Lets the multiplies of table {@code to} read or write {@code table} (needs ALTER_TABLE). */
  public static void grant(AccumuloClient client, String table, String to, Access access) {
    List<String> ids = listed(client, table, access);
    String id = id(client, to);
    if (!ids.contains(id)) {
      ids.add(id);
      set(client, table, access, ids);
    }
  }

  /** Takes back what {@link #grant} gave table {@code from} (needs ALTER_TABLE on table). */
  public static void revoke(AccumuloClient client, String table, String from, Access access) {
    List<String> ids = listed(client, table, access);
    if (ids.remove(id(client, from))) {
      set(client, table, access, ids);
    }
  }

  /** The ids of the tables {@code table} consents to (reading its configuration may need ALTER). */
  public static List<String> listed(AccumuloClient client, String table, Access access) {
    try {
      String v = client.tableOperations().getConfiguration(table).get(access.propertyName());
      List<String> ids = new ArrayList<>();
      if (v != null) {
        Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty())
            .forEach(ids::add);
      }
      return ids;
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    } catch (AccumuloException e) {
      throw new ClusterException("cannot read the configuration of " + table
          + " (ALTER_TABLE permission needed): " + e.getMessage(), e);
    }
  }

  private static String id(AccumuloClient client, String table) {
    String id = client.tableOperations().tableIdMap().get(table);
    if (id == null) {
      throw ClusterException.noTable(table, null);
    }
    return id;
  }

  private static void set(AccumuloClient client, String table, Access access, List<String> ids) {
    if (table.startsWith(TableLayout.SYSTEM_NAMESPACE + ".")) {
      throw new InvalidOptionException(table + " is one of Accumulo's own tables: multiplies"
          + " never read or write those");
    }
    try {
      if (ids.isEmpty()) {
        client.tableOperations().removeProperty(table, access.propertyName());
      } else {
        client.tableOperations().setProperty(table, access.propertyName(), String.join(",", ids));
      }
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new ClusterException("cannot change the consent of " + table
          + " (ALTER_TABLE permission needed): " + e.getMessage(), e);
    }
  }
}
