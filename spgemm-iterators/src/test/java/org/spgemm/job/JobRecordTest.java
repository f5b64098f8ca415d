package org.spgemm.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobRecordTest {

  @Test
  void aNameCannotAddOrChangeAField() {
    String family = "X;state=COMPLETE";
    Map<String,String> fields = JobRecord.jobFields("RUNNING", "k", family, "M;cTable=T",
        "MULTIPLY", null);
    Map<String,String> back = JobRecord.decode(JobRecord.encode(fields));
    assertEquals(fields, back);
    assertEquals("RUNNING", back.get("state"));
    assertEquals(family, back.get("c"));
    assertFalse(back.containsKey("cTable"), back.toString());
  }

  @Test
  void everyCharacterRoundTrips() {
    Map<String,String> m = new LinkedHashMap<>();
    m.put("a=b;c%d", "%3B%25;==%");
    m.put("error", "x; y=z %2 done");
    m.put("empty", "");
    assertEquals(m, JobRecord.decode(JobRecord.encode(m)));
  }

  @Test
  void theRecordGrantsNoPrincipal() {
    Map<String,String> fields = JobRecord.jobFields("RUNNING", "k", "C", "M", "MULTIPLY", "T");
    assertTrue(fields.keySet().stream().noneMatch(k -> k.contains("principal")), fields.toString());
    assertTrue(JobRecord.keyMatches("k", fields.get("keyHash")));
    assertFalse(JobRecord.keyMatches("other", fields.get("keyHash")));
  }
}
