package org.spgemm.iterators;

import java.util.Map;
import org.spgemm.algebra.BinaryOp;
import org.spgemm.algebra.BinaryOps;

/**
 * The GraphBLAS parts of a multiply's options, C&lt;M&gt; = accum(C, select(A(I,:)·B(:,J))):
 * mask (family, and its table when not the multiplied one), accumulator, replace, row subset I of
 * A, column subset J of B (inclusive key bounds, null = open), the select applied to the
 * product, and the table C goes to when not M. Parsed by {@link MultiplyIteratorOptions#parse},
 * whose option names these are.
 */
public record MxmOptions(String maskFamily, String maskTable, boolean maskStructure, boolean maskComplement,
    BinaryOp accum, boolean replace, byte[] rowFirst, byte[] rowLast, byte[] colFirst,
    byte[] colLast, Select select, String cTable) {

  /** True when the stored C must be read: it is merged, or kept outside the mask. */
  public boolean readsC() {
    return accum != null || (maskFamily != null && !replace);
  }

  /** True when nothing beyond C = A·B is asked. */
  public boolean plain() {
    return maskFamily == null && accum == null && rowFirst == null && rowLast == null
        && colFirst == null && colLast == null && select == null;
  }

  /** True when row key {@code row} of A is in the row subset. */
  public boolean takesRow(byte[] row) {
    return within(row, rowFirst, rowLast);
  }

  /** True when column key {@code col} of B is in the column subset. */
  public boolean takesColumn(byte[] col) {
    return within(col, colFirst, colLast);
  }

  private static boolean within(byte[] k, byte[] first, byte[] last) {
    return (first == null || java.util.Arrays.compareUnsigned(k, first) >= 0)
        && (last == null || java.util.Arrays.compareUnsigned(k, last) <= 0);
  }

  /** The GraphBLAS options of {@code options} (names of {@link MultiplyIteratorOptions}). */
  static MxmOptions parse(Map<String,String> options) {
    String mask = MultiplyIteratorOptions.blankToNull(options.get(MultiplyIteratorOptions.MASK_FAMILY));
    BinaryOp accum = null;
    String accumName = MultiplyIteratorOptions.blankToNull(options.get(MultiplyIteratorOptions.ACCUM));
    if (accumName != null) {
      try {
        accum = BinaryOps.forName(accumName);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("option '" + MultiplyIteratorOptions.ACCUM + "': " + e.getMessage(), e);
      }
    }
    Select select = null;
    String selectForm = MultiplyIteratorOptions.blankToNull(options.get(MultiplyIteratorOptions.SELECT));
    if (selectForm != null) {
      try {
        select = Select.parse(selectForm);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("option '" + MultiplyIteratorOptions.SELECT + "': " + e.getMessage(), e);
      }
    }
    boolean structure = bool(options, MultiplyIteratorOptions.MASK_STRUCTURE);
    boolean complement = bool(options, MultiplyIteratorOptions.MASK_COMPLEMENT);
    if (mask == null && (structure || complement)) {
      throw new IllegalArgumentException("options '" + MultiplyIteratorOptions.MASK_STRUCTURE + "' and '"
          + MultiplyIteratorOptions.MASK_COMPLEMENT + "' need '" + MultiplyIteratorOptions.MASK_FAMILY + "'");
    }
    String maskTable = MultiplyIteratorOptions.blankToNull(options.get(MultiplyIteratorOptions.MASK_TABLE));
    if (mask == null && maskTable != null) {
      throw new IllegalArgumentException("option '" + MultiplyIteratorOptions.MASK_TABLE + "' needs '" + MultiplyIteratorOptions.MASK_FAMILY
          + "'");
    }
    return new MxmOptions(mask, maskTable, structure, complement, accum, bool(options, MultiplyIteratorOptions.REPLACE),
        key(options, MultiplyIteratorOptions.ROW_FIRST), key(options, MultiplyIteratorOptions.ROW_LAST), key(options, MultiplyIteratorOptions.COL_FIRST),
        key(options, MultiplyIteratorOptions.COL_LAST), select, MultiplyIteratorOptions.blankToNull(options.get(MultiplyIteratorOptions.C_TABLE)));
  }

  static boolean bool(Map<String,String> options, String name) {
    String v = MultiplyIteratorOptions.blankToNull(options.get(name));
    if (v == null || v.equalsIgnoreCase("false")) {
      return false;
    }
    if (v.equalsIgnoreCase("true")) {
      return true;
    }
    throw new IllegalArgumentException("option '" + name + "' must be true or false, not '" + v
        + "'");
  }

  private static byte[] key(Map<String,String> options, String name) {
    String v = options.get(name);
    return v == null ? null : v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
