package org.spgemm.bench.graphulo;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;

/**
 * The real Graphulo {@code TableMult(AT, B, C, null, MathTwoScalar, PLUS_ITERATOR_BIGDECIMAL)},
 * called through reflection on a jar the user supplies. Graphulo is no dependency of this project
 * (its repository grants no licence and no build for Accumulo 2.1 is published), so everything is
 * bound by name when the jar is opened, and a jar that lacks a piece is refused there, naming it:
 * <ul>
 *   <li>class {@value #GRAPHULO} with a public constructor taking {@code (AccumuloClient)},
 *       {@code (AccumuloClient, PasswordToken)} or, as Graphulo's published sources have it,
 *       {@code (Connector, PasswordToken)};
 *   <li>its static {@code IteratorSetting} {@value #PLUS_FIELD}, the combiner summing C;
 *   <li>the multiply operation {@value #MATH_TWO_SCALAR} (by default: times on BigDecimal);
 *   <li>{@code long TableMult(String AT, String B, String C, String CT, Class multOp,
 *       IteratorSetting plusOp)}, which returns the number of partial products it wrote.
 * </ul>
 * The tablet servers need the same jar on their classpath (Graphulo's iterators run there).
 * Graphulo stores values as decimal strings, as this project's DECIMAL codec does, and keys a
 * partial product (i, family of AT, j).
 */
public final class GraphuloTableMult implements AutoCloseable {

  static final String GRAPHULO = "edu.mit.ll.graphulo.Graphulo";
  static final String MATH_TWO_SCALAR = "edu.mit.ll.graphulo.simplemult.MathTwoScalar";
  static final String PLUS_FIELD = "PLUS_ITERATOR_BIGDECIMAL";
  private static final String CONNECTOR = "org.apache.accumulo.core.client.Connector";

  private final Path jar;
  private final URLClassLoader loader;
  private final Constructor<?> constructor;
  private final Method tableMult;
  private final Class<?> multiplyOp;
  private final IteratorSetting plus;

  private GraphuloTableMult(Path jar, URLClassLoader loader, Constructor<?> constructor,
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
      Method tableMult = graphulo.getMethod("TableMult", String.class, String.class,
          String.class, String.class, Class.class, IteratorSetting.class);
      if (tableMult.getReturnType() != long.class) {
        throw new NoSuchMethodException("TableMult returning long");
      }
      Object plus = graphulo.getField(PLUS_FIELD).get(null);
      if (!(plus instanceof IteratorSetting)) {
        throw new NoSuchFieldException(PLUS_FIELD + " of type IteratorSetting");
      }
      return new GraphuloTableMult(jar, loader, constructor(graphulo), tableMult,
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
      Object graphulo = newGraphulo(client, password);
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

  private Object newGraphulo(AccumuloClient client, String password)
      throws ReflectiveOperationException {
    Class<?>[] params = constructor.getParameterTypes();
    PasswordToken token = new PasswordToken(password);
    if (params[0] == AccumuloClient.class) {
      return params.length == 1 ? constructor.newInstance(client)
          : constructor.newInstance(client, token);
    }
    // Graphulo's own constructor takes the deprecated Connector, which 2.1 still makes
    Object connector = Class.forName(CONNECTOR).getMethod("from", AccumuloClient.class)
        .invoke(null, client);
    return constructor.newInstance(connector, token);
  }

  private static Constructor<?> constructor(Class<?> graphulo) throws NoSuchMethodException {
    for (Constructor<?> c : graphulo.getConstructors()) {
      Class<?>[] p = c.getParameterTypes();
      boolean clientOnly = p.length == 1 && p[0] == AccumuloClient.class;
      boolean withToken = p.length == 2 && p[1] == PasswordToken.class
          && (p[0] == AccumuloClient.class || p[0].getName().equals(CONNECTOR));
      if (Modifier.isPublic(c.getModifiers()) && (clientOnly || withToken)) {
        return c;
      }
    }
    throw new NoSuchMethodException("a public constructor taking (AccumuloClient),"
        + " (AccumuloClient, PasswordToken) or (Connector, PasswordToken)");
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
