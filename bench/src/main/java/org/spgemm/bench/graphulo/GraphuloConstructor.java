package org.spgemm.bench.graphulo;

import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;

/**
 * The public constructor of Graphulo the binding calls, and the arguments it is called with. The
 * argument lists are tried in this order, each against every public constructor whose parameter
 * types are assignable from them: (AccumuloClient, PasswordToken), (Connector, PasswordToken),
 * (AccumuloClient). Graphulo 3.3.0's only public constructor,
 * {@code Graphulo(Connector, AuthenticationToken)}, takes the second.
 */
final class GraphuloConstructor {

  /** Graphulo's own constructors take the deprecated Connector, which 2.1 still makes. */
  private static final String CONNECTOR = "org.apache.accumulo.core.client.Connector";

  private enum Args {
    CLIENT_AND_TOKEN, CONNECTOR_AND_TOKEN, CLIENT;

    /** The argument types, or none when this Accumulo has no Connector any more. */
    Optional<List<Class<?>>> types() {
      return switch (this) {
        case CLIENT_AND_TOKEN -> Optional.of(List.of(AccumuloClient.class, PasswordToken.class));
        case CONNECTOR_AND_TOKEN -> connector().map(c -> List.of(c, PasswordToken.class));
        case CLIENT -> Optional.of(List.of(AccumuloClient.class));
      };
    }

    Object[] values(AccumuloClient client, String password) throws ReflectiveOperationException {
      return switch (this) {
        case CLIENT_AND_TOKEN -> new Object[] {client, new PasswordToken(password)};
        case CONNECTOR_AND_TOKEN -> new Object[] {Class.forName(CONNECTOR)
            .getMethod("from", AccumuloClient.class).invoke(null, client),
            new PasswordToken(password)};
        case CLIENT -> new Object[] {client};
      };
    }
  }

  private final Constructor<?> constructor;
  private final Args args;

  private GraphuloConstructor(Constructor<?> constructor, Args args) {
    this.constructor = constructor;
    this.args = args;
  }

  /**
   * The first argument list some public constructor accepts, bound to the most specific such
   * constructor.
   *
   * @throws NoSuchMethodException naming the argument lists looked for and the public
   *     constructors found
   */
  static GraphuloConstructor find(Class<?> graphulo) throws NoSuchMethodException {
    List<Constructor<?>> constructors = List.of(graphulo.getConstructors());
    for (Args a : Args.values()) {
      Optional<Constructor<?>> c = a.types()
          .flatMap(types -> AssignableMatch.mostSpecific(constructors, types));
      if (c.isPresent()) {
        return new GraphuloConstructor(c.get(), a);
      }
    }
    String wanted = Stream.of(Args.values()).flatMap(a -> a.types().stream())
        .map(AssignableMatch::describeTypes).collect(Collectors.joining(", "));
    throw new NoSuchMethodException("a public constructor accepting one of " + wanted
        + "; public constructors found: " + AssignableMatch.describeAll(constructors));
  }

  Object newInstance(AccumuloClient client, String password)
      throws ReflectiveOperationException {
    return constructor.newInstance(args.values(client, password));
  }

  private static Optional<Class<?>> connector() {
    try {
      return Optional.of(Class.forName(CONNECTOR));
    } catch (ClassNotFoundException e) {
      return Optional.empty();
    }
  }
}
