package org.spgemm.pipeline;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.spgemm.iterators.MultiplySpec;
import org.spgemm.kernel.RowWorkspace;

/**
 * The pipeline's outside world in memory: a table as a sorted map, B read from it as a nested scan
 * would (a row's entries may come in two runs, as a batch scanner returns them), C written into
 * a map, and a reference multiply over plain maps.
 */
public final class TestTables {

  private TestTables() {}

  public static String key(int i) {
    return String.format("%04d", i);
  }

  /** A random rows x cols matrix as row -> col -> small integer value. */
  public static TreeMap<Integer,TreeMap<Integer,Long>> random(int rows, int cols, double density,
      long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    TreeMap<Integer,TreeMap<Integer,Long>> m = new TreeMap<>();
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        if (rnd.nextDouble() < density) {
          m.computeIfAbsent(i, x -> new TreeMap<>()).put(j, 1L + rnd.nextInt(9));
        }
      }
    }
    return m;
  }

  /** A table holding {@code a} as family A and {@code b} as family B. */
  public static SortedMap<Key,Value> table(Map<Integer,? extends Map<Integer,Long>> a,
      Map<Integer,? extends Map<Integer,Long>> b) {
    SortedMap<Key,Value> table = new TreeMap<>();
    put(table, "A", a);
    put(table, "B", b);
    return table;
  }

  /**
   * Options of a job "j" in small batches (3 B rows, at most 2 A rows, 3 threads), with {@code
   * options} (name, value, ...) set on top.
   */
  public static MultiplySpec smallBatches(Object... options) {
    MultiplySpec.Builder b = MultiplySpec.builder().set("job", "j").set("batchBRows", 3)
        .set("maxBatchRows", 2).set("threads", 3);
    for (int i = 0; i < options.length; i += 2) {
      b.set((String) options[i], options[i + 1]);
    }
    return b.build();
  }

  /** Puts {@code m} into {@code table} as family {@code family}, decimal values. */
  public static void put(SortedMap<Key,Value> table, String family,
      Map<Integer,? extends Map<Integer,Long>> m) {
    m.forEach((i, row) -> row.forEach((j, v) -> table.put(new Key(key(i), family, key(j)),
        new Value(Long.toString(v)))));
  }

  /** C = A·B over PLUS_TIMES. */
  public static TreeMap<Integer,TreeMap<Integer,Long>> multiply(Map<Integer,TreeMap<Integer,Long>> a,
      Map<Integer,TreeMap<Integer,Long>> b) {
    TreeMap<Integer,TreeMap<Integer,Long>> c = new TreeMap<>();
    a.forEach((i, row) -> row.forEach((j, av) -> {
      Map<Integer,Long> brow = b.get(j);
      if (brow != null) {
        brow.forEach((k, bv) -> c.computeIfAbsent(i, x -> new TreeMap<>()).merge(k, av * bv,
            Long::sum));
      }
    }));
    return c;
  }

  /** Entries of family {@code family} as row -> col -> value (decimal text). */
  public static TreeMap<Integer,TreeMap<Integer,Long>> family(Map<Key,Value> entries, String family) {
    TreeMap<Integer,TreeMap<Integer,Long>> m = new TreeMap<>();
    entries.forEach((k, v) -> {
      if (k.getColumnFamily().toString().equals(family)) {
        m.computeIfAbsent(Integer.parseInt(k.getRow().toString()), x -> new TreeMap<>()).put(
            Integer.parseInt(k.getColumnQualifier().toString()), (long) Double.parseDouble(v
                .toString()));
      }
    });
    return m;
  }

  /** B read from a map: each range's rows, every row's entries in two runs, ranges interleaved. */
  public static final class B implements BSource {
    public final SortedMap<Key,Value> table;
    final String family;
    /** Rows read, with repetition: how often each B row was fetched. */
    public final List<String> rowsRead = new ArrayList<>();
    /** Reads made. */
    public int reads;

    public B(SortedMap<Key,Value> table, String family) {
      this.table = table;
      this.family = family;
    }

    @Override
    public synchronized Read read(List<Range> ranges, byte[] homeRow) {
      reads++;
      List<Map.Entry<Key,Value>> first = new ArrayList<>();
      List<Map.Entry<Key,Value>> second = new ArrayList<>();
      for (Range r : ranges) {
        List<Map.Entry<Key,Value>> in = new ArrayList<>();
        for (Map.Entry<Key,Value> e : table.entrySet()) {
          if (r.contains(e.getKey()) && e.getKey().getColumnFamily().toString().equals(family)) {
            in.add(Map.entry(new Key(e.getKey()), new Value(e.getValue())));
          }
        }
        String last = null;
        for (int i = 0; i < in.size(); i++) {
          String row = in.get(i).getKey().getRow().toString();
          if (!row.equals(last)) {
            rowsRead.add(row);
            last = row;
          }
          // the first half of each row now, the rest after the other ranges
          boolean late = i + 1 < in.size() && i % 2 == 1
              && row.equals(in.get(i + 1).getKey().getRow().toString());
          (late ? second : first).add(in.get(i));
        }
      }
      first.addAll(second);
      String home = new String(homeRow, StandardCharsets.UTF_8);
      return Read.of(first, row -> row.toString().compareTo(home) < 0, () -> {});
    }
  }

  /** C written into a map, while {@link #running} says the job runs. */
  public static final class C implements CWriters {
    public final SortedMap<Key,Value> table = new TreeMap<>();
    public final AtomicBoolean running = new AtomicBoolean(true);
    final String family;

    public C(String family) {
      this.family = family;
    }

    @Override
    public boolean jobRunning() {
      return running.get();
    }

    @Override
    public Writer open() {
      return new Writer() {
        @Override
        public int write(byte[] row, RowWorkspace w, byte[][] columnKeys, byte[][] vis) {
          for (int k = 0; k < w.rowNnz(); k++) {
            put(row, columnKeys[w.column(k)], vis == null ? null : vis[k],
                Double.toString(w.fpValue(k)).getBytes(StandardCharsets.UTF_8));
          }
          return w.rowNnz();
        }

        @Override
        public int writeRow(byte[] row, byte[][] quals, byte[][] values, byte[][] vis,
            long bytes) {
          for (int k = 0; k < quals.length; k++) {
            put(row, quals[k], vis == null ? null : vis[k], values[k]);
          }
          return quals.length;
        }

        @Override
        public void put(byte[] row, byte[] qual, byte[] vis, long iv, double fv) {
          put(row, qual, vis, Double.toString(fv).getBytes(StandardCharsets.UTF_8));
        }

        private long bytes;

        private void put(byte[] row, byte[] qual, byte[] vis, byte[] value) {
          Key k = new Key(row, family.getBytes(StandardCharsets.UTF_8), qual,
              vis == null ? new byte[0] : vis, 1L);
          bytes += k.getSize() + value.length;
          synchronized (table) {
            table.put(k, new Value(value));
          }
        }

        @Override
        public long bytesWritten() {
          return bytes;
        }

        @Override
        public void close() {}
      };
    }
  }
}
