package org.spgemm.partition.metis;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.spgemm.partition.graph.CsrGraph;

/**
 * Java binding of METIS 5 {@code METIS_PartGraphKway}: multi-constraint K-way partitioning with
 * the edge-cut objective, through JNA against the system's libmetis (Debian/Ubuntu package
 * {@code libmetis5}; no headers or compiler needed).
 *
 * <p>Safety comes first, because a native crash kills the JVM: every graph is validated in Java
 * ({@link MetisInputValidator}) before any native call, nparts = 1 never reaches METIS (it dies
 * with SIGFPE there), an empty graph never reaches it either, and a library that is not the
 * targeted build (METIS 5.1, 32-bit idx_t and real_t) is refused at load time (see
 * {@code MetisLibrary}). Options passed: edge-cut objective, 0-based numbering, the seed, and
 * ubvec = 1 + ε per constraint; everything else stays at METIS's defaults.
 *
 * <p>The library is {@value #DEFAULT_LIBRARY} unless the system property
 * {@value #LIBRARY_PROPERTY} names another file name or path. Instances are cached per library
 * name and are thread-safe; native calls are serialized.
 */
public final class JMetis {

  /** System property naming the METIS library (file name or absolute path). */
  public static final String LIBRARY_PROPERTY = "spgemm.metis.library";
  /** The library loaded when the property is not set (Debian/Ubuntu's soname). */
  public static final String DEFAULT_LIBRARY = "libmetis.so.5";

  public static final int METIS_OK = 1;
  public static final int METIS_ERROR_INPUT = -2;
  public static final int METIS_ERROR_MEMORY = -3;
  public static final int METIS_ERROR = -4;

  private static final Map<String, JMetis> LOADED = new ConcurrentHashMap<>();

  private final MetisLibrary lib;

  private JMetis(MetisLibrary lib) {
    this.lib = lib;
  }

  /**
   * The library named by {@value #LIBRARY_PROPERTY}, or the default one.
   *
   * @throws MetisUnavailableException if it cannot be loaded, with installation instructions
   */
  public static JMetis load() {
    String configured = System.getProperty(LIBRARY_PROPERTY);
    boolean explicit = configured != null && !configured.isBlank();
    return load(explicit ? configured.trim() : DEFAULT_LIBRARY, explicit);
  }

  /**
   * A specific library, by file name (searched on the system's library path) or absolute path.
   *
   * @throws MetisUnavailableException if it cannot be loaded, with installation instructions
   */
  public static JMetis load(String library) {
    if (library == null || library.isBlank()) {
      throw new IllegalArgumentException("library name must not be empty");
    }
    return load(library, true);
  }

  private static JMetis load(String library, boolean explicit) {
    JMetis cached = LOADED.get(library);
    if (cached != null) {
      return cached;
    }
    try {
      LOADED.putIfAbsent(library, new JMetis(MetisLibrary.open(library)));
      return LOADED.get(library);
    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
      throw notFound(library, explicit, MetisLibrary.firstLine(e));
    }
  }

  /** Whether {@link #load()} succeeds. */
  public static boolean isAvailable() {
    try {
      load();
      return true;
    } catch (MetisUnavailableException e) {
      return false;
    }
  }

  private static MetisUnavailableException notFound(String library, boolean explicit,
      String detail) {
    return new MetisUnavailableException("METIS 5 native library (" + library
        + (explicit ? ", named by " + LIBRARY_PROPERTY + " or the caller" : "")
        + ") not found: install it with `apt-get install libmetis5` (Debian/Ubuntu), or set the"
        + " system property " + LIBRARY_PROPERTY + " to the file name or path of a METIS 5.1"
        + " library built with 32-bit idx_t and real_t. " + detail);
  }

  /** The library name this instance was loaded from. */
  public String library() {
    return lib.name;
  }

  /** The largest idx_t value: every weight, and every weight total, must stay at or below it. */
  public long maxIdx() {
    return Integer.MAX_VALUE;
  }

  long nativeCalls() {
    return lib.nativeCalls();
  }

  /**
   * Partitions g into nparts parts, minimizing the edge cut subject to one balance constraint
   * per vertex weight.
   *
   * @throws IllegalArgumentException if the graph or the options are invalid (no native call
   *     is made)
   * @throws MetisException if METIS returns an error code or an impossible result
   */
  public MetisResult partGraphKway(CsrGraph g, int nparts, KwayOptions options) {
    return partGraphKway(g, null, nparts, options);
  }

  /**
   * Partitions g into nparts parts, minimizing the total communication volume (METIS's
   * METIS_OBJTYPE_VOL: each vertex counts its size once for every other part its neighbours are
   * in) subject to the balance constraints; with {@code vsize} null, the edge cut.
   *
   * @param vsize size of every vertex, non-negative, or null for the edge-cut objective
   */
  public MetisResult partGraphKway(CsrGraph g, int[] vsize, int nparts, KwayOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options must not be null (use KwayOptions.defaults())");
    }
    MetisInputValidator.validate(g, nparts, maxIdx());
    int n = g.nvtxs();
    double[] ubvec = options.ubvec(g.ncon());
    if (nparts == 1 || n == 0) {
      return new MetisResult(new int[n], 0);
    }
    int[] opts = lib.defaultOptions();
    if (vsize != null && vsize.length != n) {
      throw new IllegalArgumentException("vsize has " + vsize.length + " entries, not " + n);
    }
    opts[MetisLibrary.OPTION_OBJTYPE] = vsize == null ? MetisLibrary.OBJTYPE_CUT
        : MetisLibrary.OBJTYPE_VOL;
    opts[MetisLibrary.OPTION_NUMBERING] = 0;
    opts[MetisLibrary.OPTION_SEED] = options.seed();
    int m = g.xadj()[n];
    int[] adjncy = g.adjncy().length == m ? g.adjncy() : Arrays.copyOf(g.adjncy(), m);
    int[] adjwgt = g.adjwgt() == null || g.adjwgt().length == m ? g.adjwgt()
        : Arrays.copyOf(g.adjwgt(), m);
    int[] objval = new int[1];
    int[] parts = new int[n];
    int rc = lib.partGraphKway(new int[] {n}, new int[] {g.ncon()}, g.xadj(), adjncy,
        g.vwgt() == null ? null : narrow(g.vwgt()), vsize, adjwgt, new int[] {nparts}, null,
        floats(ubvec), opts, objval, parts);
    check(rc);
    for (int v = 0; v < n; v++) {
      if (parts[v] < 0 || parts[v] >= nparts) {
        throw new MetisException(METIS_ERROR, "METIS put vertex " + v + " in part " + parts[v]
            + ", outside 0.." + (nparts - 1));
      }
    }
    return new MetisResult(parts, objval[0]);
  }

  /** Vertex weights as idx_t values; they fit (validated beforehand). */
  private static int[] narrow(long[] values) {
    int[] out = new int[values.length];
    for (int k = 0; k < values.length; k++) {
      out[k] = Math.toIntExact(values[k]);
    }
    return out;
  }

  /** Balance tolerances as real_t values. */
  private static float[] floats(double[] values) {
    float[] out = new float[values.length];
    for (int k = 0; k < values.length; k++) {
      out[k] = (float) values[k];
    }
    return out;
  }

  /**
   * Turns a METIS return code into an exception.
   *
   * @throws MetisException for anything but METIS_OK
   */
  static void check(int rc) {
    switch (rc) {
      case METIS_OK:
        return;
      case METIS_ERROR_INPUT:
        throw new MetisException(rc, "METIS rejected its input (METIS_ERROR_INPUT) although it"
            + " passed validation in Java; this is a bug in the binding, please report it");
      case METIS_ERROR_MEMORY:
        throw new MetisException(rc, "METIS ran out of memory (METIS_ERROR_MEMORY); the graph is"
            + " too large for this machine or K is too large");
      case METIS_ERROR:
        throw new MetisException(rc, "METIS failed (METIS_ERROR); run with a smaller graph or"
            + " another seed, and report it if it persists");
      default:
        throw new MetisException(rc, "METIS returned an unknown code " + rc);
    }
  }
}
