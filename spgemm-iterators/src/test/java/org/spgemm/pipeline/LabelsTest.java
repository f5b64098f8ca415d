package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LabelsTest {

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String s(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @Test
  void conjunctionsAreInternedAndNormalised() {
    Labels l = new Labels(null);
    int secret = l.id(b("secret"));
    int pii = l.id(b("pii"));
    assertEquals(0, l.id(new byte[0]));
    assertEquals(secret, l.and(0, secret));
    assertEquals(secret, l.and(secret, secret));
    int both = l.and(secret, pii);
    assertEquals(both, l.and(pii, secret), "order does not matter");
    assertEquals("pii&secret", s(l.forC(both)));
    assertEquals(both, l.and(both, secret), "already included");
    assertEquals("", s(l.forC(0)));
  }

  @Test
  void aGivenVisibilityMustBeAtLeastAsStrict() {
    Labels l = new Labels("secret&pii");
    int secret = l.id(b("secret"));
    assertArrayEquals(b("secret&pii"), l.forC(secret));
    assertArrayEquals(b("secret&pii"), l.forC(0));
    int other = l.id(b("topsecret|secret"));
    assertArrayEquals(b("secret&pii"), l.forC(other), "secret implies topsecret|secret");
    Labels weak = new Labels("secret|public");
    int s2 = weak.id(b("secret"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> weak.forC(s2));
    assertEquals("the C visibility given, secret|public, is less strict than secret of the A"
        + " entries a C entry comes from", e.getMessage());
  }
}
