package org.spgemm.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.spgemm.matrix.SparseMatrix;

class AggregationTest {

  @Test
  void everyPointBelongsToTheAggregateOfItsBlock() {
    int n = 5; // odd: the last aggregates per axis hold one layer
    SparseMatrix p = Aggregation.piecewiseConstant(n);
    assertEquals(n * n * n, p.rows());
    assertEquals(27, p.cols());
    assertEquals(p.rows(), p.nnz());
    for (int z = 0; z < n; z++) {
      for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
          int i = x + n * (y + n * z);
          assertEquals(1, p.rowNnz(i));
          assertEquals(x / 2 + 3 * (y / 2 + 3 * (z / 2)), p.colAt(p.rowStart(i)));
          assertEquals(1.0, p.valueAt(p.rowStart(i)));
        }
      }
    }
  }

  @Test
  void datasetSpecsParse() {
    assertEquals("rmat8_AB", DatasetSpec.parse("rmatAB:8").name());
    assertEquals("amg-AP", DatasetSpec.parse("amgAP:4").category());
    assertEquals(64, DatasetSpec.parse("poisson7:4").operands().get().a().rows());
    assertThrows(IllegalArgumentException.class, () -> DatasetSpec.parse("rmat:8"));
    assertThrows(IllegalArgumentException.class, () -> DatasetSpec.parse("poisson27:x"));
  }
}
