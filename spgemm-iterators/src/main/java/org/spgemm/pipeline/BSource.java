package org.spgemm.pipeline;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

/**
 * Where the rows of B come from: a nested batch scan of B's table in a tablet server ({@link
 * NestedScanBSource}), a sorted map in tests.
 */
public interface BSource {

  /**
   * One read of some B rows, iterated once; closing it releases what it holds. An entry's key and
   * value may be re-used for the next entry: keep their arrays, never the objects.
   */
  interface Read extends Iterable<Map.Entry<Key,Value>>, AutoCloseable {
    /** True if B's row {@code row} lives on another tablet server than the batch's tablet. */
    boolean isRemote(ByteSequence row);

    /** True if B's row {@code row} was read from the batch's own tablet, without an RPC. */
    default boolean isLocal(ByteSequence row) {
      return false;
    }

    @Override
    void close();

    /**
     * A read of {@code entries}, remote where {@code remote} says (never local); closing it runs
     * {@code close}.
     */
    static Read of(Iterable<Map.Entry<Key,Value>> entries, Predicate<ByteSequence> remote,
        Runnable close) {
      return new Read() {
        @Override
        public Iterator<Map.Entry<Key,Value>> iterator() {
          return entries.iterator();
        }

        @Override
        public boolean isRemote(ByteSequence row) {
          return remote.test(row);
        }

        @Override
        public void close() {
          close.run();
        }
      };
    }
  }

  /**
   * The entries of B's family in {@code ranges}. A row's entries come in key order, but one row
   * may come in several runs (a batch scanner returns tablets' results interleaved).
   *
   * @param homeRow a row of the batch's own tablet, which decides what is remote
   */
  Read read(List<Range> ranges, byte[] homeRow) throws Exception;
}
