package org.spgemm.pipeline;

import org.apache.accumulo.core.data.ByteSequence;
import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.iterators.MultiplySpec;

/**
 * Decodes B's values in the multiply's domain; a value that does not decode names its entry. In
 * count mode, which counts the product's structure, no value is read (B's values are not even
 * fetched there) and every one reads as 0.
 */
final class BValues {

  private final MultiplySpec opts;
  private final ValueCodec codec;
  final boolean integer;
  /** Count mode: no value is read (a streamed row marks its columns, {@link RowStream}). */
  final boolean structureOnly;

  BValues(MultiplySpec opts) {
    this.opts = opts;
    this.codec = opts.codecB();
    this.integer = opts.domain() == Domain.INT64;
    this.structureOnly = opts.mode() == MultiplySpec.Mode.COUNT;
  }

  long asLong(ByteSequence row, byte[] col, byte[] value) {
    if (structureOnly) {
      return 0;
    }
    try {
      return codec.decodeLong(value, 0, value.length);
    } catch (IllegalArgumentException e) {
      throw bad(row, col, e);
    }
  }

  double asDouble(ByteSequence row, byte[] col, byte[] value) {
    if (structureOnly) {
      return 0;
    }
    try {
      return codec.decodeDouble(value, 0, value.length);
    } catch (IllegalArgumentException e) {
      throw bad(row, col, e);
    }
  }

  private BadInputException bad(ByteSequence row, byte[] col, IllegalArgumentException e) {
    return new BadInputException("bad value of B(" + ARowReader.text(row.toArray()) + ", "
        + ARowReader.text(col) + ") in family " + opts.bFamily()
        + (opts.bTable() == null ? "" : " of table " + opts.bTable()) + ": " + e.getMessage()
        + " (codec " + codec.name() + ")", null);
  }
}
