package org.spgemm.bench.graphulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reflective binding of Graphulo's TableMult, against stand-in jars built by the test. */
class GraphuloTableMultTest {

  /**
   * Records its call in a system property: the binding's arguments are what is checked. Of its
   * constructors the binding must pick the first: it accepts (AccumuloClient, PasswordToken) and
   * is more specific than the second; the third takes no password.
   */
  private static final String RECORDING = """
      package edu.mit.ll.graphulo;
      import org.apache.accumulo.core.client.AccumuloClient;
      import org.apache.accumulo.core.client.IteratorSetting;
      import org.apache.accumulo.core.client.security.tokens.AuthenticationToken;
      import org.apache.accumulo.core.client.security.tokens.PasswordToken;
      public class Graphulo {
        public static final IteratorSetting PLUS_ITERATOR_BIGDECIMAL =
            new IteratorSetting(6, "plus", "some.Combiner");
        private final String password;
        public Graphulo(AccumuloClient client, AuthenticationToken token) {
          password = new String(((PasswordToken) token).getPassword());
        }
        public Graphulo(Object client, Object token) {
          throw new IllegalStateException("less specific constructor chosen");
        }
        public Graphulo(AccumuloClient client) {
          throw new IllegalStateException("constructor without password chosen");
        }
        public long TableMult(String at, String b, String c, String ct, Class<?> op,
            IteratorSetting plus) {
          if (at.equals("boom")) {
            throw new IllegalStateException("table boom is broken");
          }
          System.setProperty("standin.call", String.join(",", at, b, c, String.valueOf(ct),
              op.getName(), plus.getName(), String.valueOf(plus.getPriority()),
              plus.getIteratorClass(), password));
          return 42;
        }
      }
      """;

  @TempDir
  Path tmp;

  @Test
  void callsTableMultWithTheTablesMathTwoScalarAndThePlusCombiner() throws Exception {
    Path jar = StandInJar.build(tmp, Map.of("edu.mit.ll.graphulo.Graphulo", RECORDING,
        "edu.mit.ll.graphulo.simplemult.MathTwoScalar", StandInJar.MATH_TWO_SCALAR));
    try (GraphuloTableMult g = GraphuloTableMult.open(jar)) {
      assertEquals(42, g.multiply(null, "secret", "AT", "B", "C"));
      assertEquals("AT,B,C,null,edu.mit.ll.graphulo.simplemult.MathTwoScalar,plus,6,"
          + "some.Combiner,secret", System.getProperty("standin.call"));

      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> g.multiply(null, "secret", "boom", "B", "C"));
      assertTrue(e.getMessage().contains("table boom is broken"), e.getMessage());
    }
  }

  @Test
  void refusesAMissingFile() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GraphuloTableMult.open(tmp.resolve("nope.jar")));
    assertTrue(e.getMessage().contains("no file at " + tmp.resolve("nope.jar")), e.getMessage());
  }

  @Test
  void refusesAJarWithoutGraphulo() throws Exception {
    Path jar = StandInJar.build(tmp, Map.of("other.Thing", "package other; class Thing {}"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GraphuloTableMult.open(jar));
    assertTrue(e.getMessage().contains("holds no class edu.mit.ll.graphulo.Graphulo"),
        e.getMessage());
  }

  /**
   * Graphulo 3.3.0's only public constructor takes (Connector, AuthenticationToken), and its
   * TableMult a {@code Class<? extends MultiplyOp>}, next to an 8-parameter overload: the binding
   * accepts that jar (calling it needs a cluster: {@code BenchIT} runs it).
   */
  @Test
  void bindsTheSignaturesOfGraphulo330() throws Exception {
    Path jar = StandInJar.fromResources(tmp, StandInJar.GRAPHULO_3_3_0);
    try (GraphuloTableMult g = GraphuloTableMult.open(jar)) {
      assertTrue(Files.exists(jar));
    }
  }

  @Test
  void refusesAGraphuloWithoutAFittingConstructorNamingWhatItHas() throws Exception {
    Path jar = StandInJar.build(tmp, Map.of("edu.mit.ll.graphulo.Graphulo", """
        package edu.mit.ll.graphulo;
        import org.apache.accumulo.core.client.IteratorSetting;
        public class Graphulo {
          public static final IteratorSetting PLUS_ITERATOR_BIGDECIMAL =
              new IteratorSetting(6, "plus", "some.Combiner");
          public Graphulo(String instance, int port) {}
          public long TableMult(String at, String b, String c, String ct, Class<?> op,
              IteratorSetting plus) { return 0; }
        }
        """, "edu.mit.ll.graphulo.simplemult.MathTwoScalar", StandInJar.MATH_TWO_SCALAR));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GraphuloTableMult.open(jar));
    assertEquals("--graphulo-jar " + jar + ": edu.mit.ll.graphulo.Graphulo lacks a public"
        + " constructor accepting one of (AccumuloClient, PasswordToken), (Connector,"
        + " PasswordToken), (AccumuloClient); public constructors found: Graphulo(String, int)"
        + " (a Graphulo built for Accumulo 2.1 is needed)", e.getMessage());
  }

  @Test
  void refusesAGraphuloWithoutTheExpectedTableMult() throws Exception {
    Path jar = StandInJar.build(tmp, Map.of("edu.mit.ll.graphulo.Graphulo", """
        package edu.mit.ll.graphulo;
        public class Graphulo {
          public long TableMult(String at, String b, String c) { return 0; }
          public int TableMult(String at, String b, String c, String ct, Class<?> op,
              Object plus) { return 0; }
        }
        """, "edu.mit.ll.graphulo.simplemult.MathTwoScalar", StandInJar.MATH_TWO_SCALAR));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GraphuloTableMult.open(jar));
    assertTrue(e.getMessage().contains("lacks a public long TableMult accepting (String, String,"
        + " String, String, Class, IteratorSetting); public TableMult found: int TableMult("
        + "String, String, String, String, Class, Object), long TableMult(String, String,"
        + " String)"), e.getMessage());
    assertTrue(Files.exists(jar));
  }
}
