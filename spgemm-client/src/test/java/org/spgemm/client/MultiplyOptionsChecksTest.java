package org.spgemm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.MaskMode;
import org.spgemm.algebra.Semiring;

/**
 * The builder of {@link MultiplyOptions} refuses what cannot be meant, with one line naming the
 * argument (issue 21): reversed key ranges, limits beyond sane bounds (with the bound in the
 * message), and null arguments (never a NullPointerException from deep inside).
 */
class MultiplyOptionsChecksTest {

  private static void refused(Executable e, String message) {
    InvalidOptionException x = assertThrows(InvalidOptionException.class, e);
    assertEquals(message, x.getMessage());
  }

  private static MultiplyOptions.Builder b() {
    return MultiplyOptions.builder();
  }

  @Test
  void reversedRangesAreRefusedNamingBothBounds() {
    refused(() -> b().rows("15", "03"),
        "rows: first key '15' sorts after last key '03', so the range is empty");
    refused(() -> b().columns("2", "1"),
        "columns: first key '2' sorts after last key '1', so the range is empty");
    // keys sort as Accumulo sorts them (bytes), not as numbers: "9" is after "10"
    refused(() -> b().rows("9", "10"),
        "rows: first key '9' sorts after last key '10', so the range is empty");
    // one key, open ends and ordered ranges pass
    b().rows("03", "03").rows(null, "03").rows("15", null).columns("03", "15").build();
  }

  @Test
  void limitsAreBoundedAndTheBoundIsInTheMessage() {
    refused(() -> b().threads(100_000), "threads must be between 1 and 256, not 100000");
    refused(() -> b().threads(0), "threads must be between 1 and 256, not 0");
    refused(() -> b().threads(4, 1000), "scanThreads must be between 1 and 256, not 1000");
    refused(() -> b().threads(300, 4), "threads must be between 1 and 256, not 300");
    refused(() -> b().tabletParallelism(5000),
        "tabletParallelism must be between 1 and 1024, not 5000");
    refused(() -> b().tabletParallelism(-1),
        "tabletParallelism must be between 1 and 1024, not -1");
    b().threads(MultiplyOptions.MAX_THREADS, MultiplyOptions.MAX_SCAN_THREADS)
        .tabletParallelism(MultiplyOptions.MAX_TABLET_PARALLELISM).build();
  }

  @Test
  void batchLimitsTakeZeroForTheirDefaults() {
    MultiplyOptions o = b().batchLimits(64, 0, 0).build();
    assertEquals(0, o.spec.maxBatchRows());
    assertEquals(0, o.spec.maxBatchBytes());
    assertEquals(8, b().batchLimits(64, 8, 1 << 20).build().spec.maxBatchRows());
    refused(() -> b().batchLimits(64, -1, 0),
        "maxBatchRows must be 0 (the default) or more, not -1");
    refused(() -> b().batchLimits(64, 0, -5),
        "maxBatchBytes must be 0 (the default) or more, not -5");
    refused(() -> b().batchLimits(0, 8, 0), "batchBRows must be positive, not 0");
  }

  @Test
  void nullArgumentsAreNamed() {
    Map<String,Executable> calls = new LinkedHashMap<>();
    calls.put("semiring", () -> b().semiring((String) null));
    calls.put("semiring ", () -> b().semiring((Semiring) null));
    calls.put("codec", () -> b().codec(null));
    calls.put("codec of B", () -> b().codecs("long", null, "long"));
    calls.put("family of C", () -> b().families("A", "B", null));
    calls.put("family of A", () -> b().families(null, "B", "C"));
    calls.put("mask mode", () -> b().mask("MK", null, false));
    calls.put("mask table", () -> b().mask(null, "MK", MaskMode.STRUCTURE, false));
    calls.put("C table", () -> b().cTable(null));
    calls.put("accum", () -> b().accum((String) null));
    calls.put("accum ", () -> b().accum((BinaryOp) null));
    calls.put("select", () -> b().select(null));
    calls.put("engine", () -> b().engine(null));
    calls.put("cVisibility", () -> b().cVisibility(null));
    calls.put("nestedExecutor", () -> b().nestedExecutor(null));
    calls.put("listener", () -> b().listener(null));
    calls.forEach((name, call) -> refused(call, name.trim() + " must not be null"));
    // arguments whose null was already refused by their own check keep it
    refused(() -> b().progressTimeout(null), "progressTimeout must be positive, not null");
    refused(() -> b().lease(null), "lease must be at least 10 s, not null");
    refused(() -> b().mask(null, MaskMode.VALUE, false), "mask family must not be null");
  }

  @Test
  void nullClientArgumentsAreNamedBeforeAnyCall() {
    refused(() -> SpGEMM.multiply(null, "M", MultiplyOptions.defaults()),
        "client must not be null");
    refused(() -> SpGEMM.countRowNnz(null, "M", MultiplyOptions.defaults()),
        "client must not be null");
    refused(() -> SpGEMM.transpose(null, "M", "A", "A^T", "decimal"), "client must not be null");
    refused(() -> SpGEMM.cState(null, "M", "C"), "client must not be null");
    refused(() -> SpGEMM.isComplete(null, "M", "C"), "client must not be null");
    refused(() -> TableM.create(null, "M"), "client must not be null");
    refused(() -> MatrixStore.shape(null, "M", "A"), "client must not be null");
    refused(() -> Partitioner.plan(null, "M", 2), "client must not be null");
    refused(() -> Partitioner.readC(null, "M", 1, 1, org.spgemm.codec.ValueCodecs.DECIMAL),
        "client must not be null");
    refused(() -> Algorithms.triangles(null, "M", "L", "T", b(), new Algorithms.Steps()),
        "client must not be null");
    refused(() -> new Algorithms.Steps().add("x", null), "result must not be null");
  }

  @Test
  void algorithmArgumentsAreCheckedWithoutACluster() {
    refused(() -> Algorithms.checkKtruss("G", 2, b()),
        "k must be at least 3, not 2 (the k-truss keeps the edges in at least k-2 triangles)");
    refused(() -> Algorithms.checkKtruss("G", -5, b()),
        "k must be at least 3, not -5 (the k-truss keeps the edges in at least k-2 triangles)");
    refused(() -> Algorithms.checkKtruss(null, 3, b()), "g must not be null");
    refused(() -> Algorithms.checkTriangles("L", null, b()), "out must not be null");
    refused(() -> Algorithms.checkGalerkin("A", "P", "C", null), "base options must not be null");
    MultiplyOptions.Builder scan = b().engine(Engine.SCAN);
    // masks into a new family: the scan engine will do
    Algorithms.checkTriangles("L", "T", scan);
    Algorithms.checkKtruss("G", 3, scan);
    Algorithms.checkBfs("G", scan);
    refused(() -> Algorithms.checkJaccard("G", "J", scan), "jaccard accumulates into families it"
        + " wrote before (S -= ..., J /= ...), which the scan engine cannot (it writes C beside"
        + " what is there); use the auto or compaction engine");
    // no mask or accumulator: the scan engine will do
    Algorithms.checkGalerkin("A", "P", "C", scan);
    Algorithms.checkKtruss("G", 3, b());
  }

  @Test
  void engineConflictsAreRefusedByBuild() {
    refused(() -> b().engine(Engine.SCAN).mask("X", "MK", MaskMode.STRUCTURE, false).build(),
        "a mask in another table (X) is read by the compaction engine, not the scan engine");
    refused(() -> b().engine(Engine.BULK).mask("X", "MK", MaskMode.STRUCTURE, false).build(),
        "a mask in another table (X) is read by the compaction engine, not the scan engine,"
            + " which bulk runs");
    refused(() -> b().cTable("T").mask("X", "MK", MaskMode.STRUCTURE, false).build(), "a mask in"
        + " another table (X) needs the compaction engine, which writes C only into M, not into T");
    refused(() -> b().cTable("T").engine(Engine.COMPACTION).build(), "C in another table (T) is"
        + " written by the scan engine; the compaction engine writes only M");
    // the scan engine masks and accumulates into an empty C (checked when it runs)
    b().engine(Engine.SCAN).mask("MK", MaskMode.STRUCTURE, false).accum("plus").build();
    b().cTable("T").accum("plus").build();
  }
}
