package org.spgemm.matrix;

/**
 * What a Matrix Market reader accepts as values and in which domain it keeps them. Every rule
 * refuses a finite decimal literal beyond the double range (such as {@code 1e400}, which would
 * otherwise become infinity), naming the line; literals below the smallest double round to 0 as
 * IEEE 754 parsing does.
 */
public enum ValueRules {

  /**
   * Values as the file declares them: {@code integer} files give exact INT64 values (every
   * 64-bit integer, beyond 2^53 included; larger magnitudes are refused), {@code real} files give
   * FP64 values and keep NaN and ±Inf written out ({@code nan}, {@code inf}, {@code Infinity}), as
   * GraphBLAS FP64 does; {@code pattern} entries are 1.0. For the double codec.
   */
  AS_WRITTEN,

  /**
   * As {@link #AS_WRITTEN}, but NaN and ±Inf are refused: a D4M/Graphulo decimal string value
   * cannot hold them. For the decimal codec.
   */
  FINITE,

  /**
   * Every value must be an integer in -2^63 .. 2^63-1 ({@code real} files included: "3", "3.0"
   * and "1e3" are integers, and plain digit strings are parsed exactly); the matrix is INT64. For
   * the long codec.
   */
  INT64
}
