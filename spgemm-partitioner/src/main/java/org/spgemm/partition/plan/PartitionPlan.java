package org.spgemm.partition.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.spgemm.balancer.PartKeys;

/**
 * Where every row goes under gRRp, and the keys and split points that put it there. Immutable.
 *
 * <p><b>Keys.</b> Accumulo places rows by sorted key, so a row of part p is re-keyed to
 * {@code p<part>|<original key>}, the part number zero-padded to {@link #prefixDigits(int)}
 * digits (at least {@value #MIN_PREFIX_DIGITS}, more when K needs them), e.g.
 * {@code p0003|00000042}. All prefixes have the same length and consist of ASCII digits, so the
 * byte order of new keys sorts by part first and by original key within a part. The original
 * key is everything after the first {@value #SEPARATOR}, so {@link #originalKey(String)} recovers
 * it even when it contains the separator itself. The part of u_i decides the new key of A row i
 * (and C row i); the part of v_j that of B row j. A's column keys must be rewritten to B's new
 * row keys ({@link #newBRowKey(String)}).
 *
 * <p><b>Split points.</b> The K-1 split points are the bare prefixes {@code p0001} ..
 * {@code p<K-1>} (without separator). An Accumulo tablet with end row s holds the rows &le; s
 * after the previous split. Every key of part p-1 is below {@code p<p>} (it differs at the last
 * digit) and every key of part p is above it (it extends it), so each tablet holds exactly one
 * part, whatever the original keys are. Empty parts give empty tablets.
 *
 * <p>The layout is {@link PartKeys}'s, which the tablet balancer reads ({@link
 * org.spgemm.balancer.PartBalancer}).
 *
 * <p>The plan also carries the metrics of the assignment and of the plain equal-rows split
 * (see {@link PlanMetrics}), and is written and read by {@link PlanIO}.
 */
public final class PartitionPlan {

  /** Character between the part prefix and the original key. */
  public static final char SEPARATOR = PartKeys.SEPARATOR;
  /** First character of every part prefix. */
  public static final char PART_MARK = PartKeys.PART_MARK;
  /** Fewest digits of the part number in a prefix. */
  public static final int MIN_PREFIX_DIGITS = PartKeys.MIN_PREFIX_DIGITS;

  private final int parts;
  private final int digits;
  private final int[] aPart;
  private final int[] bPart;
  private final String[] aRowKeys;
  private final String[] bRowKeys;
  private final PlanMetrics metrics;
  private final PlanMetrics baseline;
  private final List<String> splitPoints;
  private volatile Map<String, Integer> bRowIndex;

  /**
   * @param parts K, at least 1
   * @param aPart part of each A row, in [0, K)
   * @param bPart part of each B row, in [0, K)
   * @param aRowKeys original key of each A row (same length as aPart), none null
   * @param bRowKeys original key of each B row (same length as bPart), none null
   * @param metrics metrics of this assignment
   * @param baseline metrics of the equal-rows split, for comparison
   */
  public PartitionPlan(int parts, int[] aPart, int[] bPart, String[] aRowKeys,
      String[] bRowKeys, PlanMetrics metrics, PlanMetrics baseline) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1, got " + parts);
    }
    checkRows("A", aPart, aRowKeys, parts);
    checkRows("B", bPart, bRowKeys, parts);
    if (metrics == null || baseline == null) {
      throw new IllegalArgumentException("metrics and baseline metrics must not be null");
    }
    if (metrics.parts() != parts || baseline.parts() != parts) {
      throw new IllegalArgumentException("metrics were computed for a different number of parts");
    }
    this.parts = parts;
    this.digits = prefixDigits(parts);
    this.aPart = aPart.clone();
    this.bPart = bPart.clone();
    this.aRowKeys = aRowKeys.clone();
    this.bRowKeys = bRowKeys.clone();
    this.metrics = metrics;
    this.baseline = baseline;
    List<String> splits = new ArrayList<>(parts - 1);
    for (int p = 1; p < parts; p++) {
      splits.add(splitPoint(p, parts));
    }
    this.splitPoints = Collections.unmodifiableList(splits);
  }

  private static void checkRows(String matrix, int[] part, String[] keys, int k) {
    if (part == null || keys == null) {
      throw new IllegalArgumentException(matrix + " parts and keys must not be null");
    }
    if (part.length != keys.length) {
      throw new IllegalArgumentException(matrix + " has " + part.length + " parts but "
          + keys.length + " row keys");
    }
    for (int i = 0; i < part.length; i++) {
      if (part[i] < 0 || part[i] >= k) {
        throw new IllegalArgumentException(matrix + " row " + i + " is in part " + part[i]
            + ", outside 0.." + (k - 1));
      }
      if (keys[i] == null) {
        throw new IllegalArgumentException(matrix + " row " + i + " has a null key");
      }
    }
  }

  /** Digits of the part number in a prefix for K parts: at least 4, enough for K-1. */
  public static int prefixDigits(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("parts must be at least 1, got " + k);
    }
    return Math.max(MIN_PREFIX_DIGITS, Integer.toString(k - 1).length());
  }

  /** {@code p<part>|} zero-padded for K parts, e.g. {@code p0003|}. */
  public static String partPrefix(int part, int k) {
    return splitPoint(part, k) + SEPARATOR;
  }

  /** The new key of a row of the given part: {@code partPrefix(part, k) + originalKey}. */
  public static String newKey(int part, int k, String originalKey) {
    if (originalKey == null) {
      throw new IllegalArgumentException("original key must not be null");
    }
    return partPrefix(part, k) + originalKey;
  }

  /** The split point in front of part p (1 &le; p &lt; K): the bare prefix {@code p<p>}. */
  static String splitPoint(int part, int k) {
    if (part < 0 || part >= k) {
      throw new IllegalArgumentException("part " + part + " outside 0.." + (k - 1));
    }
    String num = Integer.toString(part);
    StringBuilder sb = new StringBuilder(1 + prefixDigits(k));
    sb.append(PART_MARK);
    for (int pad = prefixDigits(k) - num.length(); pad > 0; pad--) {
      sb.append('0');
    }
    return sb.append(num).toString();
  }

  /**
   * The original key inside a new key: everything after the part prefix.
   *
   * @throws IllegalArgumentException if newKey does not start with {@code p<digits>|}
   */
  public static String originalKey(String newKey) {
    return newKey.substring(prefixEnd(newKey) + 1);
  }

  /**
   * The part number in a new key's prefix.
   *
   * @throws IllegalArgumentException if newKey does not start with {@code p<digits>|}
   */
  public static int partOf(String newKey) {
    return Integer.parseInt(newKey, 1, prefixEnd(newKey), 10);
  }

  /** Index of the separator ending the prefix. */
  private static int prefixEnd(String newKey) {
    if (newKey == null || newKey.isEmpty() || newKey.charAt(0) != PART_MARK) {
      throw new IllegalArgumentException("not a partitioned key (expected p<digits>|...): "
          + newKey);
    }
    int k = 1;
    while (k < newKey.length() && newKey.charAt(k) >= '0' && newKey.charAt(k) <= '9') {
      k++;
    }
    if (k == 1 || k > 10 || k >= newKey.length() || newKey.charAt(k) != SEPARATOR) {
      throw new IllegalArgumentException("not a partitioned key (expected p<digits>|...): "
          + newKey);
    }
    return k;
  }

  /** K. */
  public int parts() {
    return parts;
  }

  /** Digits of the part number in this plan's prefixes. */
  public int prefixDigits() {
    return digits;
  }

  public int numARows() {
    return aPart.length;
  }

  public int numBRows() {
    return bPart.length;
  }

  /** Part of A row i (and C row i). */
  public int aPart(int i) {
    return aPart[i];
  }

  /** Part of B row j. */
  public int bPart(int j) {
    return bPart[j];
  }

  /** A copy of the parts of all A rows. */
  public int[] aParts() {
    return aPart.clone();
  }

  /** A copy of the parts of all B rows. */
  public int[] bParts() {
    return bPart.clone();
  }

  public String aRowKey(int i) {
    return aRowKeys[i];
  }

  public String bRowKey(int j) {
    return bRowKeys[j];
  }

  /** New key of A row i (and C row i). */
  public String newARowKey(int i) {
    return newKey(aPart[i], parts, aRowKeys[i]);
  }

  /** New key of B row j. */
  public String newBRowKey(int j) {
    return newKey(bPart[j], parts, bRowKeys[j]);
  }

  /**
   * New key of the B row whose original key is given: the rewrite of an A column key.
   *
   * @throws IllegalArgumentException if no B row has that key
   */
  public String newBRowKey(String originalBRowKey) {
    Integer j = bRowIndex().get(originalBRowKey);
    if (j == null) {
      throw new IllegalArgumentException("no B row has the key " + originalBRowKey);
    }
    return newBRowKey(j);
  }

  private Map<String, Integer> bRowIndex() {
    Map<String, Integer> index = bRowIndex;
    if (index == null) {
      index = new HashMap<>(bRowKeys.length * 4 / 3 + 1);
      for (int j = 0; j < bRowKeys.length; j++) {
        Integer prev = index.put(bRowKeys[j], j);
        if (prev != null) {
          throw new IllegalStateException("B rows " + prev + " and " + j + " share the key "
              + bRowKeys[j]);
        }
      }
      bRowIndex = index;
    }
    return index;
  }

  /** The K-1 split points, ascending (see the class comment). */
  public List<String> splitPoints() {
    return splitPoints;
  }

  /** Metrics of this plan's assignment. */
  public PlanMetrics metrics() {
    return metrics;
  }

  /** Metrics of the plain equal-rows split, for comparison. */
  public PlanMetrics baselineMetrics() {
    return baseline;
  }

  @Override
  public String toString() {
    return "PartitionPlan[parts=" + parts + ", aRows=" + aPart.length + ", bRows=" + bPart.length
        + ", " + metrics + ", baseline " + baseline + "]";
  }
}
