package org.spgemm.algebra;

/**
 * How a mask's entries are read (GraphBLAS GrB_MASK descriptor): by VALUE, a stored entry lets
 * C(i,j) through when its value is not zero; by STRUCTURE, any stored entry does.
 */
public enum MaskMode {
  VALUE, STRUCTURE
}
