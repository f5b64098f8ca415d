package org.spgemm.partition.metis;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The only class that touches native code: loads libmetis through JNA, checks that it is the
 * build this binding targets, and makes the raw calls. Everything passed in must already be
 * validated.
 *
 * <p>The target is Debian's {@code libmetis5} (METIS 5.1.0): 32-bit {@code idx_t} and
 * {@code real_t}, and 5.1's options array (SEED at 8, NUMBERING at 17). A C caller would learn
 * these from the header; a Java caller must trust them, and a wrong idx_t width makes METIS write
 * past Java's arrays. So {@link #open} checks them once and refuses any other build:
 *
 * <ol>
 *   <li>{@code METIS_SetDefaultOptions} fills METIS_NOPTIONS (40) idx_t values with -1. It gets a
 *       512-byte buffer pre-filled with a sentinel: exactly 160 bytes of 0xFF mean 32-bit idx_t
 *       (a 64-bit build writes 320, still inside the buffer).
 *   <li>{@code METIS_PartGraphKway} on a 4-vertex path in 2 parts, with target part weights
 *       (tpwgts) given as two floats 0.5 in a 16-byte buffer and options[17] = 0, all other
 *       options at their defaults. A float real_t reads valid targets (a double one reads
 *       (3e-5, 0.0), which METIS rejects), and in 5.1 index 17 is NUMBERING, where 0 is the
 *       default (5.2 moved UFACTOR there and rejects 0). METIS_OK confirms both.
 * </ol>
 *
 * <p>Native calls are serialized: GKlib installs process-wide signal handlers for the duration of
 * each call. On Linux the library is opened with RTLD_LAZY | RTLD_LOCAL instead of JNA's default
 * RTLD_GLOBAL, so its symbols (METIS and GKlib internals such as {@code libmetis__iset}) never
 * enter the process's global scope, where a second METIS loaded later would bind to them.
 */
final class MetisLibrary {

  static final Object NATIVE_LOCK = new Object();
  static final int METIS_NOPTIONS = 40;
  static final int OPTION_OBJTYPE = 1;
  static final int OPTION_SEED = 8;
  static final int OPTION_NUMBERING = 17;
  static final int OBJTYPE_CUT = 0;
  static final int OBJTYPE_VOL = 1;
  /** dlopen flags on Linux: RTLD_LAZY (1) | RTLD_LOCAL (0). */
  private static final int RTLD_LAZY_LOCAL = 1;
  private static final String TARGET = "METIS 5.1 with 32-bit idx_t and real_t (Debian's"
      + " libmetis5)";

  private static final int[] PROBE_XADJ = {0, 1, 3, 5, 6};
  private static final int[] PROBE_ADJNCY = {1, 0, 2, 1, 3, 2};

  final String name;
  private final Function setDefaultOptions;
  private final Function partGraphKway;
  private final AtomicLong nativeCalls = new AtomicLong();

  private MetisLibrary(String name, Function setDefaultOptions, Function partGraphKway) {
    this.name = name;
    this.setDefaultOptions = setDefaultOptions;
    this.partGraphKway = partGraphKway;
    checkIdxWidth();
    checkRealWidthAndLayout();
  }

  /**
   * Loads the library and checks its build.
   *
   * @throws UnsatisfiedLinkError if it cannot be loaded at all (the caller words the message)
   * @throws MetisUnavailableException if it loads but is not the targeted METIS build
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

  /** Native calls made so far, including the checks (tests use it to prove none happened). */
  long nativeCalls() {
    return nativeCalls.get();
  }

  /** A fresh options array with METIS's defaults. */
  int[] defaultOptions() {
    int[] options = new int[METIS_NOPTIONS];
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
   * METIS_PartGraphKway. Array arguments are int[] (idx_t) and float[] (real_t), or a Memory
   * for the check; JNA copies them in and back out.
   */
  int partGraphKway(int[] nvtxs, int[] ncon, int[] xadj, int[] adjncy, int[] vwgt, int[] adjwgt,
      int[] nparts, Object tpwgts, float[] ubvec, int[] options, int[] objval, int[] part) {
    return partGraphKway(nvtxs, ncon, xadj, adjncy, vwgt, null, adjwgt, nparts, tpwgts, ubvec,
        options, objval, part);
  }

  /** As above with vertex sizes (the communication volume objective counts them). */
  int partGraphKway(int[] nvtxs, int[] ncon, int[] xadj, int[] adjncy, int[] vwgt, int[] vsize,
      int[] adjwgt, int[] nparts, Object tpwgts, float[] ubvec, int[] options, int[] objval,
      int[] part) {
    synchronized (NATIVE_LOCK) {
      nativeCalls.incrementAndGet();
      return partGraphKway.invokeInt(new Object[] {nvtxs, ncon, xadj, adjncy, vwgt, vsize,
          adjwgt, nparts, tpwgts, ubvec, options, objval, part});
    }
  }

  private void checkIdxWidth() {
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
    if (rc != JMetis.METIS_OK || written != METIS_NOPTIONS * 4
        || buf.getByte(written) != sentinel) {
      throw notTargeted("METIS_SetDefaultOptions returned " + rc + " and wrote " + written
          + " bytes of -1, not " + METIS_NOPTIONS + " 32-bit values");
    }
  }

  private void checkRealWidthAndLayout() {
    Memory tpwgts = new Memory(16);
    tpwgts.clear();
    tpwgts.setFloat(0, 0.5f);
    tpwgts.setFloat(4, 0.5f);
    int[] options = new int[METIS_NOPTIONS];
    Arrays.fill(options, -1);
    options[OPTION_NUMBERING] = 0;
    int rc = partGraphKway(new int[] {4}, new int[] {1}, PROBE_XADJ.clone(),
        PROBE_ADJNCY.clone(), null, null, new int[] {2}, tpwgts, null, options, new int[1],
        new int[4]);
    if (rc != JMetis.METIS_OK) {
      throw notTargeted("a 2-part test partition with float target weights and 5.1's options"
          + " layout returned " + MetisException.codeName(rc));
    }
  }

  private MetisUnavailableException notTargeted(String detail) {
    return new MetisUnavailableException("the native library " + name + " is not the METIS"
        + " build this binding supports, " + TARGET + ": " + detail);
  }
}
