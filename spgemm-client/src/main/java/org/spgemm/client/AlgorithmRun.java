package org.spgemm.client;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.spgemm.iterators.FamilySweepIterator.Action;
import org.spgemm.iterators.InputDigestIterator.Digest;

/**
 * What one run of an iterative algorithm knows, so that its many steps need not find it out
 * again each time (a BFS level is a multiply of one frontier row; k-truss rounds and Jaccard's
 * seven multiplies write families nobody else reads):
 * <ul>
 * <li>the user's inputs are digested once before the first step and once after the last, and the
 * run fails if they changed in between, instead of two digests around every step;
 * <li>the algorithm's scratch families (named by a predicate) are shown empty once, by one flush
 * and the files' family counts, or cleared together by one sweeping compaction when an earlier
 * run left entries in them; a step whose C is a scratch family nobody wrote since then needs no
 * flush and no clearing of C;
 * <li>the one-row families the algorithm itself writes (a frontier, a visited set) have known
 * sizes, so a step that reads only those and the user's inputs is estimated without a digest.
 * </ul>
 * Each step still claims its C (two runs on the same families refuse each other), writes its job
 * record and has the tablet servers check it. Not thread-safe: one algorithm, one thread.
 */
final class AlgorithmRun {

  private final AccumuloClient client;
  private final String table;
  private final List<InputDigest.Input> inputs;
  private final InputDigest before;
  private final Predicate<String> scratch;
  /** Whether the scratch families were shown empty (or cleared) at the start. */
  private final boolean scratchEmpty;
  /** Whether {@link #finish} compares the user's inputs with what they were at the start. */
  private final boolean detectChanges;
  /** Scratch families written since the start: no longer known empty. */
  private final Set<String> written = new HashSet<>();
  /** Digests known without reading: the user's inputs, and the one-row scratch families. */
  private final Map<String,Digest> known = new HashMap<>();
  /** The row of each one-row scratch family. */
  private final Map<String,byte[]> rows = new HashMap<>();

  private AlgorithmRun(AccumuloClient client, String table, List<InputDigest.Input> inputs,
      Predicate<String> scratch, boolean scratchEmpty, boolean detectChanges) {
    this.detectChanges = detectChanges;
    this.client = client;
    this.table = table;
    this.inputs = inputs;
    this.scratch = scratch;
    this.scratchEmpty = scratchEmpty;
    this.before = InputDigest.take(client, inputs);
    for (InputDigest.Input in : inputs) {
      known.put(in.family(), before.of(in));
    }
  }

  /**
   * Starts a run over the user's families {@code userFamilies} of {@code table}, with the
   * scratch families {@code scratch} names: those holding entries (left by an earlier run) are
   * cleared in one sweeping compaction. When the files
   * cannot tell (see {@link CFamily#familyCounts}), the families {@code mustClear} (which the
   * algorithm writes before any step) are cleared, and each step clears its own C as a multiply
   * of its own would. {@code opts} are the steps' options: their progress time-out bounds the
   * clearing, and {@link MultiplyOptions.Builder#detectInputChanges} whether {@link #finish}
   * looks for changed inputs.
   */
  static AlgorithmRun start(AccumuloClient client, String table, List<String> userFamilies,
      Predicate<String> scratchNames, List<String> mustClear, MultiplyOptions opts) {
    // a user's family is never scratch, whatever its name (a graph called like a scratch family)
    Predicate<String> scratch = scratchNames.and(f -> !userFamilies.contains(f));
    Map<String,Long> counts = CFamily.familyCounts(client, table, true);
    List<String> used = new ArrayList<>();
    if (counts == null) {
      mustClear.stream().filter(scratch).forEach(used::add);
    } else {
      counts.forEach((f, n) -> {
        if (n > 0 && scratch.test(f)) {
          used.add(f);
        }
      });
    }
    if (!used.isEmpty()) {
      used.sort(null);
      CFamily.sweep(client, table, used, Action.DROP, null, opts.progressTimeout.toMillis(),
          null);
    }
    List<InputDigest.Input> in = new ArrayList<>();
    for (String f : userFamilies) {
      in.add(new InputDigest.Input("input", table, f));
    }
    return new AlgorithmRun(client, table, in, scratch, counts != null, opts.detectInputChanges);
  }

  /**
   * Whether family {@code family} of {@code cTable}, a step's C, is a scratch family still empty
   * since the start; from then on it counts as written.
   */
  boolean takeEmpty(String cTable, String family) {
    boolean empty = scratchEmpty && cTable.equals(table) && scratch.test(family)
        && !written.contains(family);
    written.add(family);
    return empty;
  }

  /**
   * Scratch family {@code family} now holds row {@code row} only, of {@code n} entries without
   * labels (the algorithm wrote it, or read back what a step wrote).
   */
  void oneRow(String family, byte[] row, long n) {
    written.add(family);
    known.put(family, new Digest(n, 0, 0, n * n, 0));
    rows.put(family, row.clone());
  }

  /**
   * Scratch family {@code family}, one row {@code row} as {@link #oneRow} recorded it, now holds
   * {@code added} more entries (new columns the algorithm wrote into it).
   */
  void rowGrew(String family, byte[] row, long added) {
    Digest d = known.get(family);
    oneRow(family, row, (d == null ? 0 : d.entries()) + added);
  }

  /**
   * What the scan engine scans for a step whose A is family {@code aFamily}: its one row when
   * the algorithm wrote it (the other tablets hold no A row, so they have nothing to compute),
   * else {@code tablets}.
   */
  List<Range> scanRanges(String aTable, String aFamily, List<Range> tablets) {
    byte[] row = aTable.equals(table) ? rows.get(aFamily) : null;
    return row == null ? tablets : List.of(Range.exact(new Text(row)));
  }

  /**
   * The digest of a step's inputs when every one is known (without the per-tablet part the
   * compaction engine needs), else null: then the step takes its own.
   */
  InputDigest digest(List<InputDigest.Input> stepInputs) {
    Map<InputDigest.Input,Digest> out = new LinkedHashMap<>();
    for (InputDigest.Input in : stepInputs) {
      Digest d = in.table().equals(table) ? known.get(in.family()) : null;
      if (d == null) {
        return null;
      }
      out.put(in, d);
    }
    return InputDigest.of(out);
  }

  /**
   * The user's inputs digested again after the last step (unless the steps' options say not to
   * look for changes).
   *
   * @throws SpgemmException if one changed while the algorithm ran (its results would mix old
   *         and new data)
   */
  void finish() {
    if (!detectChanges) {
      return;
    }
    InputDigest after = InputDigest.take(client, inputs);
    InputDigest.Input changed = after.changedSince(before);
    if (changed != null) {
      throw new SpgemmException(after.describeChange(before, changed, "the algorithm",
          "its result"));
    }
  }
}
