package org.spgemm.matrix;

/**
 * How a mask matrix M selects positions (GraphBLAS GrB_MASK descriptor without and with
 * GrB_STRUCTURE). Complementing is a separate flag.
 */
public enum MaskMode {

  /** M(i,j) is true where M has an entry whose value is nonzero; a stored zero is false. */
  VALUE,

  /** M(i,j) is true where M has an entry, whatever its value (zero included). */
  STRUCTURE
}
