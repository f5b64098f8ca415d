package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

import org.spgemm.codec.Domain;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;
import org.spgemm.matrix.SparseMatrix;

/**
 * How a loader stores a matrix's values: the codec, and the value size in bytes (0: the codec's
 * normal form). With a size, every value is written at exactly that many bytes ({@link
 * ValueCodecs#fixedWidth}: decimal strings zero-padded, which every reader decodes to the same
 * number), as the paper's value-size experiment stores them; the multiply reads them through
 * the codec as it is and writes C in its normal form. Checked when built.
 *
 * @param codec the codec the values are read with (and the multiply is given)
 * @param valueBytes the size every stored value has, or 0 for the codec's normal form
 */
public record LoadOptions(ValueCodec codec, int valueBytes) {

  /**
   * @throws InvalidOptionException for a size the codec cannot write (a binary codec, or outside
   *     1 to {@link ValueCodecs#MAX_VALUE_BYTES})
   */
  public LoadOptions {
    notNull("codec", codec);
    if (valueBytes != 0) {
      writer(codec, valueBytes);
    }
  }

  /** Values in the codec's normal form. */
  public static LoadOptions of(ValueCodec codec) {
    return new LoadOptions(codec, 0);
  }

  /** The same codec with every value written at {@code bytes} bytes (0: normal form). */
  public LoadOptions withValueBytes(int bytes) {
    return new LoadOptions(codec, bytes);
  }

  /** The codec the loader writes values with: {@link #codec()}, widened to the value size. */
  public ValueCodec writer() {
    return valueBytes == 0 ? codec : writer(codec, valueBytes);
  }

  private static ValueCodec writer(ValueCodec codec, int bytes) {
    try {
      return ValueCodecs.fixedWidth(codec, bytes);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(e.getMessage());
    }
  }

  /**
   * Checks that every value of {@code m} can be written, before anything is.
   *
   * @param where what {@code m} came from, starting the message (a file, a generator)
   * @throws InvalidOptionException naming the first entry (1-based) that cannot, and why
   */
  public void check(SparseMatrix m, String where) {
    notNull("matrix", m);
    ValueCodec w = writer();
    boolean exact = m.domain() == Domain.INT64;
    for (int s = 0; s < m.storedRows(); s++) {
      for (int p = m.storedRowStart(s); p < m.storedRowEnd(s); p++) {
        try {
          if (exact) {
            w.encodeLong(m.longAt(p));
          } else {
            w.encodeDouble(m.valueAt(p));
          }
        } catch (IllegalArgumentException e) {
          throw new InvalidOptionException(where + ": entry (" + (m.storedRow(s) + 1) + ", "
              + (m.colAt(p) + 1) + ") cannot be stored with codec " + codec.name()
              + (valueBytes == 0 ? "" : " at " + valueBytes + " bytes") + ": " + e.getMessage());
        }
      }
    }
  }
}
