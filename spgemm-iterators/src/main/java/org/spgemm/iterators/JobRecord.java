package org.spgemm.iterators;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * The job record: an entry the client writes into M before a multiply (which takes WRITE on M) and
 * that the iterator must find, through the tablet server's own context, before it writes anything.
 * It also records the state of C (RUNNING, COMPLETE, FAILED) so nobody mistakes a partial C for a
 * finished one.
 *
 * <p>Layout: row {@link #ROW}, family {@link #FAMILY}, qualifier {@code job:<id>} for a job and
 * {@code c:<family>} for the state of a C family; value {@code key=value;...}.
 */
public final class JobRecord {

  public static final String ROW = "~spgemm";
  public static final String FAMILY = "_spgemm";
  public static final String JOB_PREFIX = "job:";
  public static final String C_STATE_PREFIX = "c:";

  public enum State {
    RUNNING, COMPLETE, FAILED
  }

  private JobRecord() {}

  public static Key jobKey(String jobId) {
    return new Key(ROW, FAMILY, JOB_PREFIX + jobId);
  }

  public static Key cStateKey(String cFamily) {
    return new Key(ROW, FAMILY, C_STATE_PREFIX + cFamily);
  }

  /** The fields a job record must carry for the iterator to accept a job. */
  public static Map<String,String> jobFields(String state, String cFamily, String bTable,
      String mode, String principal) {
    Map<String,String> m = new LinkedHashMap<>();
    m.put("state", state);
    m.put("c", cFamily);
    m.put("bTable", bTable);
    m.put("mode", mode);
    m.put("principal", principal);
    m.put("created", Long.toString(System.currentTimeMillis()));
    return m;
  }

  public static Value encode(Map<String,String> fields) {
    StringBuilder sb = new StringBuilder();
    fields.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ";").append(k).append('=')
        .append(v == null ? "" : v));
    return new Value(sb.toString().getBytes(StandardCharsets.UTF_8));
  }

  public static Map<String,String> decode(Value v) {
    Map<String,String> m = new LinkedHashMap<>();
    for (String part : new String(v.get(), StandardCharsets.UTF_8).split(";")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        m.put(part.substring(0, eq), part.substring(eq + 1));
      }
    }
    return m;
  }
}
