package org.spgemm.it;

import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iterators.WrappingIterator;

/**
 * Passes everything through after sleeping {@code millis} in its first seek: a compaction job
 * that runs for that long, for the tests of what the client does with a compaction still running.
 * Loaded on the tablet servers by class name.
 */
public final class SlowSeekIterator extends WrappingIterator {

  private long millis;

  /** This iterator, sleeping {@code millis} before its first entry. */
  public static IteratorSetting setting(int priority, long millis) {
    IteratorSetting is = new IteratorSetting(priority, "slowSeek", SlowSeekIterator.class);
    is.addOption("millis", Long.toString(millis));
    return is;
  }

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) throws IOException {
    super.init(source, options, env);
    millis = Long.parseLong(options.get("millis"));
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> families, boolean inclusive)
      throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    millis = 0;
    super.seek(range, families, inclusive);
  }
}
