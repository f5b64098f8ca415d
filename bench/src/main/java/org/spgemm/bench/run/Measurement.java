package org.spgemm.bench.run;

import java.util.List;
import java.util.Locale;

/**
 * One CSV row: one method on one dataset with K tablet servers, one repetition. Times in
 * seconds; -1 marks a figure the method does not have. {@code order} is the method's position
 * in that repetition (orders rotate between repetitions). {@code bandwidth} says where it ran:
 * {@code embedded} (MiniAccumuloCluster on loopback), or for a cluster of bin/cluster the rate
 * its tablet-server hosts' links were capped at ({@code 100mbit}, {@code none}). {@code bytes}
 * holds the value size of the inputs and the bytes the iterator counted. {@code engine} is the
 * engine an RRp or gRRp multiply ran on ({@code scan}, {@code compaction}, {@code bulk}; {@code
 * -} for the other methods and for rows written before the column). {@code settleSeconds} is how
 * long compactions of C's table still ran after the method returned: work it left to Accumulo,
 * such as merging the many files a bulk import gave one tablet (-1 for rows written before the
 * column, for runs that failed, and where Accumulo did not list its compactions to the user).
 */
public record Measurement(String dataset, String category, int size, int tservers, int rep,
    int order, Method method, long nnzA, long nnzB, long partialProducts, long nnzC,
    long entriesWritten, long bEntriesFetched, double multiplySeconds, double scanSeconds,
    long cEntriesScanned, double planSeconds, double applySeconds, long bEntriesRemote,
    double fetchWorkerSeconds, double kernelWorkerSeconds, double writeWorkerSeconds,
    double waitWorkerSeconds, String verified, String error, String bandwidth, Bytes bytes,
    String engine, double settleSeconds) {

  /**
   * The size of A's and B's stored values (0: the decimal codec's normal form) and the bytes
   * (key plus value) of B fetched, of those read locally and remotely, and of C written, as the
   * iterator counts them (RRp and gRRp; -1 for the other methods).
   */
  public record Bytes(int valueBytes, long bFetched, long bLocal, long bRemote, long cWritten) {
    /** Normal-form values, no byte counts. */
    public static final Bytes NONE = new Bytes(0, -1, -1, -1, -1);

    /** Values of {@code valueBytes}, no byte counts. */
    public static Bytes of(int valueBytes) {
      return new Bytes(valueBytes, -1, -1, -1, -1);
    }
  }

  /** Where rows measured on a MiniAccumuloCluster ran. */
  public static final String EMBEDDED = "embedded";

  public static final String HEADER = "dataset,category,size,tservers,rep,order,method,nnzA,nnzB,"
      + "partialProducts,nnzC,entriesWritten,bEntriesFetched,multiplySeconds,scanSeconds,"
      + "cEntriesScanned,planSeconds,applySeconds,bEntriesRemote,fetchWorkerSeconds,"
      + "kernelWorkerSeconds,writeWorkerSeconds,waitWorkerSeconds,bandwidth,valueBytes,"
      + "bBytesFetched,bBytesLocal,bBytesRemote,cBytesWritten,engine,settleSeconds,ppPerSecond,"
      + "verified,error";

  /** No engine for this row (not an RRp or gRRp multiply, or written before the column). */
  public static final String NO_ENGINE = "-";

  /** The header before the settle column (the current one without it); still read. */
  public static final String ENGINE_HEADER = HEADER.replace(",settleSeconds,", ",");

  /** The header before the engine column (the one before without it); still read. */
  public static final String BYTES_HEADER = ENGINE_HEADER.replace(",engine,", ",");

  /** The header before the byte columns (normal-form values, no byte counts); still read. */
  public static final String BANDWIDTH_HEADER = "dataset,category,size,tservers,rep,order,method,"
      + "nnzA,nnzB,partialProducts,nnzC,entriesWritten,bEntriesFetched,multiplySeconds,"
      + "scanSeconds,cEntriesScanned,planSeconds,applySeconds,bEntriesRemote,fetchWorkerSeconds,"
      + "kernelWorkerSeconds,writeWorkerSeconds,waitWorkerSeconds,bandwidth,ppPerSecond,verified,"
      + "error";

  /** The header before the bandwidth column (all its rows ran embedded); still read. */
  public static final String PREVIOUS_HEADER = "dataset,category,size,tservers,rep,order,method,"
      + "nnzA,nnzB,partialProducts,nnzC,entriesWritten,bEntriesFetched,multiplySeconds,"
      + "scanSeconds,cEntriesScanned,planSeconds,applySeconds,bEntriesRemote,fetchWorkerSeconds,"
      + "kernelWorkerSeconds,writeWorkerSeconds,waitWorkerSeconds,ppPerSecond,verified,error";

  /** The header of CSVs written before the iterator's counters were recorded; still read. */
  public static final String LEGACY_HEADER = "dataset,category,size,tservers,rep,order,method,"
      + "nnzA,nnzB,partialProducts,nnzC,entriesWritten,bEntriesFetched,multiplySeconds,"
      + "scanSeconds,cEntriesScanned,planSeconds,applySeconds,ppPerSecond,verified,error";

  /** Every header {@link #parse} reads: the current one first, then the older ones. */
  public static final List<String> HEADERS =
      List.of(HEADER, ENGINE_HEADER, BYTES_HEADER, BANDWIDTH_HEADER, PREVIOUS_HEADER,
          LEGACY_HEADER);

  /** A row measured on an embedded cluster. */
  public Measurement(String dataset, String category, int size, int tservers, int rep, int order,
      Method method, long nnzA, long nnzB, long partialProducts, long nnzC, long entriesWritten,
      long bEntriesFetched, double multiplySeconds, double scanSeconds, long cEntriesScanned,
      double planSeconds, double applySeconds, long bEntriesRemote, double fetchWorkerSeconds,
      double kernelWorkerSeconds, double writeWorkerSeconds, double waitWorkerSeconds,
      String verified, String error) {
    this(dataset, category, size, tservers, rep, order, method, nnzA, nnzB, partialProducts, nnzC,
        entriesWritten, bEntriesFetched, multiplySeconds, scanSeconds, cEntriesScanned,
        planSeconds, applySeconds, bEntriesRemote, fetchWorkerSeconds, kernelWorkerSeconds,
        writeWorkerSeconds, waitWorkerSeconds, verified, error, EMBEDDED, Bytes.NONE, NO_ENGINE,
        -1);
  }

  /** This row, measured where {@code bandwidth} says. */
  public Measurement withBandwidth(String where) {
    return with(where, bytes, engine, settleSeconds);
  }

  /** This row with its value size and byte counts. */
  public Measurement withBytes(Bytes b) {
    return with(bandwidth, b, engine, settleSeconds);
  }

  /** This row with the engine its multiply ran on. */
  public Measurement withEngine(String ran) {
    return with(bandwidth, bytes, ran, settleSeconds);
  }

  /** This row with the seconds compactions of C's table ran after the method returned. */
  public Measurement withSettleSeconds(double seconds) {
    return with(bandwidth, bytes, engine, seconds);
  }

  /** This row with where it ran, its bytes, its engine and its settle time replaced. */
  private Measurement with(String where, Bytes b, String ran, double settle) {
    return new Measurement(dataset, category, size, tservers, rep, order, method, nnzA, nnzB,
        partialProducts, nnzC, entriesWritten, bEntriesFetched, multiplySeconds, scanSeconds,
        cEntriesScanned, planSeconds, applySeconds, bEntriesRemote, fetchWorkerSeconds,
        kernelWorkerSeconds, writeWorkerSeconds, waitWorkerSeconds, verified, error, where, b,
        ran, settle);
  }

  /** A row without the iterator's counters (methods other than RRp and gRRp, failures). */
  public Measurement(String dataset, String category, int size, int tservers, int rep, int order,
      Method method, long nnzA, long nnzB, long partialProducts, long nnzC, long entriesWritten,
      long bEntriesFetched, double multiplySeconds, double scanSeconds, long cEntriesScanned,
      double planSeconds, double applySeconds, String verified, String error) {
    this(dataset, category, size, tservers, rep, order, method, nnzA, nnzB, partialProducts, nnzC,
        entriesWritten, bEntriesFetched, multiplySeconds, scanSeconds, cEntriesScanned,
        planSeconds, applySeconds, -1, -1, -1, -1, -1, verified, error);
  }

  public boolean ok() {
    return error.isEmpty();
  }

  /** Which run this row measured: dataset, tablet servers, method and repetition. */
  public String runKey() {
    return runKey(dataset, tservers, method, rep);
  }

  static String runKey(String dataset, int tservers, Method method, int rep) {
    return dataset + "/K=" + tservers + "/" + method.label + "/" + rep;
  }

  /** Partial products per second of multiply time (the paper's rate). */
  public double rate() {
    return multiplySeconds > 0 ? partialProducts / multiplySeconds : 0;
  }

  /**
   * The multiply and the compactions it left behind; NaN where the settle time was not measured,
   * so such rows are no median's part.
   */
  public double settledSeconds() {
    return settleSeconds >= 0 ? multiplySeconds + settleSeconds : Double.NaN;
  }

  public String csv() {
    return String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%s,%d,%d,%d,%d,%d,%d,%.4f,%.4f,%d,%.4f,"
        + "%.4f,%d,%.4f,%.4f,%.4f,%.4f,%s,%d,%d,%d,%d,%d,%s,%.4f,%.0f,%s,%s", dataset, category,
        size, tservers, rep, order, method.label, nnzA, nnzB, partialProducts, nnzC, entriesWritten,
        bEntriesFetched, multiplySeconds, scanSeconds, cEntriesScanned, planSeconds, applySeconds,
        bEntriesRemote, fetchWorkerSeconds, kernelWorkerSeconds, writeWorkerSeconds,
        waitWorkerSeconds, bandwidth, bytes.valueBytes(), bytes.bFetched(), bytes.bLocal(),
        bytes.bRemote(), bytes.cWritten(), engine, settleSeconds, rate(), verified, quote(error));
  }

  /**
   * Parses a line written by {@link #csv()}, or by the versions before it ({@link
   * #ENGINE_HEADER}: no settle time; {@link #BYTES_HEADER}: no engine too; {@link
   * #BANDWIDTH_HEADER}: normal-form values, no byte counts too; {@link #PREVIOUS_HEADER}:
   * bandwidth {@code embedded} too; {@link #LEGACY_HEADER}: counters -1 too). The rate column is
   * derived, so it is skipped.
   *
   * @throws IllegalArgumentException naming the line when it does not have the columns
   */
  public static Measurement parse(String line) {
    int quote = line.indexOf('"');
    String error = quote < 0 ? "" : line.substring(quote + 1, line.lastIndexOf('"'));
    String[] f = (quote < 0 ? line : line.substring(0, quote)).split(",", -1);
    boolean legacy = f.length == 21;
    boolean previous = f.length == 26;
    boolean noBytes = f.length == 27;
    boolean noEngine = f.length == 32;
    boolean noSettle = f.length == 33;
    if (!legacy && !previous && !noBytes && !noEngine && !noSettle && f.length != 34) {
      throw new IllegalArgumentException("not a bench CSV row (" + f.length + " columns): "
          + line);
    }
    try {
      // the column before ppPerSecond, verified
      int c = legacy ? 18 : previous ? 23 : noBytes ? 24 : noEngine ? 29 : noSettle ? 30 : 31;
      return new Measurement(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]),
          Integer.parseInt(f[4]), Integer.parseInt(f[5]), Method.byLabel(f[6]),
          Long.parseLong(f[7]), Long.parseLong(f[8]), Long.parseLong(f[9]), Long.parseLong(f[10]),
          Long.parseLong(f[11]), Long.parseLong(f[12]), Double.parseDouble(f[13]),
          Double.parseDouble(f[14]), Long.parseLong(f[15]), Double.parseDouble(f[16]),
          Double.parseDouble(f[17]), legacy ? -1 : Long.parseLong(f[18]),
          legacy ? -1 : Double.parseDouble(f[19]), legacy ? -1 : Double.parseDouble(f[20]),
          legacy ? -1 : Double.parseDouble(f[21]), legacy ? -1 : Double.parseDouble(f[22]),
          f[c + 1], error, legacy || previous ? EMBEDDED : f[23],
          legacy || previous || noBytes ? Bytes.NONE : new Bytes(Integer.parseInt(f[24]),
              Long.parseLong(f[25]), Long.parseLong(f[26]), Long.parseLong(f[27]),
              Long.parseLong(f[28])), c >= 30 ? f[29] : NO_ENGINE,
          c == 31 ? Double.parseDouble(f[30]) : -1);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad number in bench CSV row: " + line, e);
    }
  }

  private static String quote(String s) {
    if (s.isEmpty()) {
      return "";
    }
    return '"' + s.replace('"', '\'').replace('\n', ' ') + '"';
  }
}
