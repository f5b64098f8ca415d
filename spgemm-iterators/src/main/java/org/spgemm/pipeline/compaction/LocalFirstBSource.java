package org.spgemm.pipeline.compaction;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.spgemm.pipeline.BSource;

/**
 * B rows read where they are: those of the tablet being compacted from the compaction's own
 * source (copies of its iterator stack, made on the compaction's thread before any worker runs,
 * one per worker at a time), the others through {@code remote} (a nested scan). A row of the
 * tablet costs no RPC, no scan session and no second decoding of the file's blocks by a scan
 * thread; only B rows of other tablets take a nested scan.
 */
public final class LocalFirstBSource implements BSource {

  private final Range tablet;
  private final Set<ByteSequence> family;
  private final BlockingQueue<SortedKeyValueIterator<Key,Value>> copies;
  private final BSource remote;

  /**
   * @param tablet the extent of the tablet being compacted (its rows are read locally)
   * @param copies copies of the compaction's source, one for each worker that may read at once
   * @param remote where rows of other tablets are read
   */
  LocalFirstBSource(Range tablet, String bFamily,
      List<SortedKeyValueIterator<Key,Value>> copies, BSource remote) {
    this.tablet = tablet;
    this.family = Set.of(new ArrayByteSequence(bFamily));
    this.copies = new LinkedBlockingQueue<>(copies);
    this.remote = remote;
  }

  @Override
  public Read read(List<Range> ranges, byte[] homeRow) throws Exception {
    List<Range> local = new ArrayList<>();
    List<Range> far = new ArrayList<>();
    for (Range r : ranges) {
      Range inside = tablet.clip(r, true);
      if (inside != null && inside.equals(r)) {
        local.add(r);
      } else {
        far.add(r); // outside the tablet, or across its edge: the nested scan reads it whole
      }
    }
    List<Map.Entry<Key,Value>> entries = new ArrayList<>();
    if (!local.isEmpty()) {
      SortedKeyValueIterator<Key,Value> source = copies.take();
      try {
        for (Range r : local) {
          readLocally(source, r, entries);
        }
      } finally {
        copies.add(source);
      }
    }
    Read rest = far.isEmpty() ? null : remote.read(far, homeRow);
    int localCount = entries.size();
    return new Read() {
      @Override
      public Iterator<Map.Entry<Key,Value>> iterator() {
        Iterator<Map.Entry<Key,Value>> mine = entries.iterator();
        Iterator<Map.Entry<Key,Value>> theirs = rest == null ? null : rest.iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return mine.hasNext() || (theirs != null && theirs.hasNext());
          }

          @Override
          public Map.Entry<Key,Value> next() {
            if (mine.hasNext()) {
              return mine.next();
            }
            if (theirs == null) {
              throw new NoSuchElementException();
            }
            return theirs.next();
          }
        };
      }

      @Override
      public boolean isRemote(ByteSequence row) {
        return rest != null && !tablet.contains(new Key(row.toArray())) && rest.isRemote(row);
      }

      @Override
      public boolean isLocal(ByteSequence row) {
        return tablet.contains(new Key(row.toArray()));
      }

      @Override
      public void close() {
        if (rest != null) {
          rest.close();
        }
      }

      @Override
      public String toString() {
        return localCount + " local entries, " + far.size() + " ranges read remotely";
      }
    };
  }

  private void readLocally(SortedKeyValueIterator<Key,Value> source, Range r,
      List<Map.Entry<Key,Value>> into) throws IOException {
    source.seek(r, family, true);
    while (source.hasTop()) {
      // the nested scan reads with no authorizations: a labelled entry is not B's here either
      if (source.getTopKey().getColumnVisibilityData().length() > 0) {
        source.next();
        continue;
      }
      into.add(Map.entry(new Key(source.getTopKey()), new Value(source.getTopValue())));
      source.next();
    }
  }

  /**
   * B read locally where the tablet holds it, through {@code workers} copies of the compaction's
   * source made now (on the compaction's thread, before any worker runs), remotely elsewhere.
   */
  public static BSource over(SortedKeyValueIterator<Key,Value> source, IteratorEnvironment env,
      Range tablet, String bFamily, int workers, BSource remote) {
    List<SortedKeyValueIterator<Key,Value>> copies = new ArrayList<>(workers);
    for (int i = 0; i < workers; i++) {
      copies.add(source.deepCopy(env));
    }
    return new LocalFirstBSource(tablet, bFamily, copies, remote);
  }
}
