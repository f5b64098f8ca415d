package org.spgemm.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of README.md and docs/*.md compiles against this module's test
 * classpath (the client API, accumulo-core), so an example that drifts from the API fails the
 * build. A block is either a whole compilation unit (it starts with {@code import}, {@code
 * package} or a type declaration) or a snippet of statements that an HTML comment right above
 * it declares, invisible on the rendered page:
 *
 * <pre>
 * &lt;!-- java-snippet: any words
 * import org.spgemm.client.SpGEMM;
 * given AccumuloClient client, String table
 * --&gt;
 * </pre>
 *
 * A snippet becomes the body of a method whose parameters are the {@code given} declarations,
 * in a class with the {@code import} lines. Errors are reported at the page's own line.
 */
class DocsJavaBlocksTest {

  @TempDir
  Path work;

  /** One block: its page, the line of its first code line, its code, what the comment declared. */
  record Block(String page, int line, String code, List<String> imports, String given,
      boolean snippet) {
  }

  @Test
  void everyJavaBlockOfTheReadmeAndDocsCompiles() throws IOException {
    Path root = projectRoot();
    List<Path> pages = new ArrayList<>();
    pages.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    List<Block> blocks = new ArrayList<>();
    for (Path page : pages) {
      blocks.addAll(blocks(root.relativize(page).toString(), Files.readString(page)));
    }
    assertTrue(blocks.stream().anyMatch(b -> b.page().equals("README.md")),
        "the README's first screen has a Java example");
    assertTrue(blocks.size() >= 2, "java blocks found: " + blocks.size());
    List<String> errors = new ArrayList<>();
    for (Block b : blocks) {
      errors.addAll(compile(b));
    }
    assertEquals(List.of(), errors, "java blocks of README.md and docs/*.md that do not compile");
  }

  /** The check itself: the README example as it stood before issue 22 does not compile. */
  @Test
  void aStaleExampleFailsAtItsOwnLine() throws IOException {
    String page = """
        Some text.

        <!-- java-snippet: the README example before issue 22
        import org.apache.accumulo.core.client.AccumuloClient;
        import org.spgemm.client.*;
        given AccumuloClient client
        -->
        ```java
        MultiplyResult r = SpGEMM.multiply(client, "M", MultiplyOptions.builder()
            .listener((total, done, tablets) -> System.err.println(total.rows + " rows done"))
            .replace(false)
            .build());
        ```
        """;
    List<Block> blocks = blocks("old.md", page);
    assertEquals(1, blocks.size());
    List<String> errors = compile(blocks.get(0));
    assertEquals(2, errors.size(), () -> String.join("\n", errors));
    assertTrue(errors.get(0).startsWith("old.md:10: cannot find symbol"), errors.get(0));
    assertTrue(errors.get(0).contains("rows"), errors.get(0));
    assertTrue(errors.get(1).startsWith("old.md:11: "), errors.get(1));
    assertTrue(errors.get(1).contains("replace"), errors.get(1));
  }

  @Test
  void aSnippetWithoutItsDeclarationIsRefused() {
    String page = "```java\nSpGEMM.multiply(client, \"M\", MultiplyOptions.defaults());\n```\n";
    AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
        () -> blocks("bare.md", page));
    assertTrue(e.getMessage().startsWith("bare.md:2: a java block of statements needs"),
        e.getMessage());
  }

  private static final Pattern UNIT_START = Pattern.compile(
      "^(package |import |(public |final |abstract )*(class|interface|record|enum) )");

  /** The java blocks of one page, with their declarations. */
  static List<Block> blocks(String page, String text) {
    String[] lines = text.split("\n", -1);
    List<Block> out = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      if (!lines[i].strip().equals("```java")) {
        continue;
      }
      int first = i + 1;
      int end = first;
      while (end < lines.length && !lines[end].strip().equals("```")) {
        end++;
      }
      if (end == lines.length) {
        throw new AssertionError(page + ":" + (i + 1) + ": java block without its closing ```");
      }
      String code = String.join("\n", List.of(lines).subList(first, end));
      List<String> imports = new ArrayList<>();
      String given = "";
      boolean declared = false;
      if (i > 0 && lines[i - 1].strip().equals("-->")) {
        int open = i - 1;
        while (open >= 0 && !lines[open].strip().startsWith("<!--")) {
          open--;
        }
        if (open >= 0 && lines[open].strip().startsWith("<!-- java-snippet")) {
          declared = true;
          for (int k = open + 1; k < i - 1; k++) {
            String l = lines[k].strip();
            if (l.startsWith("import ")) {
              imports.add(l);
            } else if (l.startsWith("given ")) {
              given = l.substring("given ".length()).strip();
            } else if (!l.isEmpty()) {
              throw new AssertionError(page + ":" + (k + 1) + ": a java-snippet comment holds"
                  + " 'import ...;' and 'given Type name, ...' lines only, not: " + l);
            }
          }
        }
      }
      String firstCode = code.lines().map(String::strip)
          .filter(l -> !l.isEmpty() && !l.startsWith("//")).findFirst().orElse("");
      boolean unit = UNIT_START.matcher(firstCode).find();
      if (!unit && !declared) {
        throw new AssertionError(page + ":" + (first + 1) + ": a java block of statements needs"
            + " a <!-- java-snippet ... --> comment right above it (its imports and 'given'"
            + " variables), or make it a whole compilation unit");
      }
      out.add(new Block(page, first + 1, code, imports, given, !unit));
      i = end;
    }
    return out;
  }

  /** Compiles one block; each error as "page:line: message". */
  private List<String> compile(Block b) throws IOException {
    String name;
    String source;
    int offset; // page line of the source's line 1
    if (b.snippet()) {
      name = "DocSnippet" + Math.abs((b.page() + b.line()).hashCode());
      StringBuilder s = new StringBuilder();
      b.imports().forEach(i -> s.append(i).append('\n'));
      s.append("class ").append(name).append(" {\n  void run(").append(b.given())
          .append(") throws Exception {\n");
      int header = b.imports().size() + 2;
      s.append(b.code()).append("\n  }\n}\n");
      source = s.toString();
      offset = b.line() - header - 1;
    } else {
      Matcher m = Pattern.compile("public\\s+(?:final\\s+)?(?:class|interface|record|enum)\\s+"
          + "(\\w+)").matcher(b.code());
      name = m.find() ? m.group(1) : "DocUnit" + Math.abs((b.page() + b.line()).hashCode());
      source = b.code() + "\n";
      offset = b.line() - 1;
    }
    Path dir = Files.createDirectories(work.resolve(name + "-" + b.line()));
    Path file = dir.resolve(name + ".java");
    Files.writeString(file, source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
        null)) {
      List<String> options = List.of("-classpath", System.getProperty("java.class.path"),
          "-d", dir.toString(), "-proc:none", "-Xlint:none", "-nowarn");
      javac.getTask(null, files, diagnostics, options, null,
          files.getJavaFileObjects(file)).call();
    }
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        errors.add(b.page() + ":" + (d.getLineNumber() + offset) + ": "
            + String.join("; ", d.getMessage(Locale.ROOT).lines().map(String::strip)
                .filter(l -> !l.isEmpty()).toList()));
      }
    }
    return errors;
  }

  /** The checkout's root: the parent of this module (surefire runs in the module directory). */
  private static Path projectRoot() {
    Path module = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
    for (Path p = module; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("docs"))) {
        return p;
      }
    }
    throw new AssertionError("no README.md with a docs/ folder above " + module);
  }
}
