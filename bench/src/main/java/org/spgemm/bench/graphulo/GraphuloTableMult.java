package org.spgemm.bench.graphulo;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;

/**
 * The real Graphulo {@code TableMult(AT, B, C, null, MathTwoScalar, PLUS_ITERATOR_BIGDECIMAL)},
 * called through reflection on a jar the user supplies. Graphulo is no dependency of this project
 * (its repository grants no licence and no build for Accumulo 2.1 is published), so everything is
 * bound by name when the jar is opened, and a jar that lacks a piece is refused there, naming it:
 * <ul>
 *   <li>class {@value #GRAPHULO} with a public constructor that accepts
 *       {@code (AccumuloClient, PasswordToken)}, {@code (Connector, PasswordToken)} or
 *       {@code (AccumuloClient)} ({@link GraphuloConstructor}); Graphulo 3.3.0's is
 *       {@code (Connector, AuthenticationToken)};
 *   <li>its static {@code IteratorSetting} {@value #PLUS_FIELD}, the combiner summing C;
 *   <li>the multiply operation {@value #MATH_TWO_SCALAR} (by default: times on BigDecimal);
 *   <li>a public {@code long TableMult} that accepts {@code (String AT, String B, String C,
 *       String CT, Class multOp, IteratorSetting plusOp)} and returns the number of partial
 *       products it wrote; 3.3.0's takes {@code Class<? extends MultiplyOp>}.
 * </ul>
 * A constructor or method is bound when its parameter types are assignable from the arguments'
 * ({@link AssignableMatch}); of several, the most specific.
 * The tablet servers need the same jar on their classpath (Graphulo's iterators run there).
 * Graphulo stores values as decimal strings, as this project's DECIMAL codec does, and keys a
 * partial product (i, family of AT, j).
 */
public final class GraphuloTableMult implements AutoCloseable {

  static final String GRAPHULO = "edu.mit.ll.graphulo.Graphulo";
  static final String MATH_TWO_SCALAR = "edu.mit.ll.graphulo.simplemult.MathTwoScalar";
  static final String PLUS_FIELD = "PLUS_ITERATOR_BIGDECIMAL";
  private static final List<Class<?>> TABLE_MULT_ARGS = List.of(String.class, String.class,
      String.class, String.class, Class.class, IteratorSetting.class);

  private final Path jar;
  private final URLClassLoader loader;
  private final GraphuloConstructor constructor;
  private final Method tableMult;
  private final Class<?> multiplyOp;
  private final IteratorSetting plus;

  private GraphuloTableMult(Path jar, URLClassLoader loader, GraphuloConstructor constructor,
      Method tableMult, Class<?> multiplyOp, IteratorSetting plus) {
    this.jar = jar;
    this.loader = loader;
    this.constructor = constructor;
    this.tableMult = tableMult;
    this.multiplyOp = multiplyOp;
    this.plus = plus;
  }

  /**
   * Opens a Graphulo jar and binds what {@link #multiply} calls.
   *
   * @throws IllegalArgumentException naming the jar and the missing piece
   */
  public static GraphuloTableMult open(Path jar) {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException("--graphulo-jar: no file at " + jar);
    }
    URLClassLoader loader = new URLClassLoader(new URL[] {url(jar)},
        GraphuloTableMult.class.getClassLoader());
    try {
      Class<?> graphulo = load(loader, jar, GRAPHULO);
      Class<?> multiplyOp = load(loader, jar, MATH_TWO_SCALAR);
      Method tableMult = tableMult(graphulo);
      Object plus = graphulo.getField(PLUS_FIELD).get(null);
      if (!(plus instanceof IteratorSetting)) {
        throw new NoSuchFieldException(PLUS_FIELD + " of type IteratorSetting");
      }
      return new GraphuloTableMult(jar, loader, GraphuloConstructor.find(graphulo), tableMult,
          multiplyOp, (IteratorSetting) plus);
    } catch (NoSuchMethodException | NoSuchFieldException | IllegalAccessException e) {
      closeQuietly(loader);
      throw new IllegalArgumentException("--graphulo-jar " + jar + ": " + GRAPHULO
          + " lacks " + e.getMessage() + " (a Graphulo built for Accumulo 2.1 is needed)", e);
    } catch (LinkageError e) {
      closeQuietly(loader);
      throw new IllegalArgumentException("--graphulo-jar " + jar + ": Graphulo does not link"
          + " here (" + e + "); it needs a build for Accumulo 2.1 with its own dependencies", e);
    } catch (RuntimeException e) {
      closeQuietly(loader);
      throw e;
    }
  }

  /**
   * Runs TableMult(AT, B, C, no CT, MathTwoScalar, PLUS_ITERATOR_BIGDECIMAL) as the given user;
   * returns what TableMult returns, the number of partial products written to C.
   *
   * @param password the user's password: Graphulo's server-side iterators log in with it
   * @throws IllegalStateException carrying Graphulo's own exception when it fails
   */
  public long multiply(AccumuloClient client, String password, String atTable, String bTable,
      String cTable) {
    try {
      Object graphulo = constructor.newInstance(client, password);
      return (long) tableMult.invoke(graphulo, atTable, bTable, cTable, null, multiplyOp,
          new IteratorSetting(plus.getPriority(), plus.getName(), plus.getIteratorClass(),
              plus.getOptions()));
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Graphulo TableMult failed: " + e.getCause(),
          e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot call Graphulo from " + jar + ": " + e, e);
    }
  }

  @Override
  public void close() throws IOException {
    loader.close();
  }

  private static Method tableMult(Class<?> graphulo) throws NoSuchMethodException {
    List<Method> named = Stream.of(graphulo.getMethods())
        .filter(m -> m.getName().equals("TableMult")).toList();
    return AssignableMatch.mostSpecific(named.stream()
            .filter(m -> m.getReturnType() == long.class).toList(), TABLE_MULT_ARGS)
        .orElseThrow(() -> new NoSuchMethodException("a public long TableMult accepting "
            + AssignableMatch.describeTypes(TABLE_MULT_ARGS) + "; public TableMult found: "
            + AssignableMatch.describeAll(named)));
  }

  private static Class<?> load(ClassLoader loader, Path jar, String name) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("--graphulo-jar " + jar + " holds no class " + name
          + " (is it a Graphulo jar?)", e);
    }
  }

  private static URL url(Path jar) {
    try {
      return jar.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("--graphulo-jar: bad path " + jar, e);
    }
  }

  private static void closeQuietly(URLClassLoader loader) {
    try {
      loader.close();
    } catch (IOException ignored) {
      // nothing was read from it that matters
    }
  }
}
