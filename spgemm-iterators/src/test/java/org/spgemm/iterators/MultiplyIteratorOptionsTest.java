package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.IteratorSetting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodecs;

/** {@link MultiplyIteratorOptions#parse}: defaults, helpers, and a named error for every option. */
class MultiplyIteratorOptionsTest {

  private static Map<String,String> withJob(String... kv) {
    Map<String,String> m = new HashMap<>();
    m.put(MultiplyIteratorOptions.JOB, "job-1");
    m.put(MultiplyIteratorOptions.JOB_KEY, "key-1");
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  private static IllegalArgumentException refused(Map<String,String> options) {
    return assertThrows(IllegalArgumentException.class,
        () -> MultiplyIteratorOptions.parse(options));
  }

  @Test
  void defaults() {
    MultiplyIteratorOptions.Parsed p = MultiplyIteratorOptions.parse(withJob());
    assertEquals("job-1", p.job());
    assertEquals("key-1", p.jobKey());
    assertEquals(MultiplyIteratorOptions.Mode.MULTIPLY, p.mode());
    assertEquals("A", p.aFamily());
    assertEquals("B", p.bFamily());
    assertEquals("C", p.cFamily());
    assertNull(p.bTable());
    assertSame(Semirings.PLUS_TIMES, p.semiring());
    assertSame(ValueCodecs.DECIMAL, p.codecA());
    assertSame(ValueCodecs.DECIMAL, p.codecB());
    assertSame(ValueCodecs.DECIMAL, p.codecC());
    assertEquals(Domain.FP64, p.domain());
    assertEquals(4096, p.batchBRows());
    assertEquals(4096, p.maxBatchRows());
    assertEquals(MultiplyIteratorOptions.FROM_HEAP, p.maxBatchBytes());
    assertEquals(MultiplyIteratorOptions.FROM_HEAP, p.cacheBytes());
    assertEquals(MultiplyIteratorOptions.FROM_HEAP, p.cBufferBytes());
    assertEquals(2, p.threads());
    assertEquals(4, p.scanThreads());
    assertEquals(1000L, p.yieldMillis());
    assertNull(p.table());
  }

  @Test
  void helpersWriteWhatParseReads() {
    IteratorSetting is = new IteratorSetting(100, "spgemm", RowByRowMultiplyIterator.class);
    MultiplyIteratorOptions.setJob(is, "j42", "k42");
    MultiplyIteratorOptions.setMode(is, MultiplyIteratorOptions.Mode.COUNT);
    MultiplyIteratorOptions.setFamilies(is, "a1", "b1", "c1");
    MultiplyIteratorOptions.setBTable(is, "other");
    MultiplyIteratorOptions.setSemiring(is, "min-plus");
    MultiplyIteratorOptions.setCodecs(is, "decimal", "double", "long");
    MultiplyIteratorOptions.setBatchLimits(is, 7, 8, 9000);
    MultiplyIteratorOptions.setThreads(is, 3, 5);
    MultiplyIteratorOptions.Parsed p = MultiplyIteratorOptions.parse(is.getOptions());
    assertEquals("j42", p.job());
    assertEquals("k42", p.jobKey());
    assertEquals(MultiplyIteratorOptions.Mode.COUNT, p.mode());
    assertEquals(List.of("a1", "b1", "c1"), List.of(p.aFamily(), p.bFamily(), p.cFamily()));
    assertEquals("other", p.bTable());
    assertSame(Semirings.MIN_PLUS, p.semiring());
    assertSame(ValueCodecs.DECIMAL, p.codecA());
    assertSame(ValueCodecs.DOUBLE, p.codecB());
    assertSame(ValueCodecs.LONG, p.codecC());
    assertEquals(Domain.INT64, p.domain(), "C's codec sets the domain");
    assertEquals(7, p.batchBRows());
    assertEquals(8, p.maxBatchRows());
    assertEquals(9000L, p.maxBatchBytes());
    assertEquals(3, p.threads());
    assertEquals(5, p.scanThreads());
    // every option a helper writes is documented
    for (String name : is.getOptions().keySet()) {
      assertTrue(MultiplyIteratorOptions.descriptions().containsKey(name), name);
    }
  }

  @Test
  void codecOptionSetsAllThreeUnlessOverridden() {
    MultiplyIteratorOptions.Parsed p = MultiplyIteratorOptions.parse(
        withJob(MultiplyIteratorOptions.CODEC, "long", MultiplyIteratorOptions.CODEC_B, "decimal"));
    assertSame(ValueCodecs.LONG, p.codecA());
    assertSame(ValueCodecs.DECIMAL, p.codecB());
    assertSame(ValueCodecs.LONG, p.codecC());
  }

  @Test
  void blankBTableMeansTheScannedTable() {
    assertNull(MultiplyIteratorOptions.parse(withJob(MultiplyIteratorOptions.B_TABLE, " "))
        .bTable());
    assertEquals("Mb", MultiplyIteratorOptions.parse(
        withJob(MultiplyIteratorOptions.B_TABLE, " Mb ")).bTable());
  }

  static Stream<Arguments> badValues() {
    return Stream.of(
        Arguments.of(MultiplyIteratorOptions.MODE, "sideways"),
        Arguments.of(MultiplyIteratorOptions.A_FAMILY, ""),
        Arguments.of(MultiplyIteratorOptions.B_FAMILY, ""),
        Arguments.of(MultiplyIteratorOptions.C_FAMILY, ""),
        Arguments.of(MultiplyIteratorOptions.SEMIRING, "NOPE"),
        Arguments.of(MultiplyIteratorOptions.SEMIRING, "class:no.such.Semiring"),
        Arguments.of(MultiplyIteratorOptions.CODEC, "text"),
        Arguments.of(MultiplyIteratorOptions.CODEC_A, "text"),
        Arguments.of(MultiplyIteratorOptions.CODEC_B, "int32"),
        Arguments.of(MultiplyIteratorOptions.CODEC_C, ""),
        Arguments.of(MultiplyIteratorOptions.BATCH_B_ROWS, "0"),
        Arguments.of(MultiplyIteratorOptions.BATCH_B_ROWS, "abc"),
        Arguments.of(MultiplyIteratorOptions.BATCH_B_ROWS, "99999999999"),
        Arguments.of(MultiplyIteratorOptions.MAX_BATCH_ROWS, "-1"),
        Arguments.of(MultiplyIteratorOptions.MAX_BATCH_ROWS, "1.5"),
        Arguments.of(MultiplyIteratorOptions.MAX_BATCH_BYTES, "0"),
        Arguments.of(MultiplyIteratorOptions.MAX_BATCH_BYTES, "32MB"),
        Arguments.of(MultiplyIteratorOptions.CACHE_BYTES, "-5"),
        Arguments.of(MultiplyIteratorOptions.C_BUFFER_BYTES, "many"),
        Arguments.of(MultiplyIteratorOptions.TIMESTAMP, "yesterday"),
        Arguments.of(MultiplyIteratorOptions.C_VISIBILITY, "a&|b"),
        Arguments.of(MultiplyIteratorOptions.THREADS, "0"),
        Arguments.of(MultiplyIteratorOptions.THREADS, ""),
        Arguments.of(MultiplyIteratorOptions.SCAN_THREADS, "-4"),
        Arguments.of(MultiplyIteratorOptions.SCAN_THREADS, "four"),
        Arguments.of(MultiplyIteratorOptions.YIELD_MILLIS, "0"),
        Arguments.of(MultiplyIteratorOptions.YIELD_MILLIS, "1s"),
        Arguments.of(MultiplyIteratorOptions.MASK_STRUCTURE, "yes"),
        Arguments.of(MultiplyIteratorOptions.MASK_COMPLEMENT, "1"),
        Arguments.of(MultiplyIteratorOptions.ACCUM, "avg"),
        Arguments.of(MultiplyIteratorOptions.REPLACE, "maybe"),
        Arguments.of(MultiplyIteratorOptions.SELECT, "median"),
        Arguments.of(MultiplyIteratorOptions.SELECT, "valuege:x"),
        Arguments.of(MultiplyIteratorOptions.MASK_TABLE, "T"), // without a mask family
        Arguments.of(MultiplyIteratorOptions.DRY_RUN, "maybe"));
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("badValues")
  void badValueNamesTheOption(String option, String value) {
    IllegalArgumentException e = refused(withJob(option, value));
    assertTrue(e.getMessage().contains("'" + option + "'"),
        "message should name option " + option + ": " + e.getMessage());
  }

  @Test
  void badNumbersAreQuotedInTheMessage() {
    IllegalArgumentException e = refused(withJob(MultiplyIteratorOptions.THREADS, "lots"));
    assertTrue(e.getMessage().contains("'lots'"), e.getMessage());
  }

  @Test
  void everyDocumentedOptionHasABadValue() {
    // guards the table above: a new option needs a bad-value case too
    java.util.Set<String> covered = new java.util.HashSet<>();
    badValues().forEach(a -> covered.add((String) a.get()[0]));
    covered.add(MultiplyIteratorOptions.JOB); // see missingJob
    covered.add(MultiplyIteratorOptions.JOB_KEY); // see missingJobKey
    covered.add(MultiplyIteratorOptions.B_TABLE); // any non-blank name is valid here
    covered.add(MultiplyIteratorOptions.TABLE); // likewise
    covered.add(MultiplyIteratorOptions.MASK_FAMILY); // any family (A's too: C<A> = A*A)
    covered.add(MultiplyIteratorOptions.C_TABLE); // any table name
    covered.add(MultiplyIteratorOptions.ROW_FIRST); // any key bounds a subset
    covered.add(MultiplyIteratorOptions.ROW_LAST);
    covered.add(MultiplyIteratorOptions.COL_FIRST);
    covered.add(MultiplyIteratorOptions.COL_LAST);
    assertEquals(MultiplyIteratorOptions.descriptions().keySet(), covered);
  }

  @Test
  void maskModeNeedsAMaskFamily() {
    IllegalArgumentException e = refused(withJob(MultiplyIteratorOptions.MASK_COMPLEMENT, "true"));
    assertTrue(e.getMessage().contains(MultiplyIteratorOptions.MASK_FAMILY), e.getMessage());
  }

  @Test
  void mxmPartsParse() {
    java.util.Map<String,String> o = new java.util.HashMap<>(withJob(
        MultiplyIteratorOptions.MASK_FAMILY, "M"));
    o.put(MultiplyIteratorOptions.MASK_COMPLEMENT, "true");
    o.put(MultiplyIteratorOptions.ACCUM, "min");
    o.put(MultiplyIteratorOptions.ROW_FIRST, "02");
    o.put(MultiplyIteratorOptions.SELECT, "valuege:2");
    MxmOptions m = MultiplyIteratorOptions.parse(o).mxm();
    assertEquals("M", m.maskFamily());
    assertTrue(m.maskComplement() && !m.maskStructure() && !m.replace());
    assertTrue(m.readsC() && !m.plain());
    assertTrue(m.takesRow("02".getBytes()) && !m.takesRow("01".getBytes()));
    assertTrue(m.takesColumn("00".getBytes()));
    assertTrue(m.select().keepsValue(2) && !m.select().keepsValue(1.5));
  }

  @Test
  void unknownOptionIsNamed() {
    IllegalArgumentException e = refused(withJob("batchRows", "5"));
    assertTrue(e.getMessage().contains("'batchRows'"), e.getMessage());
    assertTrue(e.getMessage().contains(MultiplyIteratorOptions.BATCH_B_ROWS), e.getMessage());
  }

  @Test
  void missingJob() {
    for (Map<String,String> options : List.of(Map.<String,String>of(),
        Map.of(MultiplyIteratorOptions.JOB, ""), Map.of(MultiplyIteratorOptions.JOB, "  "),
        Map.of(MultiplyIteratorOptions.SEMIRING, "PLUS_TIMES"))) {
      IllegalArgumentException e = refused(options);
      assertTrue(e.getMessage().contains("'" + MultiplyIteratorOptions.JOB + "'"),
          e.getMessage());
    }
  }

  @Test
  void missingJobKey() {
    for (String bad : new String[] {null, "", "  "}) {
      Map<String,String> options = withJob();
      if (bad == null) {
        options.remove(MultiplyIteratorOptions.JOB_KEY);
      } else {
        options.put(MultiplyIteratorOptions.JOB_KEY, bad);
      }
      // a compaction needs no key (starting one takes WRITE); a scan-scope multiply does
      MultiplyIteratorOptions.parse(options);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new RowByRowMultiplyIterator().validateOptions(options));
      assertTrue(e.getMessage().contains("'" + MultiplyIteratorOptions.JOB_KEY + "'"),
          e.getMessage());
    }
  }

  @Test
  void cFamilyMayNotOverwriteAnInput() {
    IllegalArgumentException e = refused(withJob(MultiplyIteratorOptions.C_FAMILY, "A"));
    assertTrue(e.getMessage().contains("'" + MultiplyIteratorOptions.C_FAMILY + "'"),
        e.getMessage());
    refused(withJob(MultiplyIteratorOptions.C_FAMILY, "B"));
    refused(withJob(MultiplyIteratorOptions.A_FAMILY, "X", MultiplyIteratorOptions.C_FAMILY, "X"));
  }

  @Test
  void validateOptionsUsesTheSameChecks() {
    RowByRowMultiplyIterator it = new RowByRowMultiplyIterator();
    assertTrue(it.validateOptions(withJob()));
    assertThrows(IllegalArgumentException.class,
        () -> it.validateOptions(withJob(MultiplyIteratorOptions.THREADS, "0")));
    assertEquals(MultiplyIteratorOptions.descriptions().keySet(),
        it.describeOptions().getNamedOptions().keySet());
  }
}
