package org.spgemm.iterators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.spgemm.algebra.Semirings;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.pipeline.MemoryBudget;

/** {@link MultiplySpec}: defaults, the round trip through options, a named error for each. */
class MultiplySpecTest {

  private static Map<String,String> withJob(String... kv) {
    Map<String,String> m = new HashMap<>();
    m.put("job", "job-1");
    m.put("jobKey", "key-1");
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  private static IllegalArgumentException refused(Map<String,String> options) {
    return assertThrows(IllegalArgumentException.class, () -> MultiplySpec.decode(options));
  }

  @Test
  void defaults() {
    MultiplySpec p = MultiplySpec.decode(withJob());
    assertEquals("job-1", p.job());
    assertEquals("key-1", p.jobKey());
    assertEquals(MultiplySpec.Mode.MULTIPLY, p.mode());
    assertEquals(List.of("A", "B", "C"), List.of(p.aFamily(), p.bFamily(), p.cFamily()));
    assertNull(p.bTable());
    assertSame(Semirings.PLUS_TIMES, p.semiring());
    assertSame(ValueCodecs.DECIMAL, p.codecA());
    assertSame(ValueCodecs.DECIMAL, p.codecB());
    assertSame(ValueCodecs.DECIMAL, p.codecC());
    assertEquals(Domain.FP64, p.domain());
    assertEquals(4096, p.batchBRows());
    assertEquals(0, p.maxBatchRows());
    assertEquals(MemoryBudget.FROM_HEAP, p.maxBatchBytes());
    assertEquals(MemoryBudget.FROM_HEAP, p.cacheBytes());
    assertEquals(MemoryBudget.FROM_HEAP, p.cBufferBytes());
    assertEquals(2, p.threads());
    assertEquals(4, p.scanThreads());
    assertEquals(1000L, p.yieldMillis());
    assertNull(p.table());
    assertTrue(p.plain() && !p.readsC() && !p.dryRun());
  }

  @Test
  void whatTheBuilderSetsEncodesAndDecodesBack() {
    MultiplySpec p = MultiplySpec.builder().set("job", "j42").set("jobKey", "k42")
        .set("mode", MultiplySpec.Mode.COUNT).set("aFamily", "a1").set("bFamily", "b1")
        .set("cFamily", "c1").set("bTable", "other").set("semiring", "min-plus")
        .set("codecB", ValueCodecs.DOUBLE).set("codecC", "long").set("batchBRows", 7)
        .set("maxBatchRows", 8).set("maxBatchBytes", 9000L).set("threads", 3)
        .set("scanThreads", 5).set("rowFirst", "02").build();
    MultiplySpec back = MultiplySpec.decode(p.encode());
    for (MultiplySpec q : List.of(p, back)) {
      assertEquals("j42", q.job());
      assertEquals(MultiplySpec.Mode.COUNT, q.mode());
      assertEquals(List.of("a1", "b1", "c1"), List.of(q.aFamily(), q.bFamily(), q.cFamily()));
      assertEquals("other", q.bTable());
      assertSame(Semirings.MIN_PLUS, q.semiring());
      assertSame(ValueCodecs.DECIMAL, q.codecA());
      assertSame(ValueCodecs.DOUBLE, q.codecB());
      assertSame(ValueCodecs.LONG, q.codecC());
      assertEquals(Domain.INT64, q.domain(), "C's codec sets the domain");
      assertEquals(7, q.batchBRows());
      assertEquals(8, q.maxBatchRows());
      assertEquals(9000L, q.maxBatchBytes());
      assertEquals(3, q.threads());
      assertEquals(5, q.scanThreads());
      assertTrue(q.takesRow("02".getBytes()) && !q.takesRow("01".getBytes()));
    }
    assertTrue(!p.encode().containsKey("codecA"), "defaults are not written: " + p.encode());
    assertEquals(p.encode(), p.toBuilder().build().encode());
  }

  @Test
  void blankMeansTheDefaultForNamesOnly() {
    assertNull(MultiplySpec.decode(withJob("bTable", " ")).bTable());
    assertEquals("M", MultiplySpec.decode(withJob("bTable", " ")).bTableFor("M"));
    assertEquals("Mb", MultiplySpec.decode(withJob("bTable", " Mb ")).bTable());
    assertEquals("Mb", MultiplySpec.decode(withJob("bTable", " Mb ")).bTableFor("M"));
    assertEquals("M", MultiplySpec.decode(withJob("cTable", " ")).cTableFor("M"));
    assertEquals("Mc", MultiplySpec.decode(withJob("cTable", " Mc ")).cTableFor("M"));
    refused(withJob("threads", "")); // a number given as nothing is a mistake
  }

  static Stream<Arguments> badValues() {
    return Stream.of(
        Arguments.of("mode", "sideways"),
        Arguments.of("cFamily", "A"), // the A family: C would overwrite its input
        Arguments.of("semiring", "NOPE"),
        Arguments.of("semiring", "class:no.such.Semiring"),
        Arguments.of("codecA", "text"),
        Arguments.of("codecB", "int32"),
        Arguments.of("codecC", "utf16"),
        Arguments.of("batchBRows", "0"),
        Arguments.of("batchBRows", "abc"),
        Arguments.of("batchBRows", "99999999999"),
        Arguments.of("maxBatchRows", "-1"),
        Arguments.of("maxBatchRows", "1.5"),
        Arguments.of("maxBatchBytes", "-1"),
        Arguments.of("maxBatchBytes", "32MB"),
        Arguments.of("cacheBytes", "-5"),
        Arguments.of("cBufferBytes", "many"),
        Arguments.of("timestamp", "yesterday"),
        Arguments.of("cVisibility", "a&|b"),
        Arguments.of("threads", "0"),
        Arguments.of("scanThreads", "-4"),
        Arguments.of("scanThreads", "four"),
        Arguments.of("yieldMillis", "0"),
        Arguments.of("yieldMillis", "1s"),
        Arguments.of("maskStructure", "yes"),
        Arguments.of("maskComplement", "1"),
        Arguments.of("accum", "avg"),
        Arguments.of("replace", "maybe"),
        Arguments.of("select", "median"),
        Arguments.of("select", "valuege:x"),
        Arguments.of("maskTable", "T"), // without a mask family
        Arguments.of("rowLast", "!"), // before rowFirst below
        Arguments.of("colLast", "!"),
        Arguments.of("dryRun", "maybe"),
        Arguments.of("localB", "sometimes"),
        Arguments.of("wholeB", "yes"),
        Arguments.of("cFiles", "yes"));
  }

  /** D4M writes its tables in the empty family: "" is a family like any other, both ways. */
  @Test
  void emptyFamilyIsAFamily() {
    Map<String,String> o = withJob("aFamily", "");
    o.put("bFamily", "");
    o.put("maskFamily", "");
    MultiplySpec s = MultiplySpec.decode(o);
    assertEquals("", s.aFamily());
    assertEquals("", s.bFamily());
    assertEquals("", s.maskFamily());
    MultiplySpec back = MultiplySpec.decode(s.encode());
    assertEquals("", back.aFamily());
    assertEquals("", back.maskFamily());
    // an absent mask family is still no mask
    assertNull(MultiplySpec.decode(withJob("aFamily", "")).maskFamily());
    o.put("cFamily", "");
    assertTrue(refused(o).getMessage().contains("'cFamily'"), "C may not be A's family");
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("badValues")
  void badValueNamesTheOption(String option, String value) {
    Map<String,String> o = withJob(option, value);
    o.putIfAbsent("rowFirst", "5");
    o.putIfAbsent("colFirst", "5");
    IllegalArgumentException e = refused(o);
    assertTrue(e.getMessage().contains("'" + option + "'"),
        "message should name option " + option + ": " + e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
  }

  /** Refusals that say more than the option's name: the bad number, the option still needed. */
  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(quoteCharacter = '"', value = {"threads, lots, 'lots'",
      "maskComplement, true, maskFamily"})
  void refusalSays(String option, String value, String said) {
    IllegalArgumentException e = refused(withJob(option, value));
    assertTrue(e.getMessage().contains(said), e.getMessage());
  }

  @Test
  void everyOptionHasABadValueOrAReason() {
    // guards the table above: a new option needs a bad-value case too
    Set<String> covered = new HashSet<>();
    badValues().forEach(a -> covered.add((String) a.get()[0]));
    covered.addAll(List.of("job", "jobKey", // see missingJob, missingJobKey
        "aFamily", "bFamily", // any family, "" too (emptyFamilyIsAFamily); cFamily above
        "bTable", "table", "maskFamily", "cTable", // any name
        "rowFirst", "colFirst")); // any key; with the last keys above
    assertEquals(MultiplySpec.descriptions().keySet(), covered);
  }

  @Test
  void mxmPartsDecode() {
    MultiplySpec m = MultiplySpec.decode(withJob("maskFamily", "M", "maskComplement", "true",
        "accum", "min", "rowFirst", "02", "select", "valuege:2"));
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
    assertTrue(e.getMessage().contains("batchBRows"), e.getMessage());
  }

  @Test
  void missingJob() {
    for (Map<String,String> options : List.of(Map.<String,String>of(), Map.of("job", ""),
        Map.of("job", "  "), Map.of("semiring", "PLUS_TIMES"))) {
      IllegalArgumentException e = refused(options);
      assertTrue(e.getMessage().contains("'job'"), e.getMessage());
    }
  }

  @Test
  void missingJobKey() {
    for (String bad : new String[] {null, "", "  "}) {
      Map<String,String> options = withJob();
      if (bad == null) {
        options.remove("jobKey");
      } else {
        options.put("jobKey", bad);
      }
      // a compaction needs no key (starting one takes WRITE); a scan-scope multiply does
      MultiplySpec.decode(options);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new ScanMultiplyIterator().validateOptions(options));
      assertTrue(e.getMessage().contains("'jobKey'"), e.getMessage());
    }
  }

  @Test
  void cFamilyMayNotOverwriteAnInput() {
    IllegalArgumentException e = refused(withJob("cFamily", "A"));
    assertTrue(e.getMessage().contains("'cFamily'"), e.getMessage());
    refused(withJob("cFamily", "B"));
    refused(withJob("aFamily", "X", "cFamily", "X"));
  }

  @Test
  void validateOptionsUsesTheSameChecks() {
    ScanMultiplyIterator it = new ScanMultiplyIterator();
    assertTrue(it.validateOptions(withJob()));
    assertThrows(IllegalArgumentException.class, () -> it.validateOptions(withJob("threads",
        "0")));
    assertEquals(MultiplySpec.descriptions().keySet(),
        it.describeOptions().getNamedOptions().keySet());
  }
}
