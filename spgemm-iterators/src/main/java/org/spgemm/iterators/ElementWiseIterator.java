package org.spgemm.iterators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.Monoid;
import org.spgemm.algebra.Monoids;
import org.spgemm.algebra.UnaryOp;
import org.spgemm.algebra.UnaryOps;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.kernel.DomainValues;
import org.spgemm.kernel.EWiseKernel;
import org.spgemm.kernel.EWiseRow;

/**
 * Consumes the entries of the input families of each row (the scan fetches only those, with the
 * runner's authorizations, so entries the runner may not read take no part) and emits the row of
 * the element-wise result: eWiseAdd, eWiseMult, apply, or the row reduced to one entry (see
 * {@link ElementWiseSpec}). An emitted key is (row, empty family, column, visibility) with the
 * value in the output codec; the visibility is the conjunction of the labels of the entries the
 * value comes from. A reduced row is emitted at the empty column. The client writes what it
 * receives into the output family. A value the codec cannot read ends the scan with one entry in
 * family {@link #ERROR_FAMILY} whose value names the row, column and family.
 *
 * <p>A seek into the middle of a row (a scan resumed after the last key it returned) computes the
 * row again and skips what was emitted before.
 */
public class ElementWiseIterator implements SortedKeyValueIterator<Key,Value>, OptionDescriber {

  /** Family of the one entry a failing scan emits; its value is the message. */
  public static final String ERROR_FAMILY = "!error";

  private static final byte[] EMPTY = new byte[0];

  private SortedKeyValueIterator<Key,Value> source;
  private ElementWiseSpec spec;
  private Domain domain;
  private ValueCodec codecX;
  private ValueCodec codecY;
  private ValueCodec codecOut;
  private BinaryOp binary;
  private UnaryOp unary;
  private Monoid monoid;
  private long scalar;
  private final Map<String,byte[]> conjunctions = new HashMap<>();

  private final EWiseRow x = new EWiseRow();
  private final EWiseRow y = new EWiseRow();
  private final EWiseRow out = new EWiseRow();
  private byte[] row;
  private int next;
  private Range range;
  private boolean failed;
  private Key topKey;
  private Value topValue;

  /** The scan iterator setting carrying {@code spec}. */
  public static IteratorSetting setting(ElementWiseSpec spec) {
    return new IteratorSetting(TableLayout.ITERATOR_PRIORITY, TableLayout.ITERATOR_NAME
        + "-ewise", ElementWiseIterator.class, spec.options());
  }

  @Override
  public void init(SortedKeyValueIterator<Key,Value> source, Map<String,String> options,
      IteratorEnvironment env) {
    this.source = source;
    configure(ElementWiseSpec.parse(options));
  }

  private void configure(ElementWiseSpec s) {
    this.spec = s;
    this.domain = s.domain();
    this.codecX = s.codec(s.codecX());
    this.codecY = s.codec(s.codecY());
    this.codecOut = s.codec(s.codecOut());
    this.binary = s.binaryOp() == null ? null : BinaryOps.forName(s.binaryOp());
    this.unary = s.unaryOp() == null ? null : UnaryOps.forName(s.unaryOp());
    this.monoid = s.monoid() == null ? null : Monoids.forName(s.monoid());
    this.scalar = s.scalar() == null ? 0
        : DomainValues.of(domain, ElementWiseSpec.number(s.scalar()));
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    this.range = range;
    this.failed = false;
    this.out.clear();
    this.next = 0;
    Key start = range.isInfiniteStartKey() ? null : new Key(range.getStartKey().getRow());
    Key end = range.isInfiniteStopKey() ? null
        : range.getEndKey().followingKey(PartialKey.ROW);
    source.seek(new Range(start, true, end, false), columnFamilies, inclusive);
    advance();
  }

  @Override
  public void next() throws IOException {
    advance();
  }

  /** Moves to the next emitted entry inside the range, computing rows as needed. */
  private void advance() throws IOException {
    topKey = null;
    topValue = null;
    while (!failed) {
      if (next < out.size()) {
        int p = next++;
        Key k = new Key(row, EMPTY, out.col(p), out.label(p), Long.MAX_VALUE);
        if (range.beforeStartKey(k)) {
          continue;
        }
        if (range.afterEndKey(k)) {
          return;
        }
        topKey = k;
        topValue = new Value(DomainValues.encode(codecOut, domain, out.value(p)));
        return;
      }
      if (!source.hasTop()) {
        return;
      }
      computeRow();
    }
  }

  /** Reads the source's current row into x and y and computes its result into out. */
  private void computeRow() throws IOException {
    x.clear();
    y.clear();
    next = 0;
    Key first = source.getTopKey();
    row = first.getRowData().toArray();
    byte[] fx = spec.x().getBytes(StandardCharsets.UTF_8);
    byte[] fy = spec.y() == null ? null : spec.y().getBytes(StandardCharsets.UTF_8);
    while (source.hasTop() && source.getTopKey().equals(first, PartialKey.ROW)) {
      Key k = source.getTopKey();
      byte[] fam = k.getColumnFamilyData().toArray();
      try {
        if (Arrays.equals(fam, fx)) {
          take(x, k, codecX, spec.x());
        }
        if (fy != null && Arrays.equals(fam, fy)) {
          take(y, k, codecY, spec.y());
        }
      } catch (IllegalArgumentException e) {
        fail(e.getMessage());
        return;
      }
      source.next();
    }
    switch (spec.kind()) {
      case ADD -> EWiseKernel.add(x, y, binary, domain, this::and, out);
      case MULT -> EWiseKernel.mult(x, y, binary, domain, this::and, out);
      case APPLY -> {
        if (unary != null) {
          EWiseKernel.apply(x, unary, domain, out);
        } else {
          EWiseKernel.applyBound(x, binary, scalar, spec.bindFirst(), domain, out);
        }
      }
      case REDUCE -> EWiseKernel.reduce(x, monoid, domain, this::and, EMPTY, out);
      default -> throw new IllegalStateException(spec.kind().name());
    }
  }

  private void take(EWiseRow into, Key k, ValueCodec codec, String family) {
    byte[] col = k.getColumnQualifierData().toArray();
    if (into.size() > 0 && Arrays.equals(into.col(into.size() - 1), col)) {
      throw new IllegalArgumentException("row " + text(row) + " column " + text(col)
          + " of family " + family + " is stored twice (under two visibilities); an"
          + " element-wise operation needs one value per entry");
    }
    try {
      into.add(col, DomainValues.decode(codec, domain, source.getTopValue().get()),
          k.getColumnVisibilityData().toArray());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("row " + text(row) + " column " + text(col)
          + " of family " + family + ": " + e.getMessage(), e);
    }
  }

  private void fail(String message) {
    failed = true;
    out.clear();
    topKey = new Key(row, ERROR_FAMILY.getBytes(StandardCharsets.UTF_8), EMPTY, EMPTY,
        Long.MAX_VALUE);
    topValue = new Value(message.getBytes(StandardCharsets.UTF_8));
  }

  /** The conjunction of two visibilities, normalised (the empty one is neutral). */
  private byte[] and(byte[] a, byte[] b) {
    if (a.length == 0 || Arrays.equals(a, b)) {
      return b;
    }
    if (b.length == 0) {
      return a;
    }
    String k = text(a) + "\u0000" + text(b);
    return conjunctions.computeIfAbsent(k, z -> new ColumnVisibility("(" + text(a) + ")&("
        + text(b) + ")").flatten());
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key,Value> deepCopy(IteratorEnvironment env) {
    ElementWiseIterator c = new ElementWiseIterator();
    c.source = source.deepCopy(env);
    c.configure(spec);
    return c;
  }

  @Override
  public IteratorOptions describeOptions() {
    return new IteratorOptions("spgemm-ewise", "element-wise add, mult, apply or reduce of the"
        + " families of each row", ElementWiseSpec.DESCRIPTIONS, null);
  }

  @Override
  public boolean validateOptions(Map<String,String> options) {
    ElementWiseSpec.parse(options);
    return true;
  }
}
