package org.spgemm.bench.data;

/**
 * Parses dataset specs of the command line: {@code rmatAA:S}, {@code rmatAB:S} (R-MAT scale S),
 * {@code poisson7:N}, {@code poisson27:N} (N³ grid), {@code amgAP:N}, {@code hub:N} (N rows, one of
 * them full).
 */
public final class DatasetSpec {

  /** Largest R-MAT scale (2^30 rows) and grid side (an N³ grid of 2 M rows at 128). */
  static final int MAX_SCALE = 30;
  static final int MAX_GRID = 128;
  /** Largest hub matrix (its A·B has about 15 N partial products). */
  static final int MAX_HUB = 10_000_000;
  static final int MIN_HUB = 8;

  private DatasetSpec() {}

  /** @throws IllegalArgumentException naming the spec and the accepted forms */
  public static Dataset parse(String spec) {
    int colon = spec.indexOf(':');
    String kind = colon < 0 ? spec : spec.substring(0, colon);
    int size;
    try {
      size = Integer.parseInt(spec.substring(colon + 1));
    } catch (RuntimeException e) {
      throw usage(spec);
    }
    String k = kind.toLowerCase(java.util.Locale.ROOT);
    boolean hub = k.equals("hub");
    if (size < (hub ? MIN_HUB : 1)
        || size > (k.startsWith("rmat") ? MAX_SCALE : hub ? MAX_HUB : MAX_GRID)) {
      throw usage(spec);
    }
    return switch (k) {
      case "rmataa" -> Datasets.rmatAA(size);
      case "rmatab" -> Datasets.rmatAB(size);
      case "poisson7" -> Datasets.poisson(size, 7);
      case "poisson27" -> Datasets.poisson(size, 27);
      case "amgap" -> Datasets.amgAP(size);
      case "hub" -> Datasets.hub(size);
      default -> throw usage(spec);
    };
  }

  private static IllegalArgumentException usage(String spec) {
    return new IllegalArgumentException("bad dataset '" + spec + "': use rmatAA:S or rmatAB:S"
        + " (S from 1 to " + MAX_SCALE + "), poisson7:N, poisson27:N or amgAP:N (N from 1 to "
        + MAX_GRID + ") or hub:N (N from " + MIN_HUB + " to " + MAX_HUB + ")");
  }
}
