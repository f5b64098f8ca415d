package org.spgemm.bench.graphulo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which constructor or method a call with given argument types binds to. */
class AssignableMatchTest {

  /**
   * Constructors of narrowing parameter types; for (Short, String) the most specific comes last
   * in signature order, so it is not chosen by the tie-break.
   */
  public static final class Target {
    public Target(Object a, Object b) {}

    public Target(Number a, CharSequence b) {}

    public Target(Short a, CharSequence b) {}

    public Target(Long a, String b) {}

    public Target(Integer a) {}
  }

  /** Two overloads neither of which is more specific for (Integer, Integer). */
  public static final class Ambiguous {
    public void f(Number a, Object b) {}

    public void f(Object a, Number b) {}
  }

  @Test
  void picksTheMostSpecificAssignableConstructor() throws Exception {
    List<Constructor<?>> all = List.of(Target.class.getConstructors());

    assertEquals(Optional.of(Target.class.getConstructor(Short.class, CharSequence.class)),
        AssignableMatch.mostSpecific(all, List.of(Short.class, String.class)));
    assertEquals(Optional.of(Target.class.getConstructor(Number.class, CharSequence.class)),
        AssignableMatch.mostSpecific(all, List.of(Double.class, StringBuilder.class)));
    assertEquals(Optional.of(Target.class.getConstructor(Object.class, Object.class)),
        AssignableMatch.mostSpecific(all, List.of(Double.class, Thread.class)));
    assertEquals(Optional.empty(), AssignableMatch.mostSpecific(all, List.of(String.class)));
  }

  @Test
  void breaksATieBySignatureWhateverTheOrderFound() throws Exception {
    List<Method> fs = new ArrayList<>();
    for (Method m : Ambiguous.class.getMethods()) {
      if (m.getName().equals("f")) {
        fs.add(m);
      }
    }
    Method first = Ambiguous.class.getMethod("f", Number.class, Object.class);
    assertEquals(Optional.of(first),
        AssignableMatch.mostSpecific(fs, List.of(Integer.class, Integer.class)));
    Collections.reverse(fs);
    assertEquals(Optional.of(first),
        AssignableMatch.mostSpecific(fs, List.of(Integer.class, Integer.class)));
  }

  @Test
  void describesCandidatesByTheirSimpleNames() throws Exception {
    assertEquals("(Integer, String)",
        AssignableMatch.describeTypes(List.of(Integer.class, String.class)));
    assertEquals("Target(Integer), Target(Long, String)", AssignableMatch.describeAll(List.of(
        Target.class.getConstructor(Long.class, String.class),
        Target.class.getConstructor(Integer.class))));
    assertEquals("void f(Number, Object)",
        AssignableMatch.describeAll(List.of(Ambiguous.class.getMethod("f", Number.class,
            Object.class))));
    assertEquals("none", AssignableMatch.describeAll(List.of()));
  }
}
