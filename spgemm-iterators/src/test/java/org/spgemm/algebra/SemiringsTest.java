package org.spgemm.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Semirings#forName}: canonical names, aliases, user classes and their error messages. */
class SemiringsTest {

  /** A user semiring: (max, times) over both domains. */
  public static class MaxTimes implements Semiring {
    @Override
    public String name() {
      return "MAX_TIMES";
    }

    @Override
    public Monoid add() {
      return Semirings.MAX;
    }

    @Override
    public BinaryOp multiply() {
      return Semirings.TIMES;
    }
  }

  /** Not usable: no public no-argument constructor. */
  public static final class NeedsArgument extends MaxTimes {
    public NeedsArgument(int x) {}
  }

  private static IllegalArgumentException refused(String name) {
    return assertThrows(IllegalArgumentException.class, () -> Semirings.forName(name));
  }

  @Test
  void builtInsInDocumentationOrder() {
    assertEquals(List.of("PLUS_TIMES", "MIN_PLUS", "MAX_PLUS", "MAX_MIN", "LOR_LAND", "PLUS_PAIR",
        "ANY_PAIR"), List.copyOf(Semirings.builtIn().keySet()));
    Semirings.builtIn().forEach((name, s) -> {
      assertEquals(name, s.name());
      assertSame(s, Semirings.forName(name));
      assertEquals(name, Semirings.nameOf(s));
    });
  }

  @Test
  void aliases() {
    assertSame(Semirings.PLUS_TIMES, Semirings.forName("plus-times"));
    assertSame(Semirings.PLUS_TIMES, Semirings.forName(" Plus_Times "));
    assertSame(Semirings.LOR_LAND, Semirings.forName("or_and"));
    assertSame(Semirings.LOR_LAND, Semirings.forName("OR-AND"));
    assertSame(Semirings.LOR_LAND, Semirings.forName("lor-land"));
    assertSame(Semirings.MIN_PLUS, Semirings.forName("min-plus"));
    assertSame(Semirings.ANY_PAIR, Semirings.forName("any_pair"));
  }

  @Test
  void unknownNameListsTheKnownOnes() {
    IllegalArgumentException e = refused("NOPE");
    assertTrue(e.getMessage().contains("'NOPE'"), e.getMessage());
    for (String known : Semirings.builtIn().keySet()) {
      assertTrue(e.getMessage().contains(known), e.getMessage() + " lacks " + known);
    }
    assertTrue(e.getMessage().contains("class:"), e.getMessage());
    assertTrue(refused("").getMessage().contains("PLUS_TIMES"));
    assertTrue(refused(null).getMessage().contains("PLUS_TIMES"));
  }

  @Test
  void userClass() {
    Semiring s = Semirings.forName("class:" + MaxTimes.class.getName());
    assertInstanceOf(MaxTimes.class, s);
    assertEquals(6.0, s.multiply().applyAsDouble(2, 3));
    assertEquals(5L, s.add().applyAsLong(5, -7));
    assertEquals("class:" + MaxTimes.class.getName(), Semirings.nameOf(s));
    assertInstanceOf(MaxTimes.class, Semirings.forName(Semirings.nameOf(s)));
  }

  @Test
  void userClassErrors() {
    IllegalArgumentException e = refused("class:org.spgemm.NoSuchSemiring");
    assertTrue(e.getMessage().contains("org.spgemm.NoSuchSemiring"), e.getMessage());
    assertTrue(e.getMessage().contains("not on the classpath"), e.getMessage());

    e = refused("class:java.lang.String");
    assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
    assertTrue(e.getMessage().contains("does not implement " + Semiring.class.getName()),
        e.getMessage());

    e = refused("class:" + NeedsArgument.class.getName());
    assertTrue(e.getMessage().contains(NeedsArgument.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains("public no-argument constructor"), e.getMessage());

    e = refused("class:");
    assertTrue(e.getMessage().contains("semiring class"), e.getMessage());
  }

  @Test
  void semanticsInBothDomains() {
    assertEquals(-6.0, Semirings.PLUS_TIMES.multiply().applyAsDouble(2, -3));
    assertEquals(-6L, Semirings.PLUS_TIMES.multiply().applyAsLong(2, -3));
    assertEquals(-1.0, Semirings.MIN_PLUS.multiply().applyAsDouble(2, -3));
    assertEquals(-3L, Semirings.MIN_PLUS.add().applyAsLong(2, -3));
    assertEquals(2.0, Semirings.MAX_PLUS.add().applyAsDouble(2, -3));
    assertEquals(-3L, Semirings.MAX_MIN.multiply().applyAsLong(2, -3));
    assertEquals(1L, Semirings.LOR_LAND.multiply().applyAsLong(2, -3));
    assertEquals(0.0, Semirings.LOR_LAND.multiply().applyAsDouble(0, -3));
    assertEquals(1.0, Semirings.LOR_LAND.add().applyAsDouble(0, -3));
    assertEquals(1L, Semirings.PLUS_PAIR.multiply().applyAsLong(0, 0));
    assertEquals(Double.POSITIVE_INFINITY, Semirings.MIN.identityFp());
    assertEquals(Long.MIN_VALUE, Semirings.MAX.identityInt());
    assertEquals(0.0, Semirings.PLUS.identityFp());
  }
}
