package org.spgemm.pipeline.compaction;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 * thread; only B rows of other tablets take a nested scan. A read holds its copy until it is
 * closed, and hands out the copy's own entries as it steps through them.
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
    SortedKeyValueIterator<Key,Value> source = local.isEmpty() ? null : copies.take();
    Read rest;
    try {
      rest = far.isEmpty() ? null : remote.read(far, homeRow);
    } catch (Exception | Error e) {
      if (source != null) {
        copies.add(source);
      }
      throw e;
    }
    return new Read() {
      private boolean closed;

      @Override
      public Iterator<Map.Entry<Key,Value>> iterator() {
        // the nested scan starts now, so that other servers read while this one reads locally
        Iterator<Map.Entry<Key,Value>> theirs = rest == null ? null : rest.iterator();
        return new LocalThenRemote(source, local, theirs);
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
        if (closed) {
          return;
        }
        closed = true;
        if (source != null) {
          copies.add(source);
        }
        if (rest != null) {
          rest.close();
        }
      }

      @Override
      public String toString() {
        return local.size() + " ranges read locally, " + far.size() + " remotely";
      }
    };
  }

  /**
   * The local ranges' entries straight from the compaction's source (its key and value, valid
   * until the next entry: nothing is copied or kept), then the nested scan's.
   */
  private final class LocalThenRemote implements Iterator<Map.Entry<Key,Value>> {
    private final SortedKeyValueIterator<Key,Value> source;
    private final List<Range> local;
    private final Iterator<Map.Entry<Key,Value>> theirs;
    private final Top top = new Top();
    private int nextRange;
    private boolean seeked;
    /** The entry handed out last is still the source's top: step past it before looking on. */
    private boolean handedOut;

    LocalThenRemote(SortedKeyValueIterator<Key,Value> source, List<Range> local,
        Iterator<Map.Entry<Key,Value>> theirs) {
      this.source = source;
      this.local = local;
      this.theirs = theirs;
    }

    /** True when the source's top is B's next local entry. */
    private boolean atLocal() {
      try {
        if (handedOut) {
          handedOut = false;
          source.next();
        }
        while (true) {
          if (seeked) {
            // the nested scan reads with no authorizations: a labelled entry is not B's here
            while (source.hasTop() && source.getTopKey().getColumnVisibilityData().length() > 0) {
              source.next();
            }
            if (source.hasTop()) {
              return true;
            }
          }
          if (nextRange == local.size()) {
            return false;
          }
          source.seek(local.get(nextRange++), family, true);
          seeked = true;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public boolean hasNext() {
      return (source != null && atLocal()) || (theirs != null && theirs.hasNext());
    }

    @Override
    public Map.Entry<Key,Value> next() {
      if (source != null && atLocal()) {
        handedOut = true;
        top.key = source.getTopKey();
        top.value = source.getTopValue();
        return top;
      }
      if (theirs == null) {
        throw new NoSuchElementException();
      }
      return theirs.next();
    }
  }

  /** The source's current entry, re-pointed at each one. */
  private static final class Top implements Map.Entry<Key,Value> {
    private Key key;
    private Value value;

    @Override
    public Key getKey() {
      return key;
    }

    @Override
    public Value getValue() {
      return value;
    }

    @Override
    public Value setValue(Value v) {
      throw new UnsupportedOperationException();
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
