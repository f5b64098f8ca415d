package org.spgemm.bench.graphulo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds, at test time, a jar of classes with Graphulo's names and this test's behaviour, to test
 * the reflective binding without Graphulo (none is published for Accumulo 2.1). Nothing of
 * Graphulo's code is in here: only the class names and the signature the binding expects.
 */
public final class StandInJar {

  /** The class MathTwoScalar, empty: the binding only passes it on. */
  public static final String MATH_TWO_SCALAR = """
      package edu.mit.ll.graphulo.simplemult;
      public class MathTwoScalar {}
      """;

  /**
   * The test resource folder holding the stand-in of Graphulo 3.3.0 ({@code Graphulo},
   * {@code MultiplyOp}, {@code MathTwoScalar}): Java sources, compiled only into stand-in jars so
   * that they never shadow the other stand-ins on this JVM's classpath.
   */
  public static final String GRAPHULO_3_3_0 = "graphulo-3.3.0-standin";

  private StandInJar() {}

  /** Builds a jar of every Java source under the test resource folder {@code resourceDir}. */
  public static Path fromResources(Path dir, String resourceDir) throws IOException {
    URL url = StandInJar.class.getClassLoader().getResource(resourceDir);
    if (url == null) {
      throw new IllegalArgumentException("no test resource folder " + resourceDir);
    }
    Path root;
    try {
      root = Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("test resource folder " + url + " is not a path", e);
    }
    Map<String,String> sources = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = root.relativize(f).toString().replace('\\', '/').replace('/', '.');
        sources.put(name.substring(0, name.length() - ".java".length()), Files.readString(f));
      }
    }
    return build(dir, sources);
  }

  /**
   * Compiles {@code className → source} against this JVM's classpath and jars the classes.
   */
  public static Path build(Path dir, Map<String,String> sources) throws IOException {
    Path src = Files.createDirectories(dir.resolve("src"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp",
        System.getProperty("java.class.path"), "-nowarn"));
    for (Map.Entry<String,String> e : sources.entrySet()) {
      Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
      Files.createDirectories(file.getParent());
      Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
      args.add(file.toString());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)),
        "stand-in sources do not compile");
    Path jar = dir.resolve("standin.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        out.write(Files.readAllBytes(f));
        out.closeEntry();
      }
    }
    return jar;
  }
}
