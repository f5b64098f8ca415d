package org.spgemm.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.spgemm.algebra.BinaryOps;
import org.spgemm.algebra.Monoids;
import org.spgemm.algebra.UnaryOps;
import org.spgemm.codec.Domain;

/**
 * The element-wise row kernels against TreeMap references over random rows (fixed seeds), in both
 * domains, with labels conjoined.
 */
class EWiseKernelTest {

  private static byte[] col(int j) {
    return String.format("%04d", j).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] and(byte[] a, byte[] b) {
    if (a.length == 0) {
      return b;
    }
    if (b.length == 0) {
      return a;
    }
    return ("(" + new String(a, StandardCharsets.UTF_8) + ")&(" + new String(b,
        StandardCharsets.UTF_8) + ")").getBytes(StandardCharsets.UTF_8);
  }

  /** A random row as column -> value, values -9..9, about a third labelled "L". */
  private static TreeMap<Integer,Long> random(SplittableRandom rnd, EWiseRow into, Domain d) {
    TreeMap<Integer,Long> m = new TreeMap<>();
    for (int j = 0; j < 40; j++) {
      if (rnd.nextInt(3) == 0) {
        m.put(j, (long) rnd.nextInt(-9, 10));
      }
    }
    into.clear();
    m.forEach((j, v) -> into.add(col(j), DomainValues.of(d, v), j % 3 == 0 ? "L"
        .getBytes(StandardCharsets.UTF_8) : new byte[0]));
    return m;
  }

  private static Map<Integer,Double> asMap(EWiseRow r, Domain d) {
    Map<Integer,Double> m = new TreeMap<>();
    for (int p = 0; p < r.size(); p++) {
      m.put(Integer.parseInt(new String(r.col(p), StandardCharsets.UTF_8)),
          DomainValues.asDouble(d, r.value(p)));
    }
    return m;
  }

  @Test
  void addAndMultMatchUnionAndIntersectionInBothDomains() {
    for (Domain d : Domain.values()) {
      SplittableRandom rnd = new SplittableRandom(7);
      for (int t = 0; t < 50; t++) {
        EWiseRow x = new EWiseRow();
        EWiseRow y = new EWiseRow();
        TreeMap<Integer,Long> mx = random(rnd, x, d);
        TreeMap<Integer,Long> my = random(rnd, y, d);
        EWiseRow out = new EWiseRow();
        EWiseKernel.add(x, y, BinaryOps.MINUS, d, EWiseKernelTest::and, out);
        Map<Integer,Double> expect = new TreeMap<>();
        mx.forEach((j, v) -> expect.put(j, my.containsKey(j) ? (double) (v - my.get(j)) : v));
        my.forEach((j, v) -> expect.putIfAbsent(j, (double) v));
        assertEquals(expect, asMap(out, d), d + " add, trial " + t);
        EWiseKernel.mult(x, y, BinaryOps.TIMES, d, EWiseKernelTest::and, out);
        Map<Integer,Double> prod = new TreeMap<>();
        mx.forEach((j, v) -> {
          if (my.containsKey(j)) {
            prod.put(j, d == Domain.FP64 ? (double) v * (double) my.get(j)
                : (double) (v * my.get(j)));
          }
        });
        assertEquals(prod, asMap(out, d), d + " mult, trial " + t);
        for (int p = 0; p < out.size(); p++) {
          int j = Integer.parseInt(new String(out.col(p), StandardCharsets.UTF_8));
          assertArrayEquals(j % 3 == 0 ? "(L)&(L)".getBytes(StandardCharsets.UTF_8)
              : new byte[0], out.label(p), "label of column " + j);
        }
      }
    }
  }

  @Test
  void applyAndReduce() {
    Domain d = Domain.FP64;
    SplittableRandom rnd = new SplittableRandom(11);
    EWiseRow x = new EWiseRow();
    TreeMap<Integer,Long> mx = random(rnd, x, d);
    EWiseRow out = new EWiseRow();
    EWiseKernel.apply(x, UnaryOps.AINV, d, out);
    Map<Integer,Double> neg = new TreeMap<>();
    mx.forEach((j, v) -> neg.put(j, (double) -v));
    assertEquals(neg, asMap(out, d));
    EWiseKernel.applyBound(x, BinaryOps.MINUS, DomainValues.of(d, 10), true, d, out);
    Map<Integer,Double> tenMinus = new TreeMap<>();
    mx.forEach((j, v) -> tenMinus.put(j, (double) (10 - v)));
    assertEquals(tenMinus, asMap(out, d));
    EWiseKernel.reduce(x, Monoids.forName("max"), d, EWiseKernelTest::and, col(0), out);
    assertEquals(1, out.size());
    assertEquals(mx.values().stream().mapToLong(Long::longValue).max().getAsLong(),
        DomainValues.asDouble(d, out.value(0)));
    x.clear();
    EWiseKernel.reduce(x, Monoids.forName("plus"), d, EWiseKernelTest::and, col(0), out);
    assertEquals(0, out.size(), "an empty row reduces to no entry");
  }

  @Test
  void int64MinvAndDivFollowGraphBlas() {
    Domain d = Domain.INT64;
    assertEquals(0L, DomainValues.apply(UnaryOps.MINV, d, 2));
    assertEquals(Long.MAX_VALUE, DomainValues.apply(UnaryOps.MINV, d, 0));
    assertEquals(-3L, DomainValues.apply(BinaryOps.DIV, d, -7, 2));
  }
}
