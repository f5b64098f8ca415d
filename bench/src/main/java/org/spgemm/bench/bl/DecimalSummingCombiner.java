package org.spgemm.bench.bl;

import java.util.Iterator;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;
import org.spgemm.codec.ValueCodec;
import org.spgemm.codec.ValueCodecs;

/**
 * Sums D4M decimal-string values (integers or doubles) of equal keys: BL's lazy summation of
 * partial products in C, at scan, minor and major compaction. Integral sums are written without
 * a fraction, as the decimal codec does, so C reads back like RRp's C.
 */
public class DecimalSummingCombiner extends Combiner {

  private static final ValueCodec DECIMAL = ValueCodecs.DECIMAL;

  @Override
  public Value reduce(Key key, Iterator<Value> values) {
    double sum = 0;
    while (values.hasNext()) {
      byte[] b = values.next().get();
      sum += DECIMAL.decodeDouble(b, 0, b.length);
    }
    return new Value(DECIMAL.encodeDouble(sum));
  }
}
