package org.spgemm.pipeline;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;

/**
 * Column visibilities of one multiply, interned as small ids (0 is the empty visibility): a C
 * entry carries the conjunction of the visibilities of the A entries it came from, so a reader
 * who may not see one of them sees nothing derived from it. (B entries are read by the tablet
 * server's own context, which Accumulo lets scan with empty authorizations only: labelled B
 * entries are never seen, so nothing is derived from them.) Shared by a tablet's workers.
 */
public final class Labels {

  /** Most distinct labels in the check of a caller's C visibility (2^n evaluations). */
  static final int MAX_CHECKED_LABELS = 16;

  private final List<byte[]> expressions = new ArrayList<>(List.of(new byte[0]));
  private final Interning ids = new Interning(expressions);
  private final Map<Long,Integer> conjunctions = new HashMap<>();
  /** The caller's visibility for every C entry, or null; and which ids it was found to imply. */
  private final byte[] given;
  private final Map<Integer,Boolean> impliedByGiven = new HashMap<>();

  /** @param given a visibility for every C entry (checked per entry), or null */
  public Labels(String given) {
    this.given = given == null || given.isEmpty() ? null
        : new ColumnVisibility(given).getExpression();
  }

  /** The id of {@code visibility} (0 when empty). */
  synchronized int id(byte[] visibility) {
    if (visibility.length == 0) {
      return 0;
    }
    return ids.id(visibility);
  }

  /** The id of the conjunction of two visibilities, normalised. */
  synchronized int and(int x, int y) {
    if (x == 0 || x == y) {
      return y;
    }
    if (y == 0) {
      return x;
    }
    long key = x < y ? ((long) x << 32) | y : ((long) y << 32) | x;
    Integer id = conjunctions.get(key);
    if (id == null) {
      byte[] both = new ColumnVisibility("(" + text(x) + ")&(" + text(y) + ")").flatten();
      id = id(both);
      conjunctions.put(key, id);
    }
    return id;
  }

  /**
   * The visibility a C entry built from {@code id} is written with: the caller's, if it is at
   * least as strict (every set of authorizations that may read it may read {@code id}), else
   * {@code id}'s own.
   *
   * @throws IllegalArgumentException when the caller's visibility is less strict
   */
  synchronized byte[] forC(int id) {
    if (given == null) {
      return expressions.get(id);
    }
    if (!impliedByGiven.computeIfAbsent(id, this::givenImplies)) {
      throw new IllegalArgumentException("the C visibility given, " + text(given) + ", is less"
          + " strict than " + text(id) + " of the A entries a C entry comes from");
    }
    return given;
  }

  private boolean givenImplies(int id) {
    if (id == 0) {
      return true;
    }
    TreeSet<String> labels = new TreeSet<>();
    collect(given, labels);
    collect(expressions.get(id), labels);
    if (labels.size() > MAX_CHECKED_LABELS) {
      return false; // too many to check: refuse rather than guess
    }
    String[] all = labels.toArray(new String[0]);
    ColumnVisibility g = new ColumnVisibility(given);
    ColumnVisibility v = new ColumnVisibility(expressions.get(id));
    for (long mask = 0; mask < 1L << all.length; mask++) {
      List<String> held = new ArrayList<>();
      for (int b = 0; b < all.length; b++) {
        if ((mask & (1L << b)) != 0) {
          held.add(all[b]);
        }
      }
      VisibilityEvaluator e = new VisibilityEvaluator(new Authorizations(held.toArray(new String[0])));
      try {
        if (e.evaluate(g) && !e.evaluate(v)) {
          return false;
        }
      } catch (VisibilityParseException ex) {
        return false;
      }
    }
    return true;
  }

  private static void collect(byte[] expression, TreeSet<String> into) {
    for (String t : new String(expression, StandardCharsets.UTF_8).split("[&|()]")) {
      if (!t.isBlank()) {
        into.add(t.trim());
      }
    }
  }

  private String text(int id) {
    return text(expressions.get(id));
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
