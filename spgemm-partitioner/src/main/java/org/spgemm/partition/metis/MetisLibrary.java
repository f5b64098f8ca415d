package org.spgemm.partition.metis;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The only class that touches native code: loads libmetis through JNA, finds out how that build
 * was compiled, and makes the raw calls. Everything passed in must already be validated.
 *
 * <p>A METIS 5 build fixes three things at compile time that the C header would tell a C caller
 * but a Java caller must discover: the width of {@code idx_t} (IDXTYPEWIDTH, 32 on Debian, 64 in
 * many other builds), the width of {@code real_t} (REALTYPEWIDTH), and the positions in the
 * options array (METIS 5.2 inserted new options, moving SEED, UFACTOR and NUMBERING). Each is
 * found by a probe whose wrong-guess outcome is harmless:
 *
 * <ol>
 *   <li><b>idx_t</b>: {@code METIS_SetDefaultOptions} fills METIS_NOPTIONS (40) idx_t values with
 *       -1. It gets a 512-byte buffer (room for 40 64-bit values and more) pre-filled with a
 *       sentinel; 160 bytes of 0xFF mean 32-bit, 320 mean 64-bit.
 *   <li><b>real_t</b>: {@code METIS_PartGraphKway} on a 4-vertex path with 2 parts and a
 *       16-byte target-weight buffer (tpwgts) holding two floats 0.5, 0.5 and zeros. METIS
 *       checks that each part's target is positive and that they sum to 1 and returns
 *       METIS_ERROR_INPUT otherwise. Read as floats the buffer is valid; read as doubles it is
 *       (3e-5, 0.0), which is rejected. If rejected, the same call with doubles 0.5, 0.5 must
 *       succeed (read as floats that is (0.0, 1.75), rejected by a float build). The buffer is
 *       large enough for either reading, so no guess reads past it.
 *   <li><b>options layout</b>: the same call with options[17] = 0 and every other option at its
 *       default. In 5.1 index 17 is NUMBERING (0 is the default): METIS_OK. In 5.2 it is
 *       UFACTOR, and 0 is rejected with METIS_ERROR_INPUT; then options[16] = 0 (NSEPS in 5.2,
 *       unused by K-way) must succeed.
 * </ol>
 *
 * <p>On Debian's 5.1.0 (32/32) every probe succeeds at the first try and prints nothing; other
 * builds may see one "Input Error" line from METIS on stdout while they are probed. Native calls
 * are serialized: GKlib installs process-wide signal handlers for the duration of each call.
 *
 * <p>On Linux the library is opened with RTLD_LAZY | RTLD_LOCAL instead of JNA's default
 * RTLD_GLOBAL, so its symbols (METIS and GKlib internals such as {@code libmetis__iset}) never
 * enter the process's global scope. With RTLD_GLOBAL, a second METIS build loaded later (for
 * example a 64-bit one named by the property) had its internal calls bound to the first build's
 * functions and crashed the JVM with SIGSEGV.
 */
final class MetisLibrary {

  static final Object NATIVE_LOCK = new Object();
  static final int METIS_NOPTIONS = 40;
  static final int OPTION_OBJTYPE = 1;
  static final int OBJTYPE_CUT = 0;
  /** dlopen flags on Linux: RTLD_LAZY (1) | RTLD_LOCAL (0). */
  private static final int RTLD_LAZY_LOCAL = 1;

  /** Positions in the options array, by METIS release. */
  enum OptionLayout {
    V5_1("5.1", 8, 17),
    V5_2("5.2", 9, 18);

    final String releases;
    final int seed;
    final int numbering;

    OptionLayout(String releases, int seed, int numbering) {
      this.releases = releases;
      this.seed = seed;
      this.numbering = numbering;
    }
  }

  private static final int[] PROBE_XADJ = {0, 1, 3, 5, 6};
  private static final int[] PROBE_ADJNCY = {1, 0, 2, 1, 3, 2};

  final String name;
  final int idxBytes;
  final int realBytes;
  final OptionLayout layout;
  private final Function setDefaultOptions;
  private final Function partGraphKway;
  private final AtomicLong nativeCalls = new AtomicLong();

  private MetisLibrary(String name, Function setDefaultOptions, Function partGraphKway) {
    this.name = name;
    this.setDefaultOptions = setDefaultOptions;
    this.partGraphKway = partGraphKway;
    this.idxBytes = probeIdxBytes();
    this.realBytes = probeRealBytes();
    this.layout = probeLayout();
  }

  /**
   * Loads and probes the library.
   *
   * @throws UnsatisfiedLinkError if it cannot be loaded at all (the caller words the message)
   * @throws MetisUnavailableException if it loads but is not a METIS 5 build this binding knows
   */
  static MetisLibrary open(String name) {
    synchronized (NATIVE_LOCK) {
      NativeLibrary lib = Platform.isLinux()
          ? NativeLibrary.getInstance(name, Map.of(Library.OPTION_OPEN_FLAGS, RTLD_LAZY_LOCAL))
          : NativeLibrary.getInstance(name);
      Function setDefaults;
      Function kway;
      try {
        setDefaults = lib.getFunction("METIS_SetDefaultOptions");
        kway = lib.getFunction("METIS_PartGraphKway");
      } catch (UnsatisfiedLinkError e) {
        throw new MetisUnavailableException("the native library " + name
            + " was loaded but is not METIS 5: " + firstLine(e), e);
      }
      return new MetisLibrary(name, setDefaults, kway);
    }
  }

  static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  long maxIdx() {
    return idxBytes == 4 ? Integer.MAX_VALUE : Long.MAX_VALUE;
  }

  /** Native calls made so far, including the probes (tests use it to prove none happened). */
  long nativeCalls() {
    return nativeCalls.get();
  }

  /** A fresh options array with METIS's defaults, in the library's idx_t width. */
  Object defaultOptions() {
    Object options = idxBytes == 4 ? new int[METIS_NOPTIONS] : new long[METIS_NOPTIONS];
    int rc;
    synchronized (NATIVE_LOCK) {
      nativeCalls.incrementAndGet();
      rc = setDefaultOptions.invokeInt(new Object[] {options});
    }
    if (rc != JMetis.METIS_OK) {
      throw new MetisException(rc,
          "METIS_SetDefaultOptions failed: " + MetisException.codeName(rc));
    }
    return options;
  }

  /**
   * METIS_PartGraphKway. Array arguments are int[]/long[] matching idx_t and float[]/double[]
   * matching real_t (or a Memory for the probes); JNA copies them in and back out.
   */
  int partGraphKway(Object nvtxs, Object ncon, Object xadj, Object adjncy, Object vwgt,
      Object adjwgt, Object nparts, Object tpwgts, Object ubvec, Object options, Object objval,
      Object part) {
    synchronized (NATIVE_LOCK) {
      nativeCalls.incrementAndGet();
      return partGraphKway.invokeInt(new Object[] {nvtxs, ncon, xadj, adjncy, vwgt, null, adjwgt,
          nparts, tpwgts, ubvec, options, objval, part});
    }
  }

  /** An idx_t array holding the given values. */
  Object idxArray(int[] values) {
    if (idxBytes == 4) {
      return values;
    }
    long[] wide = new long[values.length];
    for (int k = 0; k < values.length; k++) {
      wide[k] = values[k];
    }
    return wide;
  }

  /** An idx_t array holding the given values, which must fit (validated beforehand). */
  Object idxArray(long[] values) {
    if (idxBytes == 8) {
      return values;
    }
    int[] narrow = new int[values.length];
    for (int k = 0; k < values.length; k++) {
      narrow[k] = Math.toIntExact(values[k]);
    }
    return narrow;
  }

  /** A one-element idx_t array, the way METIS takes scalar arguments. */
  Object idxScalar(long value) {
    return idxBytes == 4 ? new int[] {Math.toIntExact(value)} : new long[] {value};
  }

  static long idxAt(Object idxArray, int k) {
    return idxArray instanceof int[] ? ((int[]) idxArray)[k] : ((long[]) idxArray)[k];
  }

  static void setIdx(Object idxArray, int k, long value) {
    if (idxArray instanceof int[]) {
      ((int[]) idxArray)[k] = Math.toIntExact(value);
    } else {
      ((long[]) idxArray)[k] = value;
    }
  }

  /** A real_t array holding the given values. */
  Object realArray(double[] values) {
    if (realBytes == 8) {
      return values.clone();
    }
    float[] narrow = new float[values.length];
    for (int k = 0; k < values.length; k++) {
      narrow[k] = (float) values[k];
    }
    return narrow;
  }

  private int probeIdxBytes() {
    final byte sentinel = 0x5A;
    Memory buf = new Memory(512);
    for (int k = 0; k < 512; k++) {
      buf.setByte(k, sentinel);
    }
    int rc;
    synchronized (NATIVE_LOCK) {
      nativeCalls.incrementAndGet();
      rc = setDefaultOptions.invokeInt(new Object[] {buf});
    }
    int written = 0;
    while (written < 512 && buf.getByte(written) == (byte) 0xFF) {
      written++;
    }
    boolean restUntouched = true;
    for (int k = written; k < 512; k++) {
      restUntouched &= buf.getByte(k) == sentinel;
    }
    if (rc == JMetis.METIS_OK && restUntouched && written == METIS_NOPTIONS * 4) {
      return 4;
    }
    if (rc == JMetis.METIS_OK && restUntouched && written == METIS_NOPTIONS * 8) {
      return 8;
    }
    throw new MetisUnavailableException("the native library " + name + " is not a METIS 5 build"
        + " this binding supports: METIS_SetDefaultOptions returned " + rc + " and wrote "
        + written + " bytes of -1 (expected " + METIS_NOPTIONS + " idx_t values of 4 or 8 bytes)");
  }

  private int probeRealBytes() {
    Memory tpwgts = new Memory(16);
    tpwgts.clear();
    tpwgts.setFloat(0, 0.5f);
    tpwgts.setFloat(4, 0.5f);
    int asFloat = probeKway(tpwgts, null);
    if (asFloat == JMetis.METIS_OK) {
      return 4;
    }
    tpwgts.clear();
    tpwgts.setDouble(0, 0.5);
    tpwgts.setDouble(8, 0.5);
    int asDouble = probeKway(tpwgts, null);
    if (asDouble == JMetis.METIS_OK) {
      return 8;
    }
    throw new MetisUnavailableException("the native library " + name + " is not a METIS 5 build"
        + " this binding supports: its real_t width could not be determined (float probe "
        + MetisException.codeName(asFloat) + ", double probe " + MetisException.codeName(asDouble)
        + ")");
  }

  private OptionLayout probeLayout() {
    int v51 = probeOption(OptionLayout.V5_1.numbering);
    if (v51 == JMetis.METIS_OK) {
      return OptionLayout.V5_1;
    }
    int v52 = probeOption(16); // NSEPS in 5.2, unused by K-way; UFACTOR in 5.1
    if (v52 == JMetis.METIS_OK) {
      return OptionLayout.V5_2;
    }
    throw new MetisUnavailableException("the native library " + name + " is not a METIS 5 build"
        + " this binding supports: its options layout is neither 5.1's nor 5.2's (probes returned "
        + MetisException.codeName(v51) + ", " + MetisException.codeName(v52) + ")");
  }

  /** The probe partition with options[index] = 0 and all other options at their defaults. */
  private int probeOption(int index) {
    Object options = idxBytes == 4 ? new int[METIS_NOPTIONS] : new long[METIS_NOPTIONS];
    for (int k = 0; k < METIS_NOPTIONS; k++) {
      setIdx(options, k, -1);
    }
    setIdx(options, index, 0);
    return probeKway(null, options);
  }

  /** Partitions the 4-vertex path 0-1-2-3 into 2 parts. */
  private int probeKway(Object tpwgts, Object options) {
    return partGraphKway(idxScalar(4), idxScalar(1), idxArray(PROBE_XADJ), idxArray(PROBE_ADJNCY),
        null, null, idxScalar(2), tpwgts, null, options, idxScalar(0),
        idxBytes == 4 ? new int[4] : new long[4]);
  }
}
