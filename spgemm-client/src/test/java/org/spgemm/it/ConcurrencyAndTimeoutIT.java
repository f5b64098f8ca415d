package org.spgemm.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.spgemm.algebra.Semirings;
import org.spgemm.client.Engine;
import org.spgemm.client.MatrixStore;
import org.spgemm.client.MultiplyOptions;
import org.spgemm.client.SpGEMM;
import org.spgemm.client.SpgemmException;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.iterators.TableLayout;
import org.spgemm.matrix.ReferenceMultiply;
import org.spgemm.matrix.RmatGenerator;
import org.spgemm.matrix.SparseMatrix;
import org.spgemm.metrics.MultiplyMeters;

/**
 * Two multiplies into one C never mix: the second, started while the first runs, is refused
 * before it writes anything, on either engine, leaves no job record, and C ends COMPLETE with the
 * first's result. A multiply that makes no progress fails after its time-out, cancels its work
 * (its tablets on the servers stop), removes C and marks it FAILED.
 */
@ClusterTest
class ConcurrencyAndTimeoutIT {

  @ParameterizedTest
  @EnumSource(value = Engine.class, names = {"COMPACTION", "SCAN", "BULK"})
  void aSecondMultiplyIntoARunningCIsRefused(Engine engine) {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("conc");
      SparseMatrix a = RmatGenerator.generate(10, 16, 31);
      Fixtures.createAndLoad(client, table, a, a, List.of("0300", "0600"));
      AtomicReference<Throwable> second = new AtomicReference<>();
      MultiplyOptions first = MultiplyOptions.builder().engine(engine).semiring("PLUS_TIMES")
          .listener((total, done, tablets) -> {
            if (second.get() == null) { // the first multiply is running: try a second one now
              second.set(assertThrows(SpgemmException.class, () -> SpGEMM.multiply(client,
                  table, MultiplyOptions.builder().engine(engine).semiring("MIN_PLUS").build())));
            }
          }).build();
      SpGEMM.multiply(client, table, first);
      String why = second.get().getMessage();
      assertTrue(why.startsWith("refused:") && why.contains("being written by job"), why);
      assertEquals("COMPLETE", SpGEMM.cState(client, table, "C").get("state"));
      // neither the refused multiply nor the first leaves a job record behind
      assertEquals(List.of(), Fixtures.snapshot(client, table, TableLayout.META_FAMILY).keySet()
          .stream().filter(k -> k.contains("|" + TableLayout.JOB_PREFIX)).toList());
      Fixtures.assertSameMatrix(ReferenceMultiply.multiply(a, a, Semirings.PLUS_TIMES),
          MatrixStore.read(client, table, "C", a.rows(), a.cols(), ValueCodecs.DECIMAL));
    }
  }

  @ParameterizedTest
  @EnumSource(value = Engine.class, names = {"COMPACTION", "SCAN", "BULK"})
  void aMultiplyWithoutProgressTimesOutAndLeavesNoC(Engine engine) throws Exception {
    try (AccumuloClient client = SharedCluster.client()) {
      String table = Fixtures.uniqueTable("stall");
      SparseMatrix a = Fixtures.random(40, 40, 0.2, 17);
      Fixtures.createAndLoad(client, table, a, a, List.of("20"));
      Map<String,Double> before = ServerMeters.settled();
      long t0 = System.nanoTime();
      SpgemmException e = assertThrows(SpgemmException.class, () -> SpGEMM.multiply(client,
          table, MultiplyOptions.builder().engine(engine)
              .semiring("class:" + StallingSemiring.class.getName())
              .threads(3, 4) // a worker pool of its own: the stalled workers block nobody else
              .progressTimeout(Duration.ofSeconds(4)).build()));
      double seconds = (System.nanoTime() - t0) / 1e9;
      assertTrue(e.getMessage().contains("no progress for 4 s"), e.getMessage());
      // the stall is seen after 4 s; the passes then end their C and commit, and C is cleared
      // (bounded, not timed: when the client cancelled Accumulo's compaction while passes ran,
      // the clearing waited 120 s for tablets that would not compact, in most CI runs)
      assertTrue(seconds < 60, "gave up after " + seconds + " s");
      Map<String,String> state = SpGEMM.cState(client, table, "C");
      assertEquals("FAILED", state.get("state"), state.toString());
      assertEquals(Map.of(), Fixtures.snapshot(client, table, "C"), "no partial C left");
      // the servers stopped the job's stalled tablets: the compaction's passes when it was
      // cancelled, the scan's once the job record went (nobody scans them any more)
      Map<String,Double> after = ServerMeters.settled();
      // bulk runs the scan engine's iterator, and its meters say so
      String tag = "{engine=" + (engine.scans() ? Engine.SCAN : engine).name()
          .toLowerCase(Locale.ROOT) + "}:count";
      double started = ServerMeters.delta(before, after, MultiplyMeters.TABLETS_STARTED + tag);
      assertTrue(started >= 2, "both tablets began: " + started);
      assertEquals(started, ServerMeters.delta(before, after, (engine.scans()
          ? MultiplyMeters.TABLETS_FAILED : MultiplyMeters.TABLETS_STOPPED) + tag),
          "every pass stopped: " + after);
      // and the table's tablets run the next multiply as usual (after a compaction cancelled
      // while its passes ran, Accumulo 2.1.4's tablets would start no user compaction again)
      ItHelpers.multiplyAndCheck(client, table, a, a,
          MultiplyOptions.builder().engine(engine).build(), Semirings.PLUS_TIMES,
          ValueCodecs.DECIMAL);
    }
  }
}
