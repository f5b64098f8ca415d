package org.spgemm.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Accumulo property names and the metadata row's names are written in one place,
 * {@code iterators.TableLayout}: a string literal that starts like a table or tablet server
 * property, or names the metadata row or family, anywhere else in main sources fails.
 */
class TableLayoutLiteralsTest {

  private static final Pattern LAYOUT_LITERAL =
      Pattern.compile("\"(table\\.|tserver\\.|~spgemm|_spgemm)[^\"]*\"");
  private static final String HOME = "org/spgemm/iterators/TableLayout.java";

  static List<String> violations(String file, String text) {
    List<String> found = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String code = lines[n].strip();
      if (code.startsWith("*") || code.startsWith("//") || code.startsWith("/*")) {
        continue;
      }
      Matcher m = LAYOUT_LITERAL.matcher(lines[n]);
      while (m.find()) {
        found.add(file + ":" + (n + 1) + ": " + m.group());
      }
    }
    return found;
  }

  @Test
  void layoutNamesAreWrittenOnlyInTableLayout() throws IOException {
    Path root = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("..")
        .normalize();
    List<String> violations = new ArrayList<>();
    int homes = 0;
    for (String module : ServerInternalImportsTest.modules(root.resolve("pom.xml"))) {
      Path sources = root.resolve(module).resolve("src/main/java");
      assertTrue(Files.isDirectory(sources), "no main sources at " + sources);
      List<Path> files;
      try (Stream<Path> walk = Files.walk(sources)) {
        files = walk.filter(f -> f.toString().endsWith(".java")).sorted().toList();
      }
      for (Path f : files) {
        if (f.toString().endsWith(HOME)) {
          homes++;
          assertTrue(!violations(HOME, Files.readString(f)).isEmpty(), "the names live there");
        } else {
          violations.addAll(violations(root.relativize(f).toString(), Files.readString(f)));
        }
      }
    }
    assertEquals(1, homes, HOME + " found once");
    assertEquals(List.of(), violations, "write these names in " + HOME);
  }

  @Test
  void theRuleCatchesALiteralButNotAComment() {
    String sample = "class S {\n  // \"table.split.threshold\" in a comment\n"
        + "  String p = \"table.custom.mine\";\n  String r = \"~spgemm\";\n}\n";
    assertEquals(List.of("S.java:3: \"table.custom.mine\"", "S.java:4: \"~spgemm\""),
        violations("S.java", sample));
  }
}
