package org.spgemm.job;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.spgemm.iterators.TableLayout;

/**
 * The job record: an entry the client writes into M before a multiply (which takes WRITE on M) and
 * that the iterator must find, through the tablet server's own context, before it writes anything.
 * It also records the state of C (RUNNING, COMPLETE, FAILED) so nobody mistakes a partial C for a
 * finished one.
 *
 * <p>Layout: row {@link TableLayout#META_ROW}, family {@link TableLayout#META_FAMILY}, qualifier {@code job:<id>} for a job and
 * {@code c:<family>} for the state of a C family; value {@code key=value;...}.
 */
public final class JobRecord {

  public enum State {
    RUNNING, COMPLETE, FAILED
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  private JobRecord() {}

  public static Key recordKey(String jobId) {
    return new Key(TableLayout.META_ROW, TableLayout.META_FAMILY, TableLayout.JOB_PREFIX + jobId);
  }

  public static Key cStateKey(String cFamily) {
    return new Key(TableLayout.META_ROW, TableLayout.META_FAMILY, TableLayout.C_STATE_PREFIX + cFamily);
  }

  /**
   * Qualifier of a per-tablet record of {@code jobId}: {@code <prefix><job>:<tablet>}, where the
   * tablet is named by its end row (so a compaction that runs again overwrites its own record).
   */
  public static String tabletQualifier(String prefix, String jobId, String tablet) {
    return prefix + jobId + ":" + tablet;
  }

  /**
   * The name of the tablet whose range is {@code r} in per-tablet records: its end row (hex), or
   * "last", so a compaction that runs again overwrites its own record.
   */
  public static String tabletName(Range r) {
    return r.isInfiniteStopKey() ? "last"
        : HexFormat.of().formatHex(r.getEndKey().getRowData().toArray());
  }

  /**
   * A fresh one-time job key: 128 random bits. It travels only in the job's own scans (whose
   * options only the scanning user and system administrators can see); the record stores its
   * SHA-256, so reading M never reveals it, and it is void once the record is removed.
   */
  public static String newJobKey() {
    byte[] b = new byte[16];
    RANDOM.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }

  public static String keyHash(String jobKey) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(jobKey.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  /** Constant-time check of a job key against the hash stored in a record. */
  public static boolean keyMatches(String jobKey, String storedHash) {
    return jobKey != null && storedHash != null && MessageDigest.isEqual(
        keyHash(jobKey).getBytes(StandardCharsets.US_ASCII),
        storedHash.getBytes(StandardCharsets.US_ASCII));
  }

  /**
   * The fields a job record must carry for the iterator to accept a job: C's family, where B
   * comes from, the mode, and (null when C goes into the job's own table) C's table. Nothing in
   * it grants authority beyond the job's own table: writing it takes WRITE on that table, and
   * every other table is read or written only with that table's own consent.
   */
  public static Map<String,String> jobFields(String state, String jobKey, String cFamily,
      String bTable, String mode, String cTable) {
    Map<String,String> m = new LinkedHashMap<>();
    m.put("state", state);
    m.put("keyHash", keyHash(jobKey));
    m.put("c", cFamily);
    m.put("bTable", bTable);
    m.put("mode", mode);
    if (cTable != null) {
      m.put("cTable", cTable);
    }
    m.put("created", Long.toString(System.currentTimeMillis()));
    return m;
  }

  /**
   * {@code key=value;...}, with {@code %}, {@code ;} and {@code =} in keys and values escaped
   * ({@code %25}, {@code %3B}, {@code %3D}), so no family or table name can add a field.
   */
  public static Value encode(Map<String,String> fields) {
    StringBuilder sb = new StringBuilder();
    fields.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ";").append(escape(k))
        .append('=').append(escape(v == null ? "" : v)));
    return new Value(sb.toString().getBytes(StandardCharsets.UTF_8));
  }

  public static Map<String,String> decode(Value v) {
    Map<String,String> m = new LinkedHashMap<>();
    for (String part : new String(v.get(), StandardCharsets.UTF_8).split(";")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        m.put(unescape(part.substring(0, eq)), unescape(part.substring(eq + 1)));
      }
    }
    return m;
  }

  static String escape(String s) {
    if (s.indexOf('%') < 0 && s.indexOf(';') < 0 && s.indexOf('=') < 0) {
      return s;
    }
    return s.replace("%", "%25").replace(";", "%3B").replace("=", "%3D");
  }

  static String unescape(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    return s.replace("%3B", ";").replace("%3D", "=").replace("%25", "%");
  }
}
