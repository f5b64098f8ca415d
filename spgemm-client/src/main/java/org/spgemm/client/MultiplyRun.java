package org.spgemm.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.summary.SummarizerConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.MultiplySpec.Mode;
import org.spgemm.iterators.TableLayout;
import org.spgemm.job.JobRecord;
import org.spgemm.progress.BatchStats;
import org.spgemm.progress.Counter;

/**
 * One multiply from the client's side, in an order that changes nothing until it must:
 * <ol>
 * <li>check the options, tables, families, shapes and the caller's own permissions;
 * <li>digest the inputs (and count labelled entries the tablet servers cannot read);
 * <li>claim C (remembering its state), write the job record, and have the tablet servers check
 * the job as its tablets will (a pre-flight scan that computes nothing) while M's files show
 * whether C is empty (a flush started beside the checks); refuse a non-empty C unless
 * overwriting;
 * <li>only then change C: clear it (scan engine; or, replacing C while the files have not
 * answered yet, compute beside what is there and, if C was not empty, clear it and compute
 * again) or start the compaction that replaces it;
 * <li>digest the inputs again, and record C COMPLETE only if they did not change.
 * </ol>
 * A refusal up to step 4 puts C's state back exactly as it was; a failure after it removes C and
 * marks it FAILED with the reason.
 */
final class MultiplyRun {

  private final AccumuloClient client;
  private final String table;
  private final MultiplyOptions opts;
  private final Mode mode;
  private final String bTable;
  /** Where C goes: M, or another table (scan engine). */
  private final String cTable;
  private final String jobId = UUID.randomUUID().toString();
  private final String jobKey = JobRecord.newJobKey();
  /** The algorithm this multiply is a step of, or null. */
  private final AlgorithmRun algorithm;
  /**
   * Whether the inputs are digested by a scan before the multiply even where the files'
   * summaries could stand for it: a run again after those did not match ({@link #run}).
   */
  private boolean scanDigest;
  /** When the first attempt of this multiply started ({@link System#nanoTime}), or 0. */
  private long startNanos;
  /** Warnings of an earlier attempt, reported with this one's. */
  private final List<String> carried = new ArrayList<>();

  MultiplyRun(AccumuloClient client, String table, MultiplyOptions opts, Mode mode) {
    this(client, table, opts, mode, null);
  }

  /**
   * A step of {@code algorithm}: its inputs are not digested when the algorithm knows them, nor
   * digested again after (the algorithm checks its own inputs once at its end), and a C the
   * algorithm knows empty is neither flushed nor cleared.
   */
  MultiplyRun(AccumuloClient client, String table, MultiplyOptions opts, Mode mode,
      AlgorithmRun algorithm) {
    this.algorithm = algorithm;
    this.client = client;
    this.table = table;
    this.opts = opts;
    this.mode = mode;
    this.bTable = opts.spec.bTableFor(table);
    this.cTable = opts.spec.cTableFor(table);
  }

  /**
   * Runs; {@code perEntry} (count mode) sees each emitted entry's row and counts. A multiply whose
   * inputs were digested from M's file summaries, which do not match after it (a write
   * meanwhile, or older versions of entries that the compaction dropped: the summaries cannot
   * tell which), runs once more with its inputs digested by a scan, with a warning saying so.
   */
  MultiplyResult run(BiConsumer<String,BatchStats> perEntry) {
    long t0 = startNanos != 0 ? startNanos : System.nanoTime();
    try {
      return attempt(perEntry, t0);
    } catch (FilesUnconfirmed e) {
      MultiplyRun again = new MultiplyRun(client, table, opts, mode, algorithm);
      again.scanDigest = true;
      again.startNanos = t0;
      again.carried.addAll(carried);
      again.carried.add(e.getMessage() + "; computed again with the inputs digested by a scan");
      return again.run(perEntry);
    }
  }

  /**
   * The inputs' file summaries after a multiply that took its digest from them differ from
   * before: an input changed, or the files held versions the compaction dropped.
   */
  private static final class FilesUnconfirmed extends SpgemmException {
    FilesUnconfirmed(String message) {
      super(message);
    }
  }

  private MultiplyResult attempt(BiConsumer<String,BatchStats> perEntry, long t0) {
    Phases phases = new Phases();
    boolean writes = mode != Mode.COUNT;
    List<InputDigest.Input> inputs = inputs();
    // a step of an algorithm takes its run's digest; another multiply that writes digests its
    // inputs while they are checked, since that only reads (the check's error, if any, is the
    // one reported). Where the compaction engine or bulk may run over inputs of M alone, a
    // sample of each tablet is read, and the files' summaries (below) stand for the rest; not
    // for the scan engine, whose C, written into M's memory, the files' check after it would
    // flush for nothing (bulk's C goes into files, imported beside that check)
    boolean runsDigest = algorithm != null && mode == Mode.MULTIPLY;
    boolean sampleOnly = !scanDigest && mode == Mode.MULTIPLY && algorithm == null
        && opts.engine != Engine.SCAN && opts.spec.cTable() == null
        && opts.spec.maskFamily() == null && bTable.equals(table);
    CompletableFuture<Boolean> large = sampleOnly // a multiply that writes, not an algorithm's
        ? CompletableFuture.supplyAsync(this::recordedLarge, Background.TASKS)
        : CompletableFuture.completedFuture(false);
    CompletableFuture<InputDigest> digest = writes && !runsDigest
        ? large.thenApplyAsync(sample -> sample ? InputDigest.sample(client, inputs)
            : InputDigest.take(client, inputs), Background.TASKS)
        : null;
    // a sample's files are read beside it and the check: their summaries, after a flush, only
    // read (the files' check after the multiply needs the summarizer's configuration too)
    CompletableFuture<FilesDigest> summaries = large.thenApplyAsync(sample -> sample
        ? filesDigest(inputs) : null, Background.TASKS);
    String tableId = TableM.id(client, table);
    // what only reads, or only adds configuration, runs beside the check (whose error, if any,
    // is the one reported): the tables' configuration, M's tablets, C's state and the early flush
    CompletableFuture<Void> configured = CompletableFuture.runAsync(() -> {
      TableM.ensureNestedDispatch(client, table, opts.nestedExecutor);
      if (!bTable.equals(table)) {
        TableM.ensureNestedDispatch(client, bTable, opts.nestedExecutor);
      }
      if (writes) {
        TableM.ensureFamilyCounts(client, cTable);
      }
    }, Background.TASKS);
    CompletableFuture<List<Range>> tablets = CompletableFuture.supplyAsync(() ->
        TableM.tabletRanges(client, table), Background.TASKS);
    CFamily c = new CFamily(client, cTable, opts, jobId);
    if (writes) {
      if (algorithm != null && algorithm.takeEmpty(cTable, opts.spec.cFamily())) {
        c.knownEmpty();
      } else {
        c.startFlush();
      }
    }
    InputCheck check = new InputCheck(client, table, bTable, cTable, opts, digest);
    Shape cShape = mode == Mode.TRANSPOSE ? check.checkTranspose() : check.check();
    join(configured);
    phases.end("check");
    InputDigest before = !writes ? null : runsDigest ? algorithm.digest(inputs) : join(digest);
    if (writes && before == null) {
      before = InputDigest.take(client, inputs); // the run had none
    }
    SummarizerConfiguration digestInFiles = null;
    if (before != null && before.sampled()) {
      FilesDigest files = join(summaries); // a sample is taken only with them, beside it
      before = filesOrScan(InputDigest.fromFiles(files.statistics(), table, before), inputs,
          check.bRows());
      // the files check the inputs after the multiply only where they stood for the scan before
      // (a scan-engine multiply's C, still in memory, would be flushed for nothing)
      digestInFiles = before.fromFiles() ? files.files() : null;
    }
    List<String> warnings = writes ? labelWarnings(before, inputs) : new ArrayList<>();
    warnings.addAll(0, carried);
    phases.end("digest");
    EngineChoice choice = before == null || mode == Mode.TRANSPOSE
        ? EngineChoice.choose(opts, mode, -1, -1, -1, false, -1, c::provenEmpty)
        : EngineChoice.choose(opts, mode, before.entries(inputs.get(0)),
            before.entries(inputs.get(1)), before.rowSquares(inputs.get(1)), before.fromFiles(),
            check.bRows(), c::provenEmpty);
    Engine engine = choice.engine();
    if (engine == Engine.COMPACTION && before != null && !before.perTablet()) {
      before = InputDigest.take(client, inputs); // the tablets to wait for, A's locality
    }
    phases.end("engine");
    String whole = before == null || mode != Mode.MULTIPLY ? null : EngineChoice.wholeB(
        before.entries(inputs.get(0)), bTable.equals(table)
            ? before.localQualifiers(inputs.get(0)) : 0,
        before.entries(inputs.get(1)), check.bRows(),
        () -> client.instanceOperations().getTabletServers().size(),
        () -> TableM.pinnedParts(client, table));
    boolean wholeB = whole != null;
    if (wholeB) {
      choice = choice.bulkWhereBIsReadWhole(opts, whole, () -> CFiles.mayImport(client, cTable));
      engine = choice.engine();
    }
    if (opts.engine == Engine.BULK && !CFiles.mayImport(client, cTable)) {
      throw new RefusedException("engine bulk imports C's files with your own rights, and "
          + client.whoami() + " lacks " + CFiles.NEEDS + " on " + cTable + "; use the scan or"
          + " compaction engine", null);
    }
    IteratorSetting setting = MultiplySetting.of(engine, jobId, jobKey, table, tableId, mode,
        opts, wholeB);
    CState cState = null;
    if (writes) {
      if (engine == Engine.COMPACTION) {
        TableM.ensureOwnLocalityGroup(client, table, opts.spec.cFamily());
      }
      cState = new CState(client, cTable, opts.spec.cFamily(), jobId, engine, opts.lease.toMillis());
      cState.claim();
      c.claimed(cState.replaced());
    }
    phases.end("claim C");
    Heartbeat heartbeat = new Heartbeat(cState, opts.progressTimeout, table);
    CompactionDriver compaction = null;
    CFiles files = null;
    CompletableFuture<Void> unchanged = null;
    boolean changing = false;
    try {
      writeJob(JobRecord.State.RUNNING);
      List<Range> ranges = join(tablets);
      if (engine.scans() && algorithm != null) {
        ranges = algorithm.scanRanges(table, opts.spec.aFamily(), ranges);
      }
      RunCounts counts = new RunCounts(ranges.size(), opts.listener);
      // a scan that overwrites C need not wait for the files to show C empty: it computes
      // beside whatever is there while they answer, and only if C was not empty clears it and
      // computes again (the early flush began before this job could write C, so its files hold
      // none of this job's entries)
      boolean speculative = engine == Engine.SCAN && writes && !opts.readsC() && opts.overwrite
          && c.answerPending();
      if (writes) {
        // the servers check the job while the files show whether C is empty: neither changes
        // anything, and C changes only once both answered
        IteratorSetting dryRun = MultiplySetting.preflight(engine, jobId, jobKey, table, tableId,
            mode, opts);
        CompletableFuture<BatchStats> checked = CompletableFuture.supplyAsync(
            () -> preflight(dryRun), Background.TASKS);
        if (!speculative && (engine == Engine.SCAN || !opts.readsC() && !opts.overwrite)) {
          c.provenEmpty();
        }
        BatchStats answer = join(checked);
        if (engine == Engine.BULK) {
          if (answer.files == null) {
            throw new ClusterException("the tablet servers named no directory for C's files:"
                + " is every server's iterators jar as new as this client's?");
          }
          files = new CFiles(answer.files);
        }
        phases.end("job record and pre-flight");
        c.refuseStaleUnlessOverwrite();
        phases.end("C empty?");
      }
      changing = true;
      long setup;
      if (engine.scans()) {
        if (writes && opts.readsC()) {
          // C is an input to merge with: the scan engine, writing beside it, needs it empty
          if (!c.provenEmpty()) {
            throw new RefusedException("the scan engine writes C beside what is there, and"
                + " family " + opts.spec.cFamily() + " of " + cTable + " holds entries (or"
                + " cannot be shown empty) that an accumulator or a mask without replace would"
                + " merge; use the compaction engine");
          }
          phases.end("C empty?");
        } else if (writes && !speculative && engine == Engine.SCAN) {
          c.clear(); // a compaction replaces C by itself; a scan writes beside what is there
          phases.end("clear C");
        }
        setup = System.nanoTime() - t0;
        ScanDriver scans = new ScanDriver(client, table, opts, heartbeat, mode == Mode.COUNT);
        scans.run(setting, counts, ranges, perEntry);
        if (speculative && !c.provenEmpty()) {
          // C held entries before (or its files could not show it empty): they go, with what
          // was computed beside them, and the product is computed again
          phases.end("compute");
          c.clear();
          phases.end("clear C");
          counts = new RunCounts(ranges.size(), opts.listener);
          scans.run(setting, counts, ranges, perEntry);
        }
        if (engine == Engine.BULK) {
          // C's files are all written and C untouched: it is cleared only now, if it holds
          // entries, and the files go in with one import, while the inputs are digested again
          // (every read of them has ended; the import adds C's files only)
          phases.end("compute");
          if (!opts.readsC() && !c.provenEmpty()) {
            c.clear();
            phases.end("clear C");
          }
          InputDigest was = before;
          SummarizerConfiguration inFiles = digestInFiles;
          unchanged = checksInputs() ? CompletableFuture.runAsync(() -> checkInputsUnchanged(was,
              inFiles, inputs), Background.TASKS) : CompletableFuture.completedFuture(null);
          try {
            files.importInto(client, cTable, counts.files);
          } catch (RuntimeException e) {
            try {
              join(unchanged); // an input that changed is said first, the import's error with it
            } catch (RuntimeException changed) {
              changed.addSuppressed(e);
              throw changed;
            }
            throw e;
          }
          phases.end("import C");
          join(unchanged);
          if (checksInputs()) {
            phases.end("digest again");
          }
        }
      } else {
        if (digestInFiles == null && checksInputs()
            && inputs.stream().allMatch(in -> in.table().equals(table))) {
          digestInFiles = TableM.ensureInputDigests(client, table, families(inputs));
        }
        setup = System.nanoTime() - t0;
        compaction = new CompactionDriver(client, table, tableId, jobId, heartbeat);
        warnings.addAll(compaction.run(setting, counts, before.tabletsHolding(inputs.get(0),
            ranges), ranges));
      }
      phases.end("compute");
      if (unchanged == null && checksInputs()) {
        checkInputsUnchanged(before, digestInFiles, inputs);
        phases.end("digest again");
      }
      return finish(cState, cShape, counts, t0, setup, before, inputs, warnings, choice, phases);
    } catch (RuntimeException e) {
      // first the job record: without it no tablet server writes another C row
      removeJob();
      if (writes) {
        if (!changing || e instanceof RefusedException) {
          cState.restore();
        } else {
          c.remove(cState, e.getMessage());
        }
      }
      throw e;
    } finally {
      removeJob();
      if (compaction != null) {
        compaction.removeRecords();
      }
      if (files != null) {
        files.delete(); // imported, or never to be
      }
    }
  }

  /**
   * Whether the inputs are digested again after the multiply: not for a count, nor a step of an
   * algorithm (which checks its inputs once at its end), nor where asked not to.
   */
  private boolean checksInputs() {
    return mode != Mode.COUNT && opts.detectInputChanges && algorithm == null;
  }

  /**
   * Throws when an input of this multiply changed while it ran: the digest {@code before} against
   * the files' summaries under {@code inFiles} (after a compaction of all of M they usually show
   * the inputs unchanged without reading them), or else against a scan.
   */
  private void checkInputsUnchanged(InputDigest before, SummarizerConfiguration inFiles,
      List<InputDigest.Input> inputs) {
    if (inFiles != null && before.sameInFiles(client, table, inFiles)) {
      return;
    }
    if (before.fromFiles()) {
      throw new FilesUnconfirmed("the file summaries of " + inputs + " differ after the"
          + " multiply from before it (a write meanwhile, or older versions of entries"
          + " that the compaction dropped)");
    }
    InputDigest after = InputDigest.take(client, inputs);
    InputDigest.Input changed = after.changedSince(before);
    if (changed != null) {
      throw new SpgemmException(after.describeChange(before, changed));
    }
  }

  /** The value of {@code f}; its failure rethrown as the task threw it. */
  private static <T> T join(CompletableFuture<T> f) {
    try {
      return f.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error r) {
        throw r;
      }
      throw e;
    }
  }

  /**
   * Whether A's and B's recorded shapes may put the multiply beyond the scan engine's limit: the
   * uniform bound does, or ({@link EngineChoice#mayPassScanByRows}) B's row lengths may, with at
   * least
   * {@link #FILES_MIN_ENTRIES} entries of A and B together. Only then may the files' summaries
   * decide ({@link #filesOrScan}), and a sample is worth reading first. The check reports what is
   * wrong with the shapes, if anything.
   */
  private boolean recordedLarge() {
    try {
      Map<String,Value> records = MatrixStore.shapeRecords(client, table,
          List.of(opts.spec.aFamily(), opts.spec.bFamily()));
      Value a = records.get(opts.spec.aFamily());
      Value b = records.get(opts.spec.bFamily());
      if (a == null || b == null) {
        return false;
      }
      Shape as = Shape.decode(a);
      Shape bs = Shape.decode(b);
      return EngineChoice.beyondScanByBound(as.nnz(), bs.nnz(), bs.rows())
          || as.nnz() + bs.nnz() >= FILES_MIN_ENTRIES && EngineChoice.mayPassScanByRows(
              as.nnz(), bs.nnz(), bs.cols(), Shape.rowSquares(b));
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static List<String> families(List<InputDigest.Input> inputs) {
    return inputs.stream().map(InputDigest.Input::family).toList();
  }

  /** M's summarizer of the inputs, and its files' statistics (either null: none). */
  private record FilesDigest(SummarizerConfiguration files, Map<String,Long> statistics) {}

  /** The statistics of M's files that digest the inputs, after a flush. */
  private FilesDigest filesDigest(List<InputDigest.Input> inputs) {
    SummarizerConfiguration files = TableM.inputDigests(client, table, families(inputs));
    return new FilesDigest(files,
        files == null ? null : InputDigest.fileStatistics(client, table, files));
  }

  /**
   * The inputs' digest from M's file summaries ({@code d}, null when there is none) when it
   * stands for a scan and decides the engine: every file summarized, no B entry labelled (the
   * servers read B with empty authorizations, and only a scan counts the labels the runner may
   * read), and the uniform bound, or the estimate from the files' squared B row lengths (a lower
   * bound), above the scan engine's limit. Otherwise the inputs are digested by a scan.
   */
  private InputDigest filesOrScan(InputDigest d, List<InputDigest.Input> inputs, long bRows) {
    InputDigest.Input a = inputs.get(0);
    InputDigest.Input b = inputs.get(1);
    if (d != null && d.labelled(b) == 0
        && EngineChoice.beyondScan(d.entries(a), d.entries(b), d.rowSquares(b), bRows)) {
      return d;
    }
    return InputDigest.take(client, inputs);
  }

  /**
   * Fewest entries of A and B together for which B's row lengths send a multiply to the files'
   * summaries: reading them takes a flush and a summary request, 0.15-0.25 s on 2 embedded
   * servers, about what the scan of 400 k entries takes (R-MAT 12 A·B, 107 k entries: the scan
   * took 0.10-0.12 s, the files 0.16-0.23 s; R-MAT 14, 457 k: 0.66 s against 0.51 s). Where the
   * uniform bound alone passes the limit, the files decide whatever the size, as before.
   */
  static final long FILES_MIN_ENTRIES = 400_000;

  /** What the multiply reads: A, B and a mask, in their tables. */
  private List<InputDigest.Input> inputs() {
    List<InputDigest.Input> in = new ArrayList<>();
    in.add(new InputDigest.Input("A", table, opts.spec.aFamily()));
    if (mode == Mode.TRANSPOSE) {
      return in;
    }
    in.add(new InputDigest.Input("B", bTable, opts.spec.bFamily()));
    if (opts.spec.maskFamily() != null) {
      in.add(new InputDigest.Input("mask", opts.spec.maskTable() == null ? table : opts.spec.maskTable(),
          opts.spec.maskFamily()));
    }
    return in;
  }

  /**
   * Labelled entries the tablet servers cannot read (they read B, and a mask in another table,
   * with empty authorizations): one warning each, or a refusal when asked. A complemented mask
   * with labelled entries is refused: an absence cannot carry a label.
   */
  private List<String> labelWarnings(InputDigest digest, List<InputDigest.Input> inputs) {
    List<String> warnings = new ArrayList<>();
    for (InputDigest.Input in : inputs) {
      long n = digest.labelled(in);
      boolean mask = in.role().equals("mask");
      if (n == 0 || in.role().equals("A")) {
        continue; // A's labels are read and carried into C
      }
      if (mask && opts.spec.maskComplement()) {
        throw new SpgemmException(n + " entries of the " + in + " carry labels: a complemented"
            + " mask lets C through where it has no entry, and an absence cannot carry a label;"
            + " refused (use a mask without labels, or no complement)");
      }
      if (mask && opts.spec.maskTable() == null) {
        continue; // read in the compaction of M, which sees every entry; its labels reach C
      }
      String what = n + " entries of " + in + " carry labels: the tablet servers read it with"
          + " empty authorizations, so those entries take no part in C";
      if (opts.refuseUnreadableLabels) {
        throw new SpgemmException(what + "; refused (refuseUnreadableLabels)");
      }
      warnings.add(what);
    }
    return warnings;
  }

  /**
   * The tablet servers check the job as its tablets will (the job record and key, consents of
   * other tables, the nested executor), on the metadata row, computing nothing; returns their
   * answer (for bulk, it names the directory of C's files).
   *
   * @throws RefusedException with the servers' reason
   */
  private BatchStats preflight(IteratorSetting check) {
    try (Scanner s = client.createScanner(table, MatrixStore.userAuths(client))) {
      s.setRange(new Range(TableLayout.META_ROW));
      s.fetchColumnFamily(new Text(TableLayout.META_FAMILY));
      s.addScanIterator(check);
      for (Map.Entry<Key,Value> e : s) {
        BatchStats st = BatchStats.decode(e.getValue().get());
        if (st.error != null) {
          throw new RefusedException(st.error);
        }
        return st;
      }
    } catch (TableNotFoundException e) {
      throw ClusterException.noTable(table, e);
    }
    throw new RefusedException("the tablet servers did not answer the check of job " + jobId
        + " on table " + table);
  }

  private MultiplyResult finish(CState cState, Shape cShape, RunCounts counts, long t0,
      long setup, InputDigest digest, List<InputDigest.Input> inputs, List<String> warnings,
      EngineChoice choice, Phases phases) {
    long wall = System.nanoTime() - t0;
    if (digest != null) {
      for (InputDigest.Input in : inputs) {
        if (in.role().equals("B")) {
          counts.total.set(Counter.B_LABELLED, digest.labelled(in));
        } else if (in.role().equals("mask") && opts.spec.maskTable() != null) {
          counts.total.set(Counter.MASK_LABELLED, digest.labelled(in));
        }
      }
    }
    if (cState != null) {
      Map<String,String> details = new LinkedHashMap<>();
      details.put("nnz", Long.toString(counts.total.get(Counter.C_ENTRIES)));
      details.put("products", Long.toString(counts.total.get(Counter.PRODUCTS)));
      details.put("semiring", opts.semiring());
      details.put("engine", choice.engine().name());
      cState.finish(JobRecord.State.COMPLETE, details);
      if (cShape != null) {
        MatrixStore.recordShape(client, cTable, opts.spec.cFamily(), new Shape(cShape.rows(),
            cShape.cols(), counts.total.get(Counter.C_ENTRIES), cShape.keyWidth()));
      }
    }
    phases.end("finish");
    return counts.result(wall, setup, warnings, choice, phases.seconds());
  }

  private void removeJob() {
    MatrixStore.writeMeta(client, table, TableLayout.JOB_PREFIX + jobId, null);
  }

  private void writeJob(JobRecord.State state) {
    MatrixStore.writeMeta(client, table, TableLayout.JOB_PREFIX + jobId, JobRecord.encode(
        JobRecord.jobFields(state.name(), jobKey, opts.spec.cFamily(), bTable, mode.name(),
            cTable.equals(table) ? null : cTable)));
  }
}
