package org.spgemm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.spgemm.iterators.MultiplySpec;

/**
 * Two batches on two threads fetching overlapping Φ through one cache: each shared row is read
 * once, by the batch that claimed it, and a fetch that fails or passes its budget leaves its
 * waiters to read the row themselves.
 */
class BPanelFetcherTest {

  private static final MultiplySpec OPTS = MultiplySpec.builder().set("job", "j").build();
  private final ExecutorService pool = Executors.newFixedThreadPool(2);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  /** B with rows "r0".."r9" (no decimal keys: ranges are never merged), row i of i + 1 entries. */
  private static SortedMap<Key,Value> bTable() {
    SortedMap<Key,Value> t = new TreeMap<>();
    for (int i = 0; i < 10; i++) {
      for (int j = 0; j <= i; j++) {
        t.put(new Key("r" + i, "B", "c" + j), new Value(Integer.toString(10 * i + j + 1)));
      }
    }
    return t;
  }

  private static List<byte[]> phi(String... rows) {
    List<byte[]> out = new ArrayList<>();
    for (String r : rows) {
      out.add(r.getBytes(StandardCharsets.UTF_8));
    }
    return out;
  }

  /**
   * B read from a map, counting how often each row was read; {@code gate} runs before each read
   * (with the read's number, from 1) and may block or throw.
   */
  private static final class GatedB implements BSource {
    final TestTables.B b;
    final Consumer<Integer> gate;
    private int reads;

    GatedB(SortedMap<Key,Value> table, Consumer<Integer> gate) {
      this.b = new TestTables.B(table, "B");
      this.gate = gate;
    }

    @Override
    public Read read(List<Range> ranges, byte[] homeRow) {
      int n;
      synchronized (this) {
        n = ++reads;
      }
      gate.accept(n);
      return b.read(ranges, homeRow);
    }

    long timesRead(String row) {
      synchronized (b) {
        return b.rowsRead.stream().filter(row::equals).count();
      }
    }
  }

  private static void await(CountDownLatch l) {
    try {
      assertTrue(l.await(20, TimeUnit.SECONDS), "timed out");
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The panel's rows as row -> column -> value, rows without entries left out. */
  private static Map<String,Map<String,Double>> contents(List<byte[]> phi, BPanel p) {
    Map<String,Map<String,Double>> out = new TreeMap<>();
    for (int i = 0; i < phi.size(); i++) {
      for (int q = p.b.rowPtr[i]; q < p.b.rowPtr[i + 1]; q++) {
        out.computeIfAbsent(new String(phi.get(i), StandardCharsets.UTF_8), r -> new TreeMap<>())
            .put(new String(p.columnKeys[p.b.colIdx[q]], StandardCharsets.UTF_8), p.b.fpVals[q]);
      }
    }
    return out;
  }

  /** What B holds in the rows of {@code phi}, computed from the map. */
  private static Map<String,Map<String,Double>> expected(SortedMap<Key,Value> t, List<byte[]> phi) {
    Map<String,Map<String,Double>> out = new TreeMap<>();
    for (byte[] r : phi) {
      String row = new String(r, StandardCharsets.UTF_8);
      t.forEach((k, v) -> {
        if (k.getRow().toString().equals(row)) {
          out.computeIfAbsent(row, x -> new TreeMap<>()).put(k.getColumnQualifier().toString(),
              Double.parseDouble(v.toString()));
        }
      });
    }
    return out;
  }

  private static long entries(String... rows) {
    long n = 0;
    for (String r : rows) {
      n += r.startsWith("r") ? Integer.parseInt(r.substring(1)) + 1 : 0;
    }
    return n;
  }

  @Test
  void twoBatchesMissingTheSameRowsReadEachOnceAndBothGetAllOfThem() throws Exception {
    SortedMap<Key,Value> t = bTable();
    CountDownLatch firstReading = new CountDownLatch(1);
    CountDownLatch secondRead = new CountDownLatch(1);
    GatedB src = new GatedB(t, n -> {
      if (n == 1) {
        firstReading.countDown();
        await(secondRead); // the first batch's read lasts until the second has read its own
      } else {
        secondRead.countDown();
      }
    });
    BRowCache cache = new BRowCache(1 << 20);
    // "x1" is in no row of B: absent rows are shared as well
    List<byte[]> phi1 = phi("r1", "r3", "r5", "r7", "x1");
    List<byte[]> phi2 = phi("r2", "r3", "r6", "r7", "x1");
    Future<BPanel> first = pool.submit(
        () -> new BPanelFetcher(src, OPTS, 1 << 20, cache).fetch(phi1, "a".getBytes()));
    await(firstReading);
    Future<BPanel> second = pool.submit(
        () -> new BPanelFetcher(src, OPTS, 1 << 20, cache).fetch(phi2, "a".getBytes()));
    BPanel p1 = first.get(20, TimeUnit.SECONDS);
    BPanel p2 = second.get(20, TimeUnit.SECONDS);
    assertEquals(expected(t, phi1), contents(phi1, p1));
    assertEquals(expected(t, phi2), contents(phi2, p2));
    for (String r : new String[] {"r1", "r2", "r3", "r5", "r6", "r7"}) {
      assertEquals(1, src.timesRead(r), r + " read once");
    }
    assertEquals(2, src.reads, "one read per batch, none for the rows in flight");
    // each batch counts what it read, the second not the rows it received
    assertEquals(entries("r1", "r3", "r5", "r7"), p1.entries);
    assertEquals(entries("r2", "r6"), p2.entries);
    assertEquals(0, cache.inFlight());
  }

  /** The first batch's read is stopped by {@code failure} once the second waits for its rows. */
  private void theSecondReadsItselfWhenTheFirstFails(long firstBudget, BRowCache cache,
      Consumer<Integer> failure, Class<? extends Throwable> expected) throws Exception {
    SortedMap<Key,Value> t = bTable();
    CountDownLatch firstReading = new CountDownLatch(1);
    CountDownLatch secondClaimed = new CountDownLatch(1);
    GatedB src = new GatedB(t, n -> {
      if (n == 1) {
        firstReading.countDown();
        await(secondClaimed);
        failure.accept(n);
      } else if (n == 2) {
        secondClaimed.countDown(); // its own rows; the shared ones it now waits for
      }
    });
    List<byte[]> phi1 = phi("r4", "r8", "r9");
    List<byte[]> phi2 = phi("r1", "r8", "r9");
    Future<BPanel> first = pool.submit(
        () -> new BPanelFetcher(src, OPTS, firstBudget, cache).fetch(phi1, "a".getBytes()));
    await(firstReading);
    Future<BPanel> second = pool.submit(
        () -> new BPanelFetcher(src, OPTS, 1 << 20, cache).fetch(phi2, "a".getBytes()));
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> first.get(20, TimeUnit.SECONDS));
    assertEquals(expected, e.getCause().getClass());
    BPanel p2 = second.get(20, TimeUnit.SECONDS);
    assertEquals(expected(t, phi2), contents(phi2, p2));
    assertEquals(3, src.reads, "the second batch read its own row, then the given-up ones");
    assertEquals(entries("r1", "r8", "r9"), p2.entries, "all read by the second batch");
    assertEquals(0, cache.inFlight());
  }

  @Test
  void aFailedFetchReleasesItsWaitersWhoReadTheRowsThemselves() throws Exception {
    theSecondReadsItselfWhenTheFirstFails(1 << 20, new BRowCache(1 << 20), n -> {
      throw new IllegalStateException("nested scan failed");
    }, IllegalStateException.class);
  }

  @Test
  void anErrorReleasesTheWaitersToo() throws Exception {
    theSecondReadsItselfWhenTheFirstFails(1 << 20, new BRowCache(1 << 20), n -> {
      throw new AssertionError("an Error, not an Exception");
    }, AssertionError.class);
  }

  @Test
  void aPanelTooLargeReleasesItsWaitersWhoReadTheRowsThemselves() throws Exception {
    // r4, r8, r9 hold 5 + 9 + 10 entries of about 20 bytes: far over 100 bytes
    theSecondReadsItselfWhenTheFirstFails(100, new BRowCache(1 << 20), n -> { },
        BPanelFetcher.PanelTooLargeException.class);
  }

  @Test
  void aPanelOfAllOfBCountsWhatItHoldsNotTheBytesStored() throws Exception {
    // B's values as 128-byte decimal strings, zero-padded: 55 entries of about 150 bytes stored
    SortedMap<Key,Value> t = new TreeMap<>();
    bTable().forEach((k, v) -> t.put(k, new Value("0".repeat(128 - v.getSize()) + v)));
    MultiplySpec whole = MultiplySpec.builder().set("job", "j").set("wholeB", true).build();
    List<byte[]> all = phi("r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9");
    long held = WholeB.panelBytes(10, 55);
    assertTrue(held * 10 < t.entrySet().stream()
        .mapToLong(e -> e.getKey().getSize() + e.getValue().getSize()).sum());
    BPanel p = new BPanelFetcher(new TestTables.B(t, "B"), whole, held, new BRowCache(1 << 20))
        .fetch(all, phi("r0").get(0));
    assertEquals(expected(bTable(), all), contents(all, p));
    assertEquals(55, p.entries);
    assertThrows(BPanelFetcher.PanelTooLargeException.class, () -> new BPanelFetcher(
        new TestTables.B(t, "B"), whole, held - 1, new BRowCache(1 << 20)).fetch(all,
            phi("r0").get(0)));
  }

  @Test
  void aRowTooLargeToKeepStillReachesItsWaiters() throws Exception {
    SortedMap<Key,Value> t = bTable();
    CountDownLatch firstReading = new CountDownLatch(1);
    CountDownLatch secondRead = new CountDownLatch(1);
    GatedB src = new GatedB(t, n -> {
      if (n == 1) {
        firstReading.countDown();
        await(secondRead);
      } else {
        secondRead.countDown();
      }
    });
    BRowCache cache = new BRowCache(400); // r9 (10 entries) costs more than 100 bytes
    List<byte[]> phi1 = phi("r9");
    List<byte[]> phi2 = phi("r0", "r9");
    Future<BPanel> first = pool.submit(
        () -> new BPanelFetcher(src, OPTS, 1 << 20, cache).fetch(phi1, "a".getBytes()));
    await(firstReading);
    Future<BPanel> second = pool.submit(
        () -> new BPanelFetcher(src, OPTS, 1 << 20, cache).fetch(phi2, "a".getBytes()));
    assertEquals(expected(t, phi1), contents(phi1, first.get(20, TimeUnit.SECONDS)));
    assertEquals(expected(t, phi2), contents(phi2, second.get(20, TimeUnit.SECONDS)));
    assertEquals(1, src.timesRead("r9"));
    assertFalse(cache.contains(new ArrayByteSequence("r9")), "not kept");
    assertEquals(0, cache.inFlight());
  }

  @Test
  void rowsReceivedCountAgainstTheBatchBudget() throws Exception {
    SortedMap<Key,Value> t = bTable();
    CountDownLatch firstReading = new CountDownLatch(1);
    CountDownLatch secondRead = new CountDownLatch(1);
    GatedB src = new GatedB(t, n -> {
      if (n == 1) {
        firstReading.countDown();
        await(secondRead);
      } else {
        secondRead.countDown();
      }
    });
    BRowCache cache = new BRowCache(1 << 20);
    List<byte[]> phi1 = phi("r8", "r9");
    List<byte[]> phi2 = phi("r0", "r8", "r9");
    Future<BPanel> first = pool.submit(
        () -> new BPanelFetcher(src, OPTS, 1 << 20, cache).fetch(phi1, "a".getBytes()));
    await(firstReading);
    // r0 alone fits 100 bytes; with r8 and r9 received from the first batch it does not
    Future<BPanel> second = pool.submit(
        () -> new BPanelFetcher(src, OPTS, 100, cache).fetch(phi2, "a".getBytes()));
    first.get(20, TimeUnit.SECONDS);
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> second.get(20, TimeUnit.SECONDS));
    assertEquals(BPanelFetcher.PanelTooLargeException.class, e.getCause().getClass());
    assertEquals(2, src.reads);
    assertEquals(0, cache.inFlight());
  }

  @Test
  void withoutACacheEveryBatchReadsItsOwnRows() throws Exception {
    SortedMap<Key,Value> t = bTable();
    GatedB src = new GatedB(t, n -> { });
    List<byte[]> phi = phi("r2", "r5", "x");
    BPanelFetcher f = new BPanelFetcher(src, OPTS, 1 << 20, null);
    assertEquals(expected(t, phi), contents(phi, f.fetch(phi, "a".getBytes())));
    assertEquals(expected(t, phi), contents(phi, f.fetch(phi, "a".getBytes())));
    assertEquals(2, src.timesRead("r5"));
    assertEquals(Collections.emptyMap(), contents(phi("x"), f.fetch(phi("x"), "a".getBytes())));
  }
}
