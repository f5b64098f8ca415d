package org.spgemm.progress;

import java.nio.charset.StandardCharsets;

/**
 * What one batch (or, summed, a whole multiply) did: the {@link Counter}s carried by each
 * progress entry the iterator emits. Text-encoded ({@code rows=..;products=..}) so a shell scan
 * shows it readably. A non-null {@link #error} marks the last entry of a failed run.
 */
public final class BatchStats {

  /**
   * How the error of a refusal begins (permission, consent, set-up of the cluster), as opposed
   * to bad data: the client reports the one as a cluster problem, the other as bad input.
   */
  public static final String REFUSED = "refused: ";
  private static final String ERROR = ";error=";
  private static final String SERVER = "server";
  private static final String FILES = "files";
  private static final String FILE = "file";

  private final long[] counts = new long[Counter.values().length];
  /** The tablet server process that did the work (host:pid). */
  public String server = "";
  /**
   * Where the job's C files go (engine bulk): the directory a pre-flight names, so the client
   * learns it from the servers, who chose it, rather than from configuration it may not read.
   */
  public String files;
  /**
   * The C file one piece wrote (engine bulk): the client's load plan, and the files no entry
   * reported (a piece computed again) left out.
   */
  public CFile file;
  public String error;

  /** True if {@link #error} is a refusal rather than a problem with the data. */
  public boolean refused() {
    return error != null && error.startsWith(REFUSED);
  }

  public long get(Counter c) {
    return counts[c.ordinal()];
  }

  public void set(Counter c, long value) {
    counts[c.ordinal()] = value;
  }

  public void add(Counter c, long delta) {
    counts[c.ordinal()] += delta;
  }

  /** Adds every counter of {@code o} (not its server or error). */
  public void add(BatchStats o) {
    for (int i = 0; i < counts.length; i++) {
      counts[i] += o.counts[i];
    }
  }

  public byte[] encode() {
    StringBuilder sb = new StringBuilder(160);
    for (Counter c : Counter.values()) {
      sb.append(c.key).append('=').append(get(c)).append(';');
    }
    sb.append(SERVER).append('=').append(server);
    if (files != null) {
      sb.append(';').append(FILES).append('=').append(files);
    }
    if (file != null) {
      sb.append(';').append(FILE).append('=').append(file.encode());
    }
    if (error != null) {
      // error text goes last so it may contain ';' and '='
      sb.append(ERROR).append(error.replace('\n', ' '));
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  public static BatchStats decode(byte[] bytes) {
    String s = new String(bytes, StandardCharsets.UTF_8);
    BatchStats b = new BatchStats();
    int errorAt = s.indexOf(ERROR);
    if (errorAt >= 0) {
      b.error = s.substring(errorAt + ERROR.length());
      s = s.substring(0, errorAt);
    }
    for (String part : s.split(";")) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("not a progress entry: " + s);
      }
      String k = part.substring(0, eq);
      String v = part.substring(eq + 1);
      Counter c = Counter.forKey(k);
      if (c != null) {
        b.set(c, Long.parseLong(v));
      } else if (k.equals(SERVER)) {
        b.server = v;
      } else if (k.equals(FILES)) {
        b.files = v;
      } else if (k.equals(FILE)) {
        b.file = CFile.decode(v);
      } // newer fields from a newer iterator jar are ignored
    }
    return b;
  }
}
