package org.spgemm.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layout's two rules, read from the main sources of every module the root pom lists: the
 * tablet server's pipeline ({@code org.spgemm.pipeline} and below) is used by the iterators only,
 * never by another module; and the kernel ({@code org.spgemm.kernel}) imports nothing of
 * Accumulo, nor the packages above it, so its loops can be tested and reasoned about alone.
 */
class PackageRulesTest {

  private static final Pattern NAME = Pattern.compile("\\borg\\.(?:spgemm|apache\\.accumulo)"
      + "(?:\\.\\w+)+");

  @Test
  void nothingOutsideTheTabletServerUsesThePipelineAndTheKernelStandsAlone() throws IOException {
    Path root = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("..")
        .normalize();
    List<String> violations = new ArrayList<>();
    for (String module : ServerInternalImportsTest.modules(root.resolve("pom.xml"))) {
      try (Stream<Path> walk = Files.walk(root.resolve(module).resolve("src/main/java"))) {
        for (Path f : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          violations.addAll(violations(module, root.relativize(f).toString(),
              Files.readString(f)));
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  /** The names {@code source} (a file of {@code module}) may not use, as file:line: name. */
  static List<String> violations(String module, String file, String source) {
    boolean kernel = file.contains("/org/spgemm/kernel/");
    List<String> out = new ArrayList<>();
    String[] lines = JavaCode.withoutCommentsAndLiterals(source).split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = NAME.matcher(lines[i]);
      while (m.find()) {
        String name = m.group();
        boolean pipeline = name.startsWith("org.spgemm.pipeline");
        boolean forbidden = (pipeline && !module.equals("spgemm-iterators"))
            || (kernel && (name.startsWith("org.apache.accumulo") || pipeline
                || name.startsWith("org.spgemm.iterators") || name.startsWith("org.spgemm.job")));
        if (forbidden) {
          out.add(file + ":" + (i + 1) + ": " + name);
        }
      }
    }
    return out;
  }

  @Test
  void theRulesCatchWhatTheyForbid() {
    assertEquals(List.of("spgemm-iterators/src/main/java/org/spgemm/kernel/K.java:2:"
        + " org.apache.accumulo.core.data.Key"), violations(
        "spgemm-iterators", "spgemm-iterators/src/main/java/org/spgemm/kernel/K.java",
        "package org.spgemm.kernel;\nimport org.apache.accumulo.core.data.Key;\n"));
    assertEquals(List.of("C.java:3: org.spgemm.pipeline.BatchWorker"), violations(
        "spgemm-client", "C.java", "package org.spgemm.client;\n// org.spgemm.pipeline.X\n"
            + "import org.spgemm.pipeline.BatchWorker;\n"));
    assertFalse(violations("spgemm-iterators", "spgemm-iterators/src/main/java/org/spgemm/"
        + "iterators/I.java", "import org.spgemm.pipeline.BatchWorker;\n").size() > 0);
  }
}
