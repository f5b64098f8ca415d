package org.spgemm.bench.graphulo;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Picks, among constructors or methods, the one a call with arguments of given types would bind
 * to: every parameter type assignable from its argument's type, and of several such the most
 * specific (each of its parameter types assignable to the others'). The choice is deterministic:
 * candidates are taken in the order of their signatures, and where none is more specific than
 * all the others the first in that order wins.
 */
final class AssignableMatch {

  private AssignableMatch() {}

  static <T extends Executable> Optional<T> mostSpecific(List<T> candidates,
      List<Class<?>> argTypes) {
    List<T> fits = candidates.stream().filter(c -> accepts(c.getParameterTypes(), argTypes))
        .sorted(Comparator.comparing(Executable::toGenericString)).toList();
    return fits.stream().filter(c -> fits.stream().allMatch(o -> atLeastAsSpecific(c, o)))
        .findFirst().or(() -> fits.stream().findFirst());
  }

  /** {@code (A, B)}: the simple names of the types, as a reader would write them. */
  static String describeTypes(List<Class<?>> types) {
    return types.stream().map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")"));
  }

  /** {@code name(A, B)} for each candidate (methods with their return type first), or "none". */
  static String describeAll(Collection<? extends Executable> candidates) {
    return candidates.isEmpty() ? "none" : candidates.stream().map(AssignableMatch::describe)
        .sorted().collect(Collectors.joining(", "));
  }

  private static String describe(Executable e) {
    String name = e instanceof Constructor ? e.getDeclaringClass().getSimpleName() : e.getName();
    String returns = e instanceof Method m ? m.getReturnType().getSimpleName() + " " : "";
    return returns + name + describeTypes(Arrays.asList(e.getParameterTypes()));
  }

  private static boolean accepts(Class<?>[] params, List<Class<?>> argTypes) {
    if (params.length != argTypes.size()) {
      return false;
    }
    for (int i = 0; i < params.length; i++) {
      if (!params[i].isAssignableFrom(argTypes.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean atLeastAsSpecific(Executable a, Executable b) {
    return accepts(b.getParameterTypes(), Arrays.asList(a.getParameterTypes()));
  }
}
