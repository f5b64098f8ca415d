package org.spgemm.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DatasetSpecTest {

  @Test
  void datasetSpecsParse() {
    assertEquals("rmat8_AB", DatasetSpec.parse("rmatAB:8").name());
    assertEquals("amg-AP", DatasetSpec.parse("amgAP:4").category());
    assertEquals(64, DatasetSpec.parse("poisson7:4").operands().get().a().rows());
    assertThrows(IllegalArgumentException.class, () -> DatasetSpec.parse("rmat:8"));
    assertThrows(IllegalArgumentException.class, () -> DatasetSpec.parse("poisson27:x"));
    assertEquals("poisson27_40", DatasetSpec.parse("poisson27:40").name());
    assertThrows(IllegalArgumentException.class, () -> DatasetSpec.parse("rmatAB:31"));
    assertThrows(IllegalArgumentException.class, () -> DatasetSpec.parse("poisson7:129"));
  }

  @Test
  void aValueSizeNamesItsOwnDataset() {
    Dataset d = DatasetSpec.parse("rmatAB:8");
    Dataset v32 = d.withValueBytes(32);
    assertEquals("rmat8_AB_v32", v32.name());
    assertEquals(32, v32.valueBytes());
    assertEquals("rmat8_AB_v128", v32.withValueBytes(128).name());
    assertEquals("rmat8_AB", v32.withValueBytes(0).name());
    assertEquals(0, d.valueBytes());
    assertEquals(d.category(), v32.category());
    assertEquals(d.operands().get().a(), v32.operands().get().a(), "the same product");
  }

  @Test
  void amgApIsThePoissonMatrixTimesItsTwoByTwoAggregation() {
    Dataset.Operands ops = DatasetSpec.parse("amgAP:5").operands().get();
    assertEquals(125, ops.a().rows());
    assertEquals(125, ops.b().rows());
    assertEquals(27, ops.b().cols());
    assertEquals(125, ops.b().nnz());
  }

  @Test
  void hubIsOneFullRowAmongRowsOfThreeWithFifteenProductsPerRow() {
    Dataset.Operands ops = DatasetSpec.parse("hub:1000").operands().get();
    org.spgemm.matrix.SparseMatrix a = ops.a();
    assertEquals(1000, a.rows());
    assertEquals(1000, a.rowNnz(0), "the hub row holds every column");
    assertEquals(4, a.rowNnz(1), "3 entries and the hub column");
    assertEquals(4, a.rowNnz(500));
    assertEquals(3, a.rowNnz(2));
    assertEquals(1000 + 999 * 3 + 2, a.nnz());
    assertEquals(a.nnz(), ops.b().nnz());
    assertNotEquals(a, ops.b(), "two different seeds");
    long products = a.partialProducts(ops.b());
    assertTrue(products > 14_000 && products < 16_000, products + " products");
    assertThrows(IllegalArgumentException.class, () -> DatasetSpec.parse("hub:7"));
    assertEquals("hub_120000", DatasetSpec.parse("hub:120000").name());
  }
}
