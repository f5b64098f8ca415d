package org.spgemm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refusal of the vector and element-wise commands comes before any cluster is contacted:
 * exit 2 and one line naming the problem. The --client-props file does not exist, so a case
 * that wrongly passed its checks would end with "cannot read" instead.
 */
class ElementWiseCommandsTest {

  private static final String C = " --client-props /nonexistent/no-cluster.properties --table M";

  static List<String[]> cases() {
    return List.of(
        new String[] {"ewise-add --a-family A --b-family B --c-family A --op plus" + C,
            "must differ from the input families"},
        new String[] {"ewise-add --a-family A --b-family B --c-family C --op frob" + C,
            "unknown accumulator 'frob'"},
        new String[] {"ewise-mult --a-family A --b-family B --c-family C --op times"
            + " --codec nosuch" + C, "unknown value codec 'nosuch'"},
        new String[] {"ewise-mult --a-family A --b-family _spgemm --c-family C --op times" + C,
            "must not be _spgemm"},
        new String[] {"apply --a-family A --c-family C --op frob" + C,
            "unknown unary operator 'frob'"},
        new String[] {"apply --a-family A --c-family C --op abs --scalar-first" + C,
            "--scalar-first needs --scalar"},
        new String[] {"apply --a-family A --c-family C --op frob --scalar 2" + C,
            "unknown accumulator 'frob'"},
        new String[] {"reduce --a-family A --monoid frob" + C, "unknown monoid 'frob'"},
        new String[] {"reduce --a-family A --monoid plus --c-family W" + C,
            "--c-family and --row go together"},
        new String[] {"vxm --u-family U --row 1 --a-family A --c-family W --semiring frob" + C,
            "unknown semiring 'frob'"},
        new String[] {"vxm --u-family U --row 1 --a-family A --c-family W --complement" + C,
            "--structure and --complement need --mask-family"},
        new String[] {"mxv --u-family U --row 1 --a-family A --c-family W --semiring"
            + " class:org.spgemm.algebra.MinFirstSemiring" + C, "needs a commutative multiply"},
        new String[] {"vxm --u-family U --row 1 --a-family A --c-family W --accum frob" + C,
            "unknown accumulator 'frob'"},
        new String[] {"ewise-add --a-family A --b-family B --c-family C --op plus --table M",
            "works on families of a table already in Accumulo"});
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("cases")
  void refusedBeforeAnyCluster(String args, String message) {
    Object[] r = BadInputCasesTest.run(args.split(" "));
    String err = ((String) r[1]).strip();
    assertEquals(2, (int) r[0], err);
    assertTrue(err.contains(message), err);
    assertEquals(1, err.lines().count(), err);
  }

  @org.junit.jupiter.api.Test
  void validArgumentsGetAsFarAsTheConnection() {
    Object[] r = BadInputCasesTest.run(("ewise-add --a-family A --b-family B --c-family C --op"
        + " plus" + C).split(" "));
    assertTrue(((String) r[1]).contains("cannot read"), (String) r[1]);
  }
}
